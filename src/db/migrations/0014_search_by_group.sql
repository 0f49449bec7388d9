-- Search in the caller's groups: one GIN index over (gid, text trigrams), so a rare substring is
-- found among the caller's groups' messages only instead of among every group's (btree_gin gives
-- the gid its GIN operator class). The plain trigram index stays for direct messages.
create extension if not exists btree_gin;
create index messages_gid_text on messages using gin (gid, search_text gin_trgm_ops)
  where search_text is not null and not recalled and gid is not null;
