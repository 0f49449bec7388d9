-- When the author last edited a text message (Unix ms); null when never. The record shows it as
-- `edited`. An edit is an update of the row, so the history cache's counter (0015), the search
-- text (generated from content) and the mention index (0020) follow it by themselves.
alter table messages add column edited bigint;
