-- Moderation, mailbox, administration: penalties (extended), appeals, announcements,
-- notifications, the audit log and third-party login.
-- Users are referenced by id: `on delete cascade` for what belongs to a user,
-- `on delete set null` for who did something, with a copy of their name so the
-- history survives the deletion of the actor.

-- Who imposed a penalty, as they were named then (actor_id becomes null when they are deleted).
alter table penalties add column actor_name text not null default '';
alter table penalties add column revoked_at bigint;
-- The per-node ip-ban cache loads the ip bans not revoked; expiry is decided against the clock.
create index penalties_ipban on penalties (ip) where action = 'ipban' and not revoked;

create table appeals (
  id          bigint generated always as identity primary key,
  penalty_id  bigint not null references penalties (id) on delete cascade,
  user_id     bigint not null references users (id) on delete cascade,
  reason      text not null,
  status      text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  created     bigint not null,
  handled     bigint,
  handler_id  bigint references users (id) on delete set null,
  handler_name text not null default ''
);
-- At most one appeal under review per penalty.
create unique index appeals_one_pending on appeals (penalty_id) where status = 'pending';
create index appeals_user on appeals (user_id, id desc);
create index appeals_status on appeals (status, id desc);

create table announcements (
  id         bigint generated always as identity primary key,
  title      text not null,
  content    text not null,
  actor_id   bigint references users (id) on delete set null,
  actor_name text not null,
  created    bigint not null,
  updated    bigint not null
);

create table notifications (
  id        bigint generated always as identity primary key,
  user_id   bigint not null references users (id) on delete cascade,
  kind      text not null,
  -- What the notification is about (a penalty id, an appeal id): with kind, the idempotency key.
  source_id text not null,
  title     text not null,
  body      text not null,
  created   bigint not null,
  read      boolean not null default false
);
create unique index notifications_once on notifications (user_id, kind, source_id);
create index notifications_user on notifications (user_id, id desc);

-- Capacity 5000 rows, trimmed by id in batches (see src/modules/audit).
create table audit_log (
  id       bigint generated always as identity primary key,
  actor_id bigint references users (id) on delete set null,
  -- The actor's name when it acted (for failed logins: the name that was tried).
  actor    text not null,
  action   text not null,
  -- What the action touched (a user name, a group id, a file name, an address).
  target   text not null default '',
  -- JSON {k: <i18n key>, v: {...}}, at most 300 characters.
  detail   text not null,
  ip       text not null default '',
  ts       bigint not null
);

create table oauth_providers (
  provider      text primary key,
  client_id     text not null,
  -- AES-256-GCM under a key derived from OAUTH_SECRET_KEY; never returned by the API.
  client_secret text not null default '',
  updated       bigint not null
);

create table oauth_links (
  provider text not null,
  -- The provider's stable account id.
  subject  text not null,
  -- The provider's account name, for display.
  login    text not null,
  user_id  bigint not null references users (id) on delete cascade,
  created  bigint not null,
  primary key (provider, subject)
);
create unique index oauth_links_user on oauth_links (user_id, provider);
