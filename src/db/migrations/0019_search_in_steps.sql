-- Message search in small statements, and a common substring read less deeply.
--
-- search_messages (0018) plans its query for every search (force_custom_plan), and that query
-- (two CTE branches, a lateral read per group, the direct-message part, two joins, a union) took
-- 0.8–1.5 ms to plan on the AMD machine of the thirty-second session, where executing it took
-- 0.2–0.4 ms for a substring found nowhere. Each step below is a statement of its own, planned for
-- the pattern as before but in about 0.1 ms, and the steps pass keys to each other in arrays. The
-- same indexes are read the same way (0018 says how and why), and a STABLE function's statements
-- all read the snapshot of the statement that called it, so the steps see one state of the
-- database, as the single statement did.
--
-- Live text messages matching `p_pattern` (lowered, LIKE-escaped with `\`) in rooms the user can
-- read: the groups they are a member of and their own direct conversations. Newest first, at most
-- `p_limit`, as a JSON array of {room, idx, from, type, content, ts, gid, peer} (peer: the other
-- person of a direct message as the searcher sees it; gid: null for a direct message).
create or replace function search_messages(p_user bigint, p_pattern text, p_limit int) returns json
language plpgsql stable
set plan_cache_mode = force_custom_plan
as $fn$
declare
  v_gids text[] := array(select gid from group_members where user_id = p_user);
  v_found int;
  v_rooms text[];
  v_idxs int[];
  v_tss bigint[];
begin
  -- The probe: up to 400 matches among the caller's groups; ending short, it holds them all.
  select count(*)::int,
         (array_agg(p.room order by p.ts desc, p.room, p.idx desc))[1:p_limit],
         (array_agg(p.idx order by p.ts desc, p.room, p.idx desc))[1:p_limit],
         (array_agg(p.ts order by p.ts desc, p.room, p.idx desc))[1:p_limit]
    into v_found, v_rooms, v_idxs, v_tss
    from (select m.room, m.idx, m.ts from messages m
           where m.search_text like p_pattern escape '\' and not m.recalled and m.gid = any(v_gids)
           order by m.gid limit 400) p;
  -- Too common a substring for the trigrams: each group newest first by idx. Not p_limit from
  -- every group, as 0018 read them: the newest 8 of each, then deeper only in the groups whose
  -- 8th is among the newest p_limit of those; a group whose 8th is not cannot place a deeper
  -- (older) one there either. 160 rows for 20 groups when they are all active, 412 on the bench's
  -- corpus (one group after another in time), against 1,000.
  if v_found >= 400 then
    with heads as materialized (
      select m.room, m.idx, m.ts, m.nth
        from unnest(v_gids) g(gid)
        cross join lateral (
          select m.room, m.idx, m.ts, row_number() over (order by m.idx desc) as nth
            from messages m
           where m.room = 'g:' || g.gid and m.search_text like p_pattern escape '\' and not m.recalled
           order by m.idx desc limit 8) m),
    newest as materialized (select * from heads order by ts desc, room, idx desc limit p_limit),
    deeper as (
      select m.room, m.idx, m.ts
        from newest n
        cross join lateral (
          select m.room, m.idx, m.ts from messages m
           where m.room = n.room and m.idx < n.idx and m.search_text like p_pattern escape '\' and not m.recalled
           order by m.idx desc limit greatest(p_limit - 8, 0)) m
       where n.nth = 8)
    select array_agg(f.room order by f.ts desc, f.room, f.idx desc),
           array_agg(f.idx order by f.ts desc, f.room, f.idx desc),
           array_agg(f.ts order by f.ts desc, f.room, f.idx desc)
      into v_rooms, v_idxs, v_tss
      from (select room, idx, ts from (select room, idx, ts from newest union all select room, idx, ts from deeper) c
             order by ts desc, room, idx desc limit p_limit) f;
  end if;
  -- The caller's direct conversations, added to the groups' newest.
  select coalesce(v_rooms, '{}') || coalesce(array_agg(d.room), '{}'),
         coalesce(v_idxs, '{}') || coalesce(array_agg(d.idx), '{}'),
         coalesce(v_tss, '{}') || coalesce(array_agg(d.ts), '{}')
    into v_rooms, v_idxs, v_tss
    from (select m.room, m.idx, m.ts from messages m
           where m.search_text like p_pattern escape '\' and not m.recalled
             and m.to_id is not null and (m.from_id = p_user or m.to_id = p_user)
           order by m.ts desc, m.room, m.idx desc limit p_limit) d;
  return (
    select coalesce(json_agg(t order by t.ts desc, t.room, t.idx desc), '[]'::json) from (
      select m.room, m.idx, u.name as "from", m.type, m.content, m.ts, m.gid,
             case when m.to_id is null then null
                  when m.from_id = p_user then (select name from users where id = m.to_id)
                  else u.name end as peer
        from (select * from unnest(v_rooms, v_idxs, v_tss) k(room, idx, ts)
               order by k.ts desc, k.room, k.idx desc limit p_limit) k
        join messages m on m.room = k.room and m.idx = k.idx
        join users u on u.id = m.from_id
    ) t
  );
end
$fn$;
