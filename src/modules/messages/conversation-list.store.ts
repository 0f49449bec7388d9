import type { Queryable } from '../../db/index.ts';
import { prepared } from '../../db/prepared.ts';
import { FILE_TYPES, HISTORY_MAX, type MessageType, mentionPattern } from './messages.policy.ts';

/** One room of a person's conversation list, with its newest message (the `l_` columns, null when none). */
export interface ConversationRow {
  room: string;
  gid: string | null;
  /** Direct conversations: the friend. */
  peer_id: number | null;
  peer_name: string | null;
  peer_nickname: string | null;
  peer_invisible: boolean | null;
  peer_away: boolean | null;
  /** What the caller calls it: their remark, else the group's name (or the friend's nickname, else name). */
  name: string;
  avatar: string;
  muted: boolean;
  last_idx: number;
  read_idx: number;
  unread: number;
  l_idx: number | null;
  l_from: string | null;
  l_type: MessageType | null;
  l_content: string | null;
  l_ts: number | null;
  l_recalled: boolean | null;
  /** A group: an unread text message names the caller (`@name`). */
  mentioned: boolean;
  /** The room's change counter (migration 0015): moves with every edit, recall, reaction or file expiry of a kept message. */
  version: number;
  /** Direct conversations: the friend's read marker, null when they do not share read receipts. */
  peer_read_idx: number | null;
  /** The caller silenced the room's notifications. */
  quiet: boolean;
}

/** Characters of a text message (or a merge's title) shown in the list. */
export const PREVIEW_CHARS = 200;

const FILE_TYPE_LIST = `(${FILE_TYPES.map((t) => `'${t}'`).join(', ')})`;

/**
 * Every group the user is in and every friend (a direct conversation whether
 * or not it has messages yet), newest activity first, in ONE statement: the
 * newest message of each room is one backward step on the messages primary
 * key. Unread is arithmetic: no message above a marker is its owner's (a send
 * moves the sender's marker), and only the newest 500 are kept. `mentioned`
 * looks only at a group's unread messages (none in most rooms: no probe), and
 * among those only at texts holding an '@' (the first conditions are those of
 * the index messages_mention_candidates, migration 0020), stopping at the
 * first naming the caller ($2 the pattern, $3 a substring it must contain). `version` lets a
 * client that was away tell which rooms' kept messages changed meanwhile (docs/protocol.md);
 * `peer_read_idx` is the friend's marker, what their live `read` receipts say, when they share them.
 * The caller's marker is one index probe per room (`limit 1` keeps the planner from turning it
 * into a join): as a plain join, depending on the tables' statistics, it became a loop filtering
 * every marker of the caller for every room (94,000 rows for 500 rooms, 30 of the 45 ms).
 */
