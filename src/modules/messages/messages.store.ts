import type { Queryable } from '../../db/index.ts';
import { prepared } from '../../db/prepared.ts';
import { FILE_TYPES, HISTORY_MAX, type MessageType } from './messages.policy.ts';

/** A message about to be stored (its idx is allocated by the insert). */
export interface NewMessage {
  room: string;
  fromId: number;
  /** Set for a group room. */
  gid: string | null;
  /** Set for a direct message: the recipient. */
  toId: number | null;
  type: MessageType;
  content: string;
  md: 0 | 1;
  replyTo: number | null;
  ts: number;
  name: string | null;
  size: number | null;
  cid: string | null;
  /**
   * For a group message: the group's access_version the send was allowed at. The insert stores
   * the message only while the group still has it (migration 0017); null stores it regardless.
   */
  accessVersion: number | null;
  /**
   * For a direct message: the recipient's name when the send was allowed. The insert stores the
   * message only while the account `toId` still has this name and is active and the two are
   * friends; null stores it regardless.
   */
  toName: string | null;
}

/** What the insert decided for one message. */
export interface StoredKey {
  room: string;
  idx: number;
  /** The reply target, or null when it was not a live message of the room. */
  replyTo: number | null;
}

/** A stored message as the API shows it, with its room and the people concerned. */
export interface MessageRow {
  room: string;
  idx: number;
  /** Sender's current name. */
  from: string;
  from_id: number;
  to_id: number | null;
  gid: string | null;
  type: MessageType;
  content: string;
  ts: number;
  md: 0 | 1;
  reply_to: number | null;
  recalled: boolean;
  file_expired: boolean;
  /** When the author last edited it (Unix ms); null when never. */
  edited: number | null;
  name: string | null;
  size: number | null;
  reactions: Record<string, string[]>;
}

/** A message just marked `file_expired`: its room key and place in it. */
export interface ExpiredMessage {
  room: string;
  idx: number;
}

/** A search hit; `peer` is the other person of a direct message as the searcher sees it. */
export interface SearchRow {
  room: string;
  idx: number;
  from: string;
  type: MessageType;
  content: string;
  ts: number;
  gid: string | null;
  peer: string | null;
}

/** Emoji → names of the people who reacted, in the order they did. */
const REACTIONS = `coalesce((
  select json_object_agg(x.emoji, x.names order by x.first)
    from (select r.emoji, json_agg(ru.name order by r.ts, ru.name) as names, min(r.ts) as first
            from reactions r join users ru on ru.id = r.user_id
           where r.room = m.room and r.idx = m.idx
           group by r.emoji) x), '{}'::json)`;

const RECORD_COLUMNS = `m.room, m.idx, u.name as "from", m.from_id, m.to_id, m.gid, m.type, m.content, m.ts, m.md,
  m.reply_to, m.recalled, m.file_expired, m.edited, m.name, m.size, ${REACTIONS} as reactions`;

const FILE_TYPE_LIST = `(${FILE_TYPES.map((t) => `'${t}'`).join(', ')})`;

/**
 * The columns of a record, the same fields in the same order as messageView() (message-views.ts):
 * `name` and `size` for file types only, then the label (`gid` or `dm`, the column alias) = `$2`.
 * Each record is `to_json` of a one-row projection (far cheaper for Postgres than
 * `json_build_object` with twenty arguments); the reactions of the whole room are read in one pass
 * over its idx range rather than once per message.
 */
const recordColumns = (label: 'gid' | 'dm', file: boolean) =>
  `p.idx, u.name as "from", p.type, p.content, p.ts, p.md, p.reply_to as "replyTo", coalesce(x.map, '{}'::json) as reactions,
   p.recalled, p.file_expired, p.edited${file ? ', p.name, p.size' : ''}, $2::text as ${label}`;

/**
 * Every kept message of a room (`$1`), one row each, oldest first: its idx and the JSON text of its
 * record as the reader labelled `$2` sees it (the text messageView() would serialise to). What the
 * history cache holds (history-cache.ts).
 */
