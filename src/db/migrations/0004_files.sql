-- Files: uploaded files and chunked-upload sessions.
-- A stored name is 32 random hex digits plus a whitelisted extension; the client's name is kept as `origin`.

create table files (
  name        text primary key check (name ~ '^[0-9a-f]{32}\.[a-z0-9]{1,10}$'),
  origin      text not null,
  size        bigint not null check (size >= 0),
  -- Dedup key; cleared when the content is removed so a new upload of the same bytes is stored again.
  sha256      text unique,
  kind        text not null check (kind in ('image', 'code', 'audio', 'video', 'document', 'archive', 'other')),
  uploader_id bigint references users (id) on delete set null,
  created     bigint not null,
  -- When the content was removed (retention or administrator); the row stays as a record.
  removed     bigint
);
create index files_live_created on files (created) where removed is null;
create index files_origin_trgm on files using gin (lower(origin) gin_trgm_ops);

create table upload_sessions (
  id           text primary key check (id ~ '^[0-9a-f]{32}$'),
  owner_id     bigint not null references users (id) on delete cascade,
  origin       text not null,
  -- The name the file gets when the session completes (the storage multipart upload is bound to it).
  stored_name  text not null,
  size         bigint not null check (size > 0),
  chunks       integer not null check (chunks > 0),
  multipart_id text not null,
  -- 'completing' once a complete call has claimed the session.
  state        text not null default 'open' check (state in ('open', 'completing')),
  created      bigint not null
);
create index upload_sessions_created on upload_sessions (created);

-- Received chunks; re-sending a chunk replaces its row.
create table upload_parts (
  session_id text not null references upload_sessions (id) on delete cascade,
  idx        integer not null check (idx >= 0),
  etag       text not null,
  size       bigint not null,
  primary key (session_id, idx)
);
