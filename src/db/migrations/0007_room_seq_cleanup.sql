-- room_seq has no foreign key (a room key names a group or two users): remove a room's counter
-- with the group or user it belongs to, in the same transaction, and sweep what earlier versions left.
create function room_seq_drop_group() returns trigger language plpgsql as $$
begin
  delete from room_seq where room = 'g:' || old.gid;
  return old;
end $$;
create trigger groups_room_seq after delete on groups for each row execute function room_seq_drop_group();

create function room_seq_drop_user() returns trigger language plpgsql as $$
begin
  -- Direct rooms are `d:<lower id>:<higher id>`; user deletion is rare, so a scan is acceptable.
  delete from room_seq where room like 'd:' || old.id || ':%' or room like 'd:%:' || old.id;
  return old;
end $$;
create trigger users_room_seq after delete on users for each row execute function room_seq_drop_user();

delete from room_seq s
 where (s.room like 'g:%' and not exists (select 1 from groups g where g.gid = substr(s.room, 3)))
    or (s.room like 'd:%' and not exists (select 1 from users u where u.id = case when s.room like 'd:%' then split_part(s.room, ':', 2)::bigint end))
    or (s.room like 'd:%' and not exists (select 1 from users u where u.id = case when s.room like 'd:%' then split_part(s.room, ':', 3)::bigint end));
