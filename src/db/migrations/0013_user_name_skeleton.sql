-- The UTS #39 confusable skeleton of each user name (src/modules/users/user-names.ts): two names
-- with one skeleton (`admin`, `admın`, `adrnin`) cannot both exist, and the unique index makes
-- that check atomic. Computed in JS: migrate() fills it for existing accounts right after this
-- runs (db/name-skeletons.ts); a row it cannot fill (an old look-alike of an earlier name) stays
-- null, which the index allows and which blocks nothing the earlier name does not block already.
alter table users add column name_skeleton text;
create unique index users_name_skeleton_key on users (name_skeleton);