const roomRecordsSql = (label: 'gid' | 'dm') =>
  prepared(`
with page as (
  select m.idx, m.from_id, m.type, m.content, m.ts, m.md, m.reply_to, m.recalled, m.file_expired, m.edited, m.name, m.size
    from messages m
   where m.room = $1
   order by m.idx desc limit ${HISTORY_MAX}
), reacts as (
  select y.idx, json_object_agg(y.emoji, y.names order by y.first) as map
    from (select r.idx, r.emoji, json_agg(ru.name order by r.ts, ru.name) as names, min(r.ts) as first
            from reactions r join users ru on ru.id = r.user_id
           where r.room = $1 and r.idx between (select min(idx) from page) and (select max(idx) from page)
           group by r.idx, r.emoji) y
   group by y.idx
)
select p.idx, (case when p.type in ${FILE_TYPE_LIST} then to_json(f) else to_json(t) end)::text as json
  from page p join users u on u.id = p.from_id left join reacts x on x.idx = p.idx
  cross join lateral (select ${recordColumns(label, true)}) f
  cross join lateral (select ${recordColumns(label, false)}) t
 order by p.idx`);
const ROOM_RECORDS_SQL = { gid: roomRecordsSql('gid'), dm: roomRecordsSql('dm') };

/**
 * What a room's kept history depends on, for rooms `$1`: the newest idx (0 when none yet), the
 * room's change counter and the global one (migration 0015). The array is fenced (prepared.ts).
 */
const ROOM_VERSIONS = prepared(`
select r.room, coalesce(s.last_idx, 0) as last_idx, coalesce(v.version, 0)::text as version,
       (select version from room_versions where room = '*')::text as epoch
  from (select $1::text[] as rooms offset 0) a
 cross join lateral unnest(a.rooms) as r(room)
  left join room_seq s on s.room = r.room
  left join room_versions v on v.room = r.room`);

/**
 * Allocates the indexes, inserts the messages and trims the rooms, as ONE
 * statement (so one implicit transaction and one round trip):
 * - `batch` keeps the messages whose group still has the access_version their send was allowed
 *   at, and the direct messages whose recipient still has the name, the active account and the
 *   friendship their send was allowed with, numbered 1.. per room (`ord`) in the order sent; the
 *   others are left out and have no row in the answer (`pos` is the 1-based place in the arrays);
 * - `seq` adds each room's message count to room_seq (rooms sorted, so two
 *   nodes lock shared rooms in the same order) and returns the new last index;
 *   a concurrent batch for the same room waits on that row until this commits;
 * - `numbered` reads each message's room's new last index from `tops`, one JSON object of them
 *   all: a join would be a nested loop here (the generic plan expects one row per CTE), quadratic
 *   in the batch (a batch of 200 took 15 ms instead of 6.7);
 * - `placed` gives each message its index, last - n + ord (n: the room's messages in the batch),
 *   keeping `reply_to` only when it names a live message of the room that survives this trim;
 *   `ins` stores the rows, and the answer is read from `placed`, for the same reason;
 * - `trim` deletes what falls out of the newest 500 (reactions cascade): the room's n oldest, the
 *   range `fallen` gives (each room's new last index and n, grouped from `numbered`), since
 *   everything older went with the statements before. Open below, the range held the index entries of every message
 *   trimmed since the last vacuum, and on a table Postgres had not analysed yet (autovacuum off, a
 *   new database) the plan was a bitmap scan, which reads them all: 0.58 ms of the statement after
 *   4,000 sends, against 0.05 ms bounded (docs/benchmarks.md, fortieth session);
 *   `retire` keeps the cids of those messages in sent_cids (idempotency outlives retention);
 * - `marks` moves each sender's read marker to their newest message of the batch
 *   (no message above a marker is its owner's: unread counts rely on it).
 * `arrays` is fenced (`offset 0`) so that the prepared plan is kept (prepared.ts):
 * planning this statement costs more than running it (0.4 of 1.0 ms in PGlite).
 */
