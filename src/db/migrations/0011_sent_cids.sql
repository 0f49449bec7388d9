-- Idempotency of sends must not depend on retention: a room keeps its newest 500 messages, and at
-- busy rates that is a few seconds, so a client retrying after a longer disconnect found its cid
-- gone and stored the message again. The cids of messages that leave the kept history move here
-- (in the statement that trims them) and are remembered for 24 hours after the send.
create table sent_cids (
  from_id bigint not null references users (id) on delete cascade,
  cid     text   not null,
  room    text   not null,
  idx     int    not null,
  ts      bigint not null,
  primary key (from_id, cid)
);
-- The hourly sweep deletes by age.
create index sent_cids_ts on sent_cids (ts);
