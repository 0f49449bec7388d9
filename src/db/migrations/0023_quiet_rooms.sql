-- Conversations a person silenced (POST /api/conversations/quiet): their clients show no
-- notification for them but of a message naming the person. One row per quiet room; none is the
-- default. A row of a room the person left stays harmless: the list only reads rooms they are in.
create table quiet_rooms (
  user_id bigint not null references users (id) on delete cascade,
  room    text   not null,
  primary key (user_id, room)
);