const INSERT_BATCH = prepared(`
with arrays as (
  select $1::text[] as room, $2::bigint[] as from_id, $3::text[] as gid, $4::bigint[] as to_id, $5::text[] as type,
         $6::text[] as content, $7::smallint[] as md, $8::int[] as reply_to, $9::bigint[] as ts, $10::text[] as name,
         $11::bigint[] as size, $12::text[] as cid, $13::bigint[] as access_version, $14::text[] as to_name
  offset 0
),
sent as (
  select t.* from arrays a
   cross join lateral unnest(a.room, a.from_id, a.gid, a.to_id, a.type, a.content, a.md, a.reply_to, a.ts, a.name, a.size, a.cid,
                             a.access_version, a.to_name)
     with ordinality as t(room, from_id, gid, to_id, type, content, md, reply_to, ts, name, size, cid, access_version, to_name, pos)
),
batch as (
  select s.*, row_number() over (partition by s.room order by s.pos)::int as ord,
         count(*) over (partition by s.room)::int as n
    from sent s
   where (s.access_version is null
          or exists (select 1 from groups g where g.gid = s.gid and g.access_version = s.access_version))
     and (s.to_name is null
          or (exists (select 1 from users u where u.id = s.to_id and u.name = s.to_name and u.status = 'active')
              and exists (select 1 from friendships f
                           where f.user_lo = least(s.from_id, s.to_id) and f.user_hi = greatest(s.from_id, s.to_id))))
),
seq as (
  insert into room_seq as s (room, last_idx)
  select room, count(*) from batch group by room order by room
  on conflict (room) do update set last_idx = s.last_idx + excluded.last_idx
  returning s.room, s.last_idx
),
tops as materialized (select jsonb_object_agg(room, last_idx) as by_room from seq),
numbered as (
  select b.*, (tops.by_room ->> b.room)::int as last_idx from batch b cross join tops
),
placed as (
  select n.*, n.last_idx - n.n + n.ord as idx,
         case when n.reply_to is not null
                and exists (select 1 from messages r
                             where r.room = n.room and r.idx = n.reply_to and not r.recalled
                               and r.idx > n.last_idx - ${HISTORY_MAX}) then n.reply_to end as kept_reply_to
    from numbered n
),
ins as (
  insert into messages (room, idx, from_id, gid, to_id, type, content, md, reply_to, ts, name, size, cid)
  select room, idx, from_id, gid, to_id, type, content, md, kept_reply_to, ts, name, size, cid from placed
),
fallen as materialized (
  select room, min(last_idx) - ${HISTORY_MAX} as top, min(last_idx - n) - ${HISTORY_MAX} as below from numbered group by room
),
trim as (
  delete from messages m using fallen f where m.room = f.room and m.idx <= f.top and m.idx > f.below
  returning m.from_id, m.cid, m.room, m.idx, m.ts
),
retire as (
  insert into sent_cids (from_id, cid, room, idx, ts)
  select from_id, cid, room, idx, ts from trim where cid is not null
  on conflict do nothing
),
marks as (
  insert into read_markers as rm (user_id, room, idx)
  select from_id, room, max(idx) from placed group by from_id, room
  on conflict (user_id, room) do update set idx = greatest(rm.idx, excluded.idx)
)
select pos::int as pos, idx, kept_reply_to as reply_to from placed`);

/**
 * Sends stored under (sender, cid) pairs: in the kept history, or trimmed from it and sent after
 * `$3` (the idempotency window). `kept` tells which.
 */
const BY_CIDS = prepared(
  `select m.from_id, m.cid, m.room, m.idx, m.ts, true as kept
     from messages m join unnest($1::bigint[], $2::text[]) as t(from_id, cid)
       on m.from_id = t.from_id and m.cid = t.cid
   union all
   select s.from_id, s.cid, s.room, s.idx, s.ts, false
     from sent_cids s join unnest($1::bigint[], $2::text[]) as t(from_id, cid)
       on s.from_id = t.from_id and s.cid = t.cid
    where s.ts > $3`,
);

/** Message search (migrations 0018, 0019): the function holds the query and plans it for each pattern. */
const SEARCH = prepared('select search_messages($1, $2, $3) as hits');

