-- Group text messages that may mention someone (they hold an '@'). The conversation list's
-- `mentioned` looks at a group's unread messages through this index: one probe per group with
-- unread messages, finding only those few rows, instead of reading every unread row. Inserting a
-- message without '@' costs the predicate's test and nothing more.
create index messages_mention_candidates on messages (room, idx)
  where gid is not null and type = 'text' and not recalled and strpos(content, '@') > 0;
