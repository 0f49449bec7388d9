-- Message search as a function: the statement is parsed once per connection, and still planned
-- for each search's pattern.
--
-- Sent as ordinary SQL, the search was parsed and analysed anew on every call: 0.3–0.7 ms of a
-- 1.6–6 ms statement at a million messages (docs/benchmarks.md, thirtieth session). It cannot be a
-- prepared statement: after five runs Postgres may keep a generic plan, made without the pattern,
-- and the generic plan of a substring every message contains reads a bitmap of every message of
-- the caller's groups. plan_cache_mode can only be set per session or per function, so the query
-- lives here, with force_custom_plan for its own execution only; the other prepared statements of
-- the connection keep their generic plans. PL/pgSQL keeps the parsed query per connection.
--
-- Live text messages matching `p_pattern` (lowered, LIKE-escaped with `\`) in rooms the user can
-- read: the groups they are a member of and their own direct conversations. Newest first, at most
-- `p_limit`, as a JSON array of {room, idx, from, type, content, ts, gid, peer} (peer: the other
-- person of a direct message as the searcher sees it). The groups part has two ways, and the first
-- decides:
-- - a probe for up to 400 matches through the (gid, trigram) index: a rare substring is found there
--   among the caller's groups only, and when the probe ends short it holds every match, which is the
--   answer. Its `order by gid` changes no answer (a full probe is not used), but lets a common
--   substring be read through the gid btree as a stream that stops at 400 matches, not collected
--   from every message of the caller's groups into a bitmap first (1.1 instead of 4.3 ms);
-- - a substring too common for that (the probe filled up: the trigrams narrow nothing) reads each of
--   the caller's groups newest first by idx and stops at `p_limit` matches per group, instead of
--   reading every message of every group to sort them.
-- Messages sent in the same millisecond are ordered by room and index, in each part as in the
-- answer, so that a limit keeps the newest of them.
-- The caller's groups are an array (`= any(...)`), not a join: with a join the planner could pick a
-- merge join over the whole gid index when it underestimated the caller's groups.
-- search_text is the lowered text of text messages (null for other types).
create function search_messages(p_user bigint, p_pattern text, p_limit int) returns json
language plpgsql stable
set plan_cache_mode = force_custom_plan
as $fn$
begin
  return (
    select coalesce(json_agg(t order by t.ts desc, t.room, t.idx desc), '[]'::json) from (
      with mine as materialized (select array(select gid from group_members where user_id = p_user) as gids),
      probe as materialized (
        select m.room, m.idx, m.ts from messages m
         where m.search_text like p_pattern escape '\' and not m.recalled
           and m.gid = any((select gids from mine)::text[])
         order by m.gid limit 400),
      complete as (select count(*) < 400 as yes from probe),
      found as (
        select room, idx, ts from probe where (select yes from complete)
        union all
        select m.room, m.idx, m.ts
          from unnest((select gids from mine)::text[]) g(gid)
          cross join lateral (
            select m.room, m.idx, m.ts from messages m
             where m.room = 'g:' || g.gid and m.search_text like p_pattern escape '\' and not m.recalled
             order by m.idx desc limit p_limit) m
         where not (select yes from complete))
      (select m.room, m.idx, u.name as "from", m.type, m.content, m.ts, m.gid, null::text as peer
         from (select * from found order by ts desc, room, idx desc limit p_limit) f
         join messages m on m.room = f.room and m.idx = f.idx
         join users u on u.id = m.from_id)
      union all
      (select m.room, m.idx, u.name, m.type, m.content, m.ts, null,
              case when m.from_id = p_user then (select name from users where id = m.to_id) else u.name end
         from messages m join users u on u.id = m.from_id
        where m.search_text like p_pattern escape '\' and not m.recalled
          and m.to_id is not null and (m.from_id = p_user or m.to_id = p_user)
        order by m.ts desc, m.room, m.idx desc limit p_limit)
      order by ts desc, room, idx desc limit p_limit
    ) t
  );
end
$fn$;
