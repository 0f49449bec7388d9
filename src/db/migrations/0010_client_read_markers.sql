-- Read markers (GET /api/conversations, POST /api/conversations/read): how far each person has
-- read each room (`g:<gid>` or `d:<lower id>:<higher id>`, as messages.room). A marker only moves
-- forward; sending a message moves the sender's marker to it, so no message above a marker is
-- the marker owner's own and a room's unread count is arithmetic on two indexes.
create table read_markers (
  user_id bigint not null references users (id) on delete cascade,
  room    text not null,
  idx     integer not null,
  primary key (user_id, room)
);
-- The markers of a room, when the room goes (a dissolved group, a deleted account's conversations).
create index read_markers_room on read_markers (room);

-- A person's choice to tell the other side of a direct conversation how far they have read.
alter table users add column read_receipts boolean not null default true;

-- Messages stored before markers existed count as read: nobody starts with 500 unread in every room.
insert into read_markers (user_id, room, idx)
select gm.user_id, s.room, s.last_idx
  from room_seq s join group_members gm on s.room = 'g:' || gm.gid
union all
select split_part(s.room, ':', 2)::bigint, s.room, s.last_idx from room_seq s where s.room like 'd:%'
union all
select split_part(s.room, ':', 3)::bigint, s.room, s.last_idx from room_seq s where s.room like 'd:%'
on conflict do nothing;

-- Markers have no foreign key on their room (as room_seq): they go with the group or user, in the
-- same transaction.
create function read_markers_drop_group() returns trigger language plpgsql as $$
begin
  delete from read_markers where room = 'g:' || old.gid;
  return old;
end $$;
create trigger groups_read_markers after delete on groups for each row execute function read_markers_drop_group();

create function read_markers_drop_user() returns trigger language plpgsql as $$
begin
  -- The deleted user's own markers cascade; these are the other sides of their direct conversations.
  delete from read_markers where room like 'd:' || old.id || ':%' or room like 'd:%:' || old.id;
  return old;
end $$;
create trigger users_read_markers after delete on users for each row execute function read_markers_drop_user();
