-- One trigram index per kind of conversation: messages_gid_text (0014) for group messages, and
-- the global one now for direct messages only.
--
-- messages_text_trgm covered every text message, group messages included, and that cost twice:
-- - Group search was planned as the gid btree ANDed with this global index: the btree reads every
--   message of the caller's groups (10,000 for 20 groups of 500) before the trigram side narrows
--   anything. With a million messages that took 10–12 ms of a rare or absent substring's search;
--   messages_gid_text alone answers in about 1 ms. Group search cannot use the new index
--   (`to_id is not null`), so it is planned on messages_gid_text.
-- - A group text message was inserted into two trigram indexes. Now into one.
drop index messages_text_trgm;
create index messages_dm_text on messages using gin (search_text gin_trgm_ops)
  where search_text is not null and not recalled and to_id is not null;
