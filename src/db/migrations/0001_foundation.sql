-- Foundation: accounts, sessions, API keys, penalties (read by auth and /api/me).
-- Timestamps are bigint milliseconds since the Unix epoch, as the API reports them.

create extension if not exists pg_trgm;

create table users (
  id            bigint generated always as identity primary key,
  name          text not null,
  email         text not null default '',
  password_hash text not null,
  role          text not null default 'user' check (role in ('user', 'admin')),
  status        text not null default 'pending' check (status in ('pending', 'active', 'rejected', 'banned')),
  must_change   boolean not null default false,
  totp_secret   text,
  nickname      text not null default '',
  signature     text not null default '',
  avatar        text not null default '',
  invisible     boolean not null default false,
  away          boolean not null default false,
  lang          text not null default 'en' check (lang in ('zh', 'en', 'ja')),
  allow_invite  boolean not null default false,
  created       bigint not null,
  last_seen     bigint,
  last_ip       text
);
-- Names are unique case-insensitively.
create unique index users_name_key on users (lower(name));
create index users_status_created on users (status, created);
create index users_name_trgm on users using gin (lower(name) gin_trgm_ops);

-- Only the sha256 of the cookie token is stored.
create table sessions (
  token_hash text primary key,
  user_id    bigint not null references users (id) on delete cascade,
  created    bigint not null,
  expires    bigint not null,
  ip         text not null default '',
  user_agent text not null default ''
);
create index sessions_user on sessions (user_id);
create index sessions_expires on sessions (expires);

create table api_keys (
  id          bigint generated always as identity primary key,
  user_id     bigint not null references users (id) on delete cascade,
  name        text not null,
  prefix      text not null unique,
  secret_hash text not null,
  scopes      text[] not null,
  rate_limit  integer,
  created     bigint not null,
  last_used   bigint,
  expires     bigint,
  revoked     boolean not null default false
);
create index api_keys_user on api_keys (user_id);

create table penalties (
  id       bigint generated always as identity primary key,
  user_id  bigint not null references users (id) on delete cascade,
  action   text not null check (action in ('warning', 'mute', 'ban', 'ipban')),
  duration bigint not null,
  expires  bigint,
  reason   text not null default '',
  actor_id bigint references users (id) on delete set null,
  ip       text,
  created  bigint not null,
  revoked  boolean not null default false
);
create index penalties_user on penalties (user_id, created desc);
