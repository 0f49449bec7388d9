-- Messaging: messages of group and direct rooms, gap-free per-room indexes, reactions, reports.
-- A room is `g:<gid>` for a group and `d:<lower user id>:<higher user id>` for a direct
-- conversation: ids, so renames change nothing. Deleting a user or dissolving a group cascades
-- to everything here that belongs to them.

-- The last index handed out per room. Allocation and the insert of the messages commit
-- together, so indexes have no gaps; concurrent senders to one room queue on this row.
create table room_seq (
  room     text primary key,
  last_idx integer not null
);

create table messages (
  room         text not null,
  idx          integer not null,
  from_id      bigint not null references users (id) on delete cascade,
  -- Exactly one of the two: the group of a group room, the recipient of a direct message.
  gid          text references groups (gid) on delete cascade,
  to_id        bigint references users (id) on delete cascade,
  type         text not null check (type in ('text', 'image', 'file', 'video', 'audio', 'merge')),
  content      text not null,
  md           smallint not null default 0 check (md in (0, 1)),
  reply_to     integer,
  ts           bigint not null,
  recalled     boolean not null default false,
  file_expired boolean not null default false,
  -- File types only: the original file name and size the client declared.
  name         text,
  size         bigint,
  -- The sender's client id of the message: a retried send with the same cid is stored once.
  cid          text,
  -- Text messages, lowered once at insert: search matches with a plain LIKE (several times
  -- cheaper per row than ILIKE, which lowers every row on every search).
  search_text  text generated always as (case when type = 'text' then lower(content) end) stored,
  primary key (room, idx),
  check ((gid is null) <> (to_id is null))
);
-- Unique only where cid is set (NULLs are distinct); also the index of the from_id cascade.
create unique index messages_sender_cid on messages (from_id, cid);
create index messages_to on messages (to_id) where to_id is not null;
create index messages_gid on messages (gid) where gid is not null;
-- Substring search (LIKE on the lowered text) over live text messages.
create index messages_text_trgm on messages using gin (search_text gin_trgm_ops) where search_text is not null and not recalled;
-- Which messages reference an uploaded file (retention and file deletion).
create index messages_file on messages (content) where type in ('image', 'file', 'video', 'audio');

-- One row per (message, emoji, user): a toggle inserts or deletes it.
create table reactions (
  room    text not null,
  idx     integer not null,
  emoji   text not null,
  user_id bigint not null references users (id) on delete cascade,
  ts      bigint not null,
  primary key (room, idx, emoji, user_id),
  foreign key (room, idx) references messages (room, idx) on delete cascade
);
create index reactions_user on reactions (user_id);

-- Reports of a message or a user, queued for administrators. No foreign key on the message:
-- the snapshot outlives a recall or the 500-message trim.
create table reports (
  id               bigint generated always as identity primary key,
  type             text not null check (type in ('message', 'user')),
  reporter_id      bigint not null references users (id) on delete cascade,
  reporter_ip      text not null default '',
  reported_user_id bigint not null references users (id) on delete cascade,
  room             text,
  idx              integer,
  reason           text not null default '',
  snapshot         jsonb,
  status           text not null default 'pending' check (status in ('pending', 'dismissed', 'punished')),
  created          bigint not null,
  check ((type = 'message') = (room is not null and idx is not null))
);
create index reports_status on reports (status, created);
create index reports_reporter on reports (reporter_id);
create index reports_reported on reports (reported_user_id);
-- One pending report per reporter and subject.
create unique index reports_pending_once on reports (reporter_id, reported_user_id, coalesce(room, ''), coalesce(idx, 0))
  where status = 'pending';