const LIST = `
with rooms as (
  select 'g:' || gm.gid as room, gm.gid, null::bigint as peer_id,
         coalesce(nullif(gr.remark, ''), g.name) as name, g.avatar,
         (gm.muted or (g.mute_all and gm.role = 'member')) as muted, null::int as peer_read_idx
    from group_members gm
    join groups g on g.gid = gm.gid
    left join group_remarks gr on gr.gid = gm.gid and gr.user_id = gm.user_id
   where gm.user_id = $1
  union all
  select 'd:' || f.user_lo || ':' || f.user_hi, null, p.id,
         coalesce(nullif(fr.remark, ''), nullif(p.nickname, ''), p.name), p.avatar, false,
         case when p.read_receipts then coalesce(pm.idx, 0) end
    from friendships f
    join users p on p.id = case when f.user_lo = $1 then f.user_hi else f.user_lo end
    left join friend_remarks fr on fr.owner_id = $1 and fr.target_id = p.id
    left join read_markers pm on pm.user_id = p.id and pm.room = 'd:' || f.user_lo || ':' || f.user_hi
   where f.user_lo = $1 or f.user_hi = $1
)
select r.room, r.gid, r.peer_id, p.name as peer_name, p.nickname as peer_nickname, p.invisible as peer_invisible,
       p.away as peer_away, r.name, r.avatar, r.muted,
       coalesce(s.last_idx, 0) as last_idx, coalesce(rm.idx, 0) as read_idx,
       greatest(0, coalesce(s.last_idx, 0) - greatest(coalesce(rm.idx, 0), coalesce(s.last_idx, 0) - ${HISTORY_MAX})) as unread,
       l.idx as l_idx, lu.name as l_from, l.type as l_type,
       case when l.recalled then ''
            when l.type in ${FILE_TYPE_LIST} then l.content
            when l.type = 'merge' then left(coalesce(l.content::json ->> 'title', ''), ${PREVIEW_CHARS})
            else left(l.content, ${PREVIEW_CHARS}) end as l_content,
       l.ts as l_ts, l.recalled as l_recalled,
       case when r.gid is null or coalesce(s.last_idx, 0) <= coalesce(rm.idx, 0) then false
            else exists (select 1 from messages u
                          where u.room = r.room
                            and u.idx > greatest(coalesce(rm.idx, 0), s.last_idx - ${HISTORY_MAX})
                            and u.gid is not null and u.type = 'text' and not u.recalled and strpos(u.content, '@') > 0
                            and u.from_id <> $1 and strpos(lower(u.content), lower($3::text)) > 0 and u.content ~* $2::text) end as mentioned,
       coalesce((select v.version from room_versions v where v.room = r.room), 0) as version,
       r.peer_read_idx,
       exists (select 1 from quiet_rooms q where q.user_id = $1 and q.room = r.room) as quiet
  from rooms r
  left join room_seq s on s.room = r.room
  left join lateral (select m.idx from read_markers m where m.user_id = $1 and m.room = r.room limit 1) rm on true
  left join lateral (select m.idx, m.from_id, m.type, m.content, m.ts, m.recalled
                       from messages m where m.room = r.room order by m.idx desc limit 1) l on true
  left join users lu on lu.id = l.from_id
  left join users p on p.id = r.peer_id`;

/**
 * Plain rows, ordered here: for 500 rooms `json_agg` of the rows cost Postgres
 * three times the query itself (14 ms against 4.3 ms at p50), more than
 * decoding the rows saves.
 */
const LIST_ORDERED = prepared(`${LIST}\n order by l.ts desc nulls last, lower(r.name), r.room`);

/**
 * Moves a marker forward to `$3`, clamped to the room's newest idx; returns
 * the new marker when it moved (`moved`) and the marker before (`before`).
 * A smaller idx changes nothing (the `where` of the upsert, re-checked on the
 * latest row version when two calls race).
 */
const MARK = prepared(`
with target as (select least($3::int, coalesce((select last_idx from room_seq where room = $2), 0)) as idx),
up as (
  insert into read_markers as rm (user_id, room, idx)
  select $1, $2, t.idx from target t where t.idx > 0
  on conflict (user_id, room) do update set idx = excluded.idx where rm.idx < excluded.idx
  returning rm.idx
)
select (select idx from up) as moved, coalesce((select idx from read_markers where user_id = $1 and room = $2), 0) as before`);

/** SQL of the conversation list and read markers. Returns rows; knows nothing of HTTP. */
export const conversationListStore = {
  async list(q: Queryable, user: { id: number; name: string }): Promise<ConversationRow[]> {
    return q.query<ConversationRow>(LIST_ORDERED, [user.id, mentionPattern(user.name), `@${user.name}`]);
  },

  /** Silences a room's notifications for the user, or lets them sound again. */
  async setQuiet(q: Queryable, userId: number, room: string, quiet: boolean): Promise<void> {
    if (quiet) await q.query('insert into quiet_rooms (user_id, room) values ($1, $2) on conflict do nothing', [userId, room]);
    else await q.query('delete from quiet_rooms where user_id = $1 and room = $2', [userId, room]);
  },

  async markRead(q: Queryable, userId: number, room: string, idx: number): Promise<{ moved: number | null; before: number }> {
    const rows = await q.query<{ moved: number | null; before: number }>(MARK, [userId, room, idx]);
    return rows[0] ?? { moved: null, before: 0 };
  },
};