/** SQL of messages, reactions and the room sequence. Returns rows; knows nothing of HTTP. */
export const messagesStore = {
  /**
   * Stores a batch (see INSERT_BATCH); returns each message's key in input
   * order. Throws UniqueViolation when a cid was stored concurrently (nothing
   * of the batch is stored then).
   */
  async insertBatch(q: Queryable, batch: readonly NewMessage[]): Promise<Array<StoredKey | undefined>> {
    const rows = await q.query<{ pos: number; idx: number; reply_to: number | null }>(INSERT_BATCH, [
      batch.map((m) => m.room),
      batch.map((m) => m.fromId),
      batch.map((m) => m.gid),
      batch.map((m) => m.toId),
      batch.map((m) => m.type),
      batch.map((m) => m.content),
      batch.map((m) => m.md),
      batch.map((m) => m.replyTo),
      batch.map((m) => m.ts),
      batch.map((m) => m.name),
      batch.map((m) => m.size),
      batch.map((m) => m.cid),
      batch.map((m) => m.accessVersion),
      batch.map((m) => m.toName),
    ]);
    const keys: Array<StoredKey | undefined> = batch.map(() => undefined);
    for (const r of rows) keys[r.pos - 1] = { room: batch[r.pos - 1]!.room, idx: r.idx, replyTo: r.reply_to };
    return keys;
  },

  /** Sends already stored under these (sender, cid) pairs, kept or trimmed after `since`. */
  async byCids(
    q: Queryable,
    pairs: ReadonlyArray<{ fromId: number; cid: string }>,
    since: number,
  ): Promise<Array<{ from_id: number; cid: string; room: string; idx: number; ts: number; kept: boolean }>> {
    if (pairs.length === 0) return [];
    return q.query(BY_CIDS, [pairs.map((p) => p.fromId), pairs.map((p) => p.cid), since]);
  },

  /** Forgets the cids of trimmed messages sent before `before`; returns how many. */
  async forgetCids(q: Queryable, before: number): Promise<number> {
    const rows = await q.query<{ n: number }>(
      'with gone as (delete from sent_cids where ts <= $1 returning 1) select count(*)::int as n from gone',
      [before],
    );
    return rows[0]?.n ?? 0;
  },

  /** One message as the API shows it. */
  async record(q: Queryable, room: string, idx: number): Promise<MessageRow | undefined> {
    const rows = await q.query<MessageRow>(
      `select ${RECORD_COLUMNS} from messages m join users u on u.id = m.from_id where m.room = $1 and m.idx = $2`,
      [room, idx],
    );
    return rows[0];
  },

  /** Every kept message of a room, oldest first, as record JSON text labelled `{[label.key]: label.value}` (see ROOM_RECORDS_SQL). */
  async roomRecords(q: Queryable, room: string, label: { key: 'gid' | 'dm'; value: string }): Promise<Array<{ idx: number; json: string }>> {
    return q.query(ROOM_RECORDS_SQL[label.key], [room, label.value]);
  },

  /** The version of each room's kept history, in the order asked (see ROOM_VERSIONS). */
  async roomVersions(q: Queryable, rooms: readonly string[]): Promise<Array<{ room: string; last_idx: number; version: string; epoch: string }>> {
    const rows = await q.query<{ room: string; last_idx: number; version: string; epoch: string }>(ROOM_VERSIONS, [rooms]);
    const byRoom = new Map(rows.map((r) => [r.room, r]));
    return rooms.map((room) => byRoom.get(room) ?? { room, last_idx: 0, version: '0', epoch: '0' });
  },

  /** The author and state of a message, locked until the transaction ends (recall, edit and react serialise on it). */
  async lock(q: Queryable, room: string, idx: number, mode: 'update' | 'share'): Promise<{ from_id: number; recalled: boolean; type: MessageType } | undefined> {
    const rows = await q.query<{ from_id: number; recalled: boolean; type: MessageType }>(
      `select from_id, recalled, type from messages where room = $1 and idx = $2 for ${mode === 'update' ? 'update' : 'share'}`,
      [room, idx],
    );
    return rows[0];
  },

  /** Marks a message recalled: content, file details and reactions go. */
  async recall(q: Queryable, room: string, idx: number): Promise<void> {
    await q.query(`update messages set recalled = true, content = '', name = null, size = null where room = $1 and idx = $2`, [room, idx]);
    await q.query('delete from reactions where room = $1 and idx = $2', [room, idx]);
  },

  /** The author's new text of a message, and when they changed it. */
  async edit(q: Queryable, e: { room: string; idx: number; content: string; md: 0 | 1; ts: number }): Promise<void> {
    await q.query('update messages set content = $3, md = $4, edited = $5 where room = $1 and idx = $2', [e.room, e.idx, e.content, e.md, e.ts]);
  },

  /** Adds the user's reaction, or removes it when present; true when added. One statement. */
  async toggleReaction(q: Queryable, r: { room: string; idx: number; emoji: string; userId: number; ts: number }): Promise<boolean> {
    const rows = await q.query<{ added: boolean }>(
      `with removed as (
         delete from reactions where room = $1 and idx = $2 and emoji = $3 and user_id = $4 returning 1
       ), added as (
         insert into reactions (room, idx, emoji, user_id, ts)
         select $1, $2, $3, $4, $5 where not exists (select 1 from removed)
         returning 1
       )
       select exists (select 1 from added) as added`,
      [r.room, r.idx, r.emoji, r.userId, r.ts],
    );
    return rows[0]?.added ?? false;
  },

  /** The reactions map of one message. */
  async reactions(q: Queryable, room: string, idx: number): Promise<Record<string, string[]>> {
    const rows = await q.query<{ reactions: Record<string, string[]> }>(
      `select ${REACTIONS} as reactions from (select $1::text as room, $2::int as idx) m`,
      [room, idx],
    );
    return rows[0]?.reactions ?? {};
  },

  /**
   * Live text messages matching `pattern` (a lowered LIKE pattern, escaped) in rooms the user
   * can read: the groups they are a member of and their own direct conversations. Newest first.
   * The query is the `search_messages` function (migration 0018 says how it reads the indexes,
   * 0019 why in steps): prepared, it is parsed once per connection and still planned for each pattern.
   */
  async search(q: Queryable, userId: number, pattern: string, limit: number): Promise<SearchRow[]> {
    const rows = await q.query<{ hits: SearchRow[] }>(SEARCH, [userId, pattern, limit]);
    return rows[0]?.hits ?? [];
  },

  /** How many live messages of a file type (not marked `file_expired`) point at each upload path. */
  async fileReferenceCounts(q: Queryable, paths: readonly string[]): Promise<Array<{ content: string; n: number }>> {
    if (paths.length === 0) return [];
    return q.query(
      `select content, count(*)::int as n from messages
        where type in ${FILE_TYPE_LIST} and content = any($1::text[]) and not file_expired group by content`,
      [paths],
    );
  },

  /**
   * Whether a live file message pointing at this upload path (not recalled, whose content is
   * then empty, nor marked `file_expired`) is in a room the user reads: a group they are a
   * member of, or one of their direct conversations. The file index finds the messages.
   */
  async fileSharedWith(q: Queryable, userId: number, path: string): Promise<boolean> {
    const rows = await q.query<{ shared: boolean }>(
      `select exists (
         select 1 from messages m
          where m.type in ${FILE_TYPE_LIST} and m.content = $2 and not m.file_expired
            and (case when m.gid is null then m.from_id = $1 or m.to_id = $1
                      else m.gid in (select gid from group_members where user_id = $1) end)
       ) as shared`,
      [userId, path],
    );
    return rows[0]?.shared ?? false;
  },

  /** Marks the messages of group `gid` pointing at this upload path `file_expired`; returns those that changed. */
  async markGroupFileExpired(q: Queryable, gid: string, path: string): Promise<ExpiredMessage[]> {
    return q.query<ExpiredMessage>(
      `update messages set file_expired = true
        where room = $1 and type in ${FILE_TYPE_LIST} and content = $2 and not file_expired
        returning room, idx`,
      [`g:${gid}`, path],
    );
  },

  /** Whether a file-type message of group `gid` points at this upload path. */
  async groupSharesFile(q: Queryable, gid: string, path: string): Promise<boolean> {
    const rows = await q.query(`select 1 from messages where room = $1 and type in ${FILE_TYPE_LIST} and content = $2 limit 1`, [
      `g:${gid}`,
      path,
    ]);
    return rows.length > 0;
  },

  /** Marks the messages pointing at these upload paths `file_expired`; returns those that changed. */
  async markFilesExpired(q: Queryable, paths: readonly string[]): Promise<ExpiredMessage[]> {
    if (paths.length === 0) return [];
    return q.query<ExpiredMessage>(
      `update messages set file_expired = true
        where type in ${FILE_TYPE_LIST} and content = any($1::text[]) and not file_expired
        returning room, idx`,
      [paths],
    );
  },
};
