-- A change counter per group for the send path (src/modules/messages/conversations.ts): a node
-- keeps the group and membership rows a send was allowed by, with the group's access_version at
-- that read, and the insert of every group message stores it only if access_version is still
-- that value. Triggers bump it in the transaction of any change to the group's row or to any of
-- its member rows (join, leave, kick, role, mute, mute-all, transfer, a cascade from a deleted
-- account), so no way of changing who may send can forget to: a node's copy is checked by the
-- insert itself, and a changed group sends the message back to a fresh check.
-- A bump takes the group row's no-key update lock, which a message insert's foreign key check
-- (key share) does not wait for.
alter table groups add column access_version bigint not null default 0;

-- Any update of a group row that does not set the counter itself bumps it.
create function groups_access_version_row() returns trigger language plpgsql as $$
begin
  if new.access_version = old.access_version then
    new.access_version := old.access_version + 1;
  end if;
  return new;
end $$;
create trigger groups_access_version before update on groups
  for each row execute function groups_access_version_row();

-- Member rows added, changed or removed: their groups, locked in gid order first (two statements
-- changing several groups take their rows in the same order). A removed group has no row to bump.
create function groups_access_version_members() returns trigger language plpgsql as $$
declare
  gids text[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct gid) into gids from new_members;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct gid) into gids from old_members;
  else
    select array_agg(distinct gid) into gids from (select gid from new_members union all select gid from old_members) c;
  end if;
  perform 1 from groups where gid = any (gids) order by gid for no key update;
  update groups set access_version = access_version + 1 where gid = any (gids);
  return null;
end $$;
create trigger group_members_access_insert after insert on group_members
  referencing new table as new_members for each statement execute function groups_access_version_members();
create trigger group_members_access_update after update on group_members
  referencing old table as old_members new table as new_members for each statement execute function groups_access_version_members();
create trigger group_members_access_delete after delete on group_members
  referencing old table as old_members for each statement execute function groups_access_version_members();
