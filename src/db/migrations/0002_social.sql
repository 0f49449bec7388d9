-- Social graph: friends (relations, requests, remarks) and groups (members, remarks,
-- join requests, invitations, operation log).
-- Users are referenced by users.id, never by name, so a rename touches none of these
-- tables; deleting a user cascades to everything that is theirs.

-- Substring search of the user list (GET /api/users) on nicknames as well as names.
create index users_nickname_trgm on users using gin (lower(nickname) gin_trgm_ops);

-- One row per pair, whoever asked: the lower id first.
create table friendships (
  user_lo bigint not null references users (id) on delete cascade,
  user_hi bigint not null references users (id) on delete cascade,
  created bigint not null,
  primary key (user_lo, user_hi),
  check (user_lo < user_hi)
);
create index friendships_hi on friendships (user_hi);

-- Pending requests only: accepting or declining deletes the row.
create table friend_requests (
  from_id bigint not null references users (id) on delete cascade,
  to_id   bigint not null references users (id) on delete cascade,
  created bigint not null,
  primary key (from_id, to_id),
  check (from_id <> to_id)
);
-- At most one open request per pair, in either direction (a reverse request is refused).
create unique index friend_requests_pair on friend_requests (least(from_id, to_id), greatest(from_id, to_id));
create index friend_requests_to on friend_requests (to_id, created);

-- What the owner calls a friend; private to the owner.
create table friend_remarks (
  owner_id  bigint not null references users (id) on delete cascade,
  target_id bigint not null references users (id) on delete cascade,
  remark    text not null,
  primary key (owner_id, target_id)
);

create table groups (
  gid                   text primary key check (gid ~ '^[0-9a-f]{16}$'),
  name                  text not null,
  owner_id              bigint not null references users (id) on delete cascade,
  announce              text not null default '',
  avatar                text not null default '',
  description           text not null default '',
  join_mode             text not null default 'open' check (join_mode in ('open', 'review')),
  mute_all              boolean not null default false,
  member_invite_approve boolean not null default false,
  created               bigint not null
);
create index groups_owner on groups (owner_id);
create index groups_open_name on groups (lower(name), gid) where join_mode = 'open';
create index groups_name_trgm on groups using gin (lower(name) gin_trgm_ops);

-- The owner has a row too (role 'owner'), kept in step with groups.owner_id.
create table group_members (
  gid      text not null references groups (gid) on delete cascade,
  user_id  bigint not null references users (id) on delete cascade,
  role     text not null default 'member' check (role in ('owner', 'admin', 'member')),
  muted    boolean not null default false,
  -- Public within the group; empty when unset.
  nickname text not null default '',
  joined   bigint not null,
  primary key (gid, user_id)
);
create index group_members_user on group_members (user_id);

-- What a member calls a group; private to that member.
create table group_remarks (
  gid     text not null references groups (gid) on delete cascade,
  user_id bigint not null references users (id) on delete cascade,
  remark  text not null,
  primary key (gid, user_id)
);

create table group_join_requests (
  id         bigint generated always as identity primary key,
  gid        text not null references groups (gid) on delete cascade,
  user_id    bigint not null references users (id) on delete cascade,
  status     text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  created    bigint not null,
  decided    bigint,
  decided_by bigint references users (id) on delete set null
);
create unique index group_join_requests_open on group_join_requests (gid, user_id) where status = 'pending';
create index group_join_requests_user on group_join_requests (user_id, gid, id desc);

-- 'awaiting_manager' and 'awaiting_invitee' are both shown as `pending` by the API.
create table group_invites (
  id         bigint generated always as identity primary key,
  gid        text not null references groups (gid) on delete cascade,
  inviter_id bigint not null references users (id) on delete cascade,
  invitee_id bigint not null references users (id) on delete cascade,
  status     text not null check (status in ('awaiting_manager', 'awaiting_invitee', 'accepted', 'rejected')),
  created    bigint not null,
  decided    bigint
);
create unique index group_invites_open on group_invites (gid, invitee_id)
  where status in ('awaiting_manager', 'awaiting_invitee');
create index group_invites_invitee on group_invites (invitee_id) where status = 'awaiting_invitee';
create index group_invites_awaiting_manager on group_invites (gid) where status = 'awaiting_manager';

-- Management history. No foreign key on gid: the entry that records a dissolution
-- outlives the group (every other row of the group is deleted with it).
create table group_log (
  id        bigint generated always as identity primary key,
  gid       text not null,
  actor_id  bigint references users (id) on delete set null,
  action    text not null,
  target_id bigint references users (id) on delete set null,
  -- Values other than people (who are target_id/actor_id, so renames show through).
  detail    jsonb not null default '{}',
  ts        bigint not null
);
create index group_log_gid on group_log (gid, id desc);
