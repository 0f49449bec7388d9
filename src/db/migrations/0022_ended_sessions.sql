-- Sessions a ban ended, kept until they would have expired: a client that was away when the ban
-- came reconnects with one and is told why (`api.login.banned` while a ban is in force), instead
-- of only that its session is unknown. Read only when a presented session is not found.
create table ended_sessions (
  token_hash text primary key,
  user_id    bigint not null references users (id) on delete cascade,
  expires    bigint not null
);
create index ended_sessions_expires on ended_sessions (expires);
