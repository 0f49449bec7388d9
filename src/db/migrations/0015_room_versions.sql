-- A change counter per room, for each node's cache of the rooms' kept history
-- (src/modules/messages/history-cache.ts). A cached room is served while its room_seq.last_idx
-- (new messages, and the trim that comes with them), its version here and the global version
-- (room '*') are what they were when it was read. Triggers bump them in the transaction of the
-- change, so no way of changing a kept message can forget to, and a change is visible to every
-- node's next check as soon as it commits:
-- - any update of a message (recall, file expiry, an edit): its room;
-- - a reaction added, removed or changed (a recall removes them too): its room, except the
--   reactions of messages the trim deletes (last_idx has moved already);
-- - a user renamed (names are in the records and in reactions) or deleted (their messages and
--   reactions cascade from every room): '*'.
-- Deleting a group removes its room; nothing of a gone room is ever served (access fails first).
-- Separate from room_seq on purpose: a reaction holds a share lock on its message while it bumps
-- the counter, and a send holds room_seq while its trim deletes the oldest message.
create table room_versions (
  room    text primary key,
  version bigint not null
);
insert into room_versions (room, version) values ('*', 0);

create function room_versions_bump_messages() returns trigger language plpgsql as $$
begin
  -- Rooms in order: two statements changing several rooms lock their counters in the same order.
  insert into room_versions as v (room, version)
  select distinct room, 1 from changed_messages order by room
  on conflict (room) do update set version = v.version + 1;
  return null;
end $$;
create trigger messages_room_versions after update on messages
  referencing new table as changed_messages for each statement execute function room_versions_bump_messages();

create function room_versions_bump_reactions() returns trigger language plpgsql as $$
declare
  r_room text;
  r_idx integer;
begin
  if tg_op = 'DELETE' then
    r_room := old.room;
    r_idx := old.idx;
    -- The reactions of a trimmed message go with it; the room's last_idx has moved in that statement.
    if r_idx <= coalesce((select last_idx from room_seq where room = r_room), 0) - 500 then
      return null;
    end if;
  else
    r_room := new.room;
    r_idx := new.idx;
  end if;
  insert into room_versions as v (room, version) values (r_room, 1)
  on conflict (room) do update set version = v.version + 1;
  return null;
end $$;
create trigger reactions_room_versions after insert or update or delete on reactions
  for each row execute function room_versions_bump_reactions();

create function room_versions_bump_all() returns trigger language plpgsql as $$
begin
  update room_versions set version = version + 1 where room = '*';
  return null;
end $$;
create trigger users_rename_room_versions after update of name on users
  for each row when (old.name is distinct from new.name) execute function room_versions_bump_all();
create trigger users_delete_room_versions after delete on users
  for each row execute function room_versions_bump_all();

create function room_versions_drop_group() returns trigger language plpgsql as $$
begin
  delete from room_versions where room = 'g:' || old.gid;
  return old;
end $$;
create trigger groups_room_versions after delete on groups for each row execute function room_versions_drop_group();
