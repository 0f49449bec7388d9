-- The administrators' side of reports: who closed a report, when, and the penalty it led to.
-- The handler is referenced with `on delete set null` and a copy of their name, as for appeals.
alter table reports add column handled bigint;
alter table reports add column handler_id bigint references users (id) on delete set null;
alter table reports add column handler_name text not null default '';
alter table reports add column penalty_id bigint references penalties (id) on delete set null;
create index reports_handler on reports (handler_id);
-- Listing: pending first, then newest first.
create index reports_queue on reports ((status = 'pending') desc, id desc);
