import type { Queryable } from '../../db/index.ts';
import type { FileKind } from './uploads.policy.ts';

/** One uploader's file record (`/uploads/<name>`). */
export interface FileRow {
  name: string;
  origin: string;
  size: number;
  kind: FileKind;
  uploader_id: number | null;
  created: number;
  removed: number | null;
  /** The stored content behind the record (its storage key); null once removed. */
  blob: string | null;
}

/** A live record with the hash of its content (the ETag). */
export type LiveFileRow = FileRow & { blob: string; sha256: string };

/** Stored content, shared by every record of the same bytes. */
export interface BlobRow {
  key: string;
  sha256: string;
  size: number;
}

export interface SessionRow {
  id: string;
  owner_id: number;
  origin: string;
  stored_name: string;
  size: number;
  chunks: number;
  multipart_id: string;
  state: 'open' | 'completing';
  created: number;
}

export interface PartRow {
  idx: number;
  etag: string;
  size: number;
}

/** `%`, `_` and `\` in a search string match themselves. */
const likePattern = (q: string): string => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL for file records and the blobs behind them. */
export const filesStore = {
  async insert(q: Queryable, f: Omit<FileRow, 'removed'>): Promise<void> {
    await q.query(
      `insert into files (name, origin, size, kind, uploader_id, created, blob) values ($1, $2, $3, $4, $5, $6, $7)`,
      [f.name, f.origin, f.size, f.kind, f.uploader_id, f.created, f.blob],
    );
  },

  /** A record whose content is still stored, with its content's hash. */
  async live(q: Queryable, name: string): Promise<LiveFileRow | undefined> {
    const rows = await q.query<LiveFileRow>(
      'select f.*, b.sha256 from files f join file_blobs b on b.key = f.blob where f.name = $1 and f.removed is null',
      [name],
    );
    return rows[0];
  },

  async insertBlob(q: Queryable, b: BlobRow): Promise<void> {
    await q.query('insert into file_blobs (key, sha256, size) values ($1, $2, $3)', [b.key, b.sha256, b.size]);
  },

  /**
   * The blob of this content, share-locked until the transaction ends: a record attached to it
   * now cannot lose its content to a removal checking the blob's records at the same time.
   */
  async shareBlob(q: Queryable, sha256: string): Promise<BlobRow | undefined> {
    return (await q.query<BlobRow>('select * from file_blobs where sha256 = $1 for share', [sha256]))[0];
  },

  /** The uploader's live record of a blob (at most one: a unique index). */
  async recordOf(q: Queryable, uploaderId: number, blob: string): Promise<FileRow | undefined> {
    const rows = await q.query<FileRow>('select * from files where uploader_id = $1 and blob = $2 and removed is null', [uploaderId, blob]);
    return rows[0];
  },

  /** Locks a live file row for removal; undefined when missing, removed, or locked by another remover. */
  async lockLive(q: Queryable, name: string): Promise<FileRow | undefined> {
    return (await q.query<FileRow>('select * from files where name = $1 and removed is null for update', [name]))[0];
  },

  /**
   * Up to `limit` live files created before `cutoff`, named after `after`
   * (keyset, so kept files such as avatars do not stall the scan), locked;
   * rows another worker holds are skipped.
   */
  async lockExpiring(q: Queryable, cutoff: number, after: string, limit: number): Promise<FileRow[]> {
    return q.query<FileRow>(
      `select * from files where removed is null and created < $1 and name > $2
        order by name limit $3 for update skip locked`,
      [cutoff, after, limit],
    );
  },

  /** Marks records removed (the row stays as history; its blob goes separately). */
  async markRemoved(q: Queryable, names: readonly string[], now: number): Promise<void> {
    if (names.length === 0) return;
    await q.query('update files set removed = $2 where name = any($1::text[])', [names, now]);
  },

  /**
   * Of these blobs, the ones no live record uses any more, locked for deletion. The blobs are
   * locked first (in key order, so two removers never wait on each other in a cycle) and counted
   * after, in a statement of its own: it sees every record an uploader attached before the lock.
   */
  async lockUnusedBlobs(q: Queryable, keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    await q.query('select key from file_blobs where key = any($1::text[]) order by key for update', [keys]);
    const rows = await q.query<{ key: string }>(
      `select b.key from file_blobs b
        where b.key = any($1::text[]) and not exists (select 1 from files f where f.blob = b.key and f.removed is null)`,
      [keys],
    );
    return rows.map((r) => r.key);
  },

  /** Drops blob rows (their records' `blob` becomes null) and with them their hashes for dedup. */
  async deleteBlobs(q: Queryable, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await q.query('delete from file_blobs where key = any($1::text[])', [keys]);
  },

  /** Live files matching `q` (stored or original name), newest first, with the totals of the whole match. */
  async list(
    q: Queryable,
    search: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: FileRow[]; total: number; totalSize: number }> {
    const where = `removed is null and ($1::text is null or name like $1 or lower(origin) like $1)`;
    const pattern = search ? likePattern(search) : null;
    const [rows, totals] = await Promise.all([
      q.query<FileRow>(`select * from files where ${where} order by created desc, name limit $2 offset $3`, [pattern, limit, offset]),
      q.query<{ total: number; total_size: number }>(
        `select count(*)::int as total, coalesce(sum(size), 0)::bigint as total_size from files where ${where}`,
        [pattern],
      ),
    ]);
    return { rows, total: totals[0]?.total ?? 0, totalSize: Number(totals[0]?.total_size ?? 0) };
  },

  /** Every live name matching `q` (for counts that need the whole match). */
  async liveNames(q: Queryable, search: string | undefined): Promise<string[]> {
    const rows = await q.query<{ name: string }>(
      `select name from files where removed is null and ($1::text is null or name like $1 or lower(origin) like $1)`,
      [search ? likePattern(search) : null],
    );
    return rows.map((r) => r.name);
  },
};

/**
 * The tail of a statement whose CTE `rec` records chunk $2 of session $1: whether it was recorded,
 * and every received index with it (the CTE's row is not visible to the statement's own snapshot).
 */
const RECORDED_AND_RECEIVED = `select exists (select 1 from rec) as recorded,
              array(select idx from upload_parts where session_id = $1 and idx <> $2 and claim is null
                    union select idx from rec order by 1) as received`;

/** SQL for chunked-upload sessions and their parts. */
export const sessionsStore = {
  async insert(q: Queryable, s: Omit<SessionRow, 'state'>): Promise<void> {
    await q.query(
      `insert into upload_sessions (id, owner_id, origin, stored_name, size, chunks, multipart_id, created)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [s.id, s.owner_id, s.origin, s.stored_name, s.size, s.chunks, s.multipart_id, s.created],
    );
  },

  async byId(q: Queryable, id: string): Promise<SessionRow | undefined> {
    return (await q.query<SessionRow>('select * from upload_sessions where id = $1', [id]))[0];
  },

  /** The indexes of the chunks received (written and recorded; not those being written). */
  async receivedIndexes(q: Queryable, id: string): Promise<number[]> {
    const rows = await q.query<{ idx: number }>(
      `select idx from upload_parts where session_id = $1 and claim is null order by idx`,
      [id],
    );
    return rows.map((r) => r.idx);
  },

  /** The received chunks (not those being written). */
  async parts(q: Queryable, id: string): Promise<PartRow[]> {
    return q.query<PartRow>(
      `select idx, etag, size from upload_parts where session_id = $1 and claim is null order by idx`,
      [id],
    );
  },

  /**
   * Claims chunk `idx` of an open session for one writer (`claim`, a token): inserts its row
   * holding the claim, or takes over a claim whose takeover time is before `now` (its writer, on a
   * crashed node, has stopped by then, so two writers never overlap). 'received' when the chunk is
   * recorded already, 'busy' while another writer holds it, 'gone' when the session is not open.
   */
  async claimPart(
    q: Queryable,
    id: string,
    idx: number,
    claim: { token: string; takeover: number },
    now: number,
  ): Promise<'claimed' | 'received' | 'busy' | 'gone'> {
    const rows = await q.query<{ open: boolean; claimed: boolean; exists: boolean; held: boolean }>(
      `with s as (select 1 from upload_sessions where id = $1 and state = 'open'),
       ins as (
         insert into upload_parts (session_id, idx, etag, size, claim, takeover)
         select $1, $2, '', 0, $3, $4 from s
         on conflict (session_id, idx) do update set claim = excluded.claim, takeover = excluded.takeover
           where upload_parts.claim is not null and upload_parts.takeover < $5
         returning 1
       ),
       cur as (select claim from upload_parts where session_id = $1 and idx = $2)
       select exists (select 1 from s) as open, exists (select 1 from ins) as claimed,
              exists (select 1 from cur) as exists, exists (select 1 from cur where claim is not null) as held`,
      [id, idx, claim.token, claim.takeover, now],
    );
    const r = rows[0];
    if (r?.claimed) return 'claimed';
    if (!r?.open) return 'gone';
    // No row in this statement's snapshot but the insert conflicted: a claim made meanwhile.
    if (!r.exists || r.held) return 'busy';
    return 'received';
  },

  /**
   * Turns a claim into a received chunk and answers every received index; undefined when the
   * claim is no longer this writer's (taken over, or the session was removed or is completing).
   */
  async recordPart(q: Queryable, id: string, claim: string, part: PartRow): Promise<number[] | undefined> {
    const rows = await q.query<{ recorded: boolean; received: number[] }>(
      `with rec as (
         update upload_parts set etag = $4, size = $5, claim = null, takeover = null
          where session_id = $1 and idx = $2 and claim = $3
            and exists (select 1 from upload_sessions where id = $1 and state = 'open')
          returning idx
       )
       ${RECORDED_AND_RECEIVED}`,
      [id, part.idx, claim, part.etag, part.size],
    );
    const r = rows[0];
    return r?.recorded ? r.received.map(Number) : undefined;
  },

  /** Whether chunk `idx` has a row (embedded mode has no claim rows: a row is a received chunk). */
  async hasPart(q: Queryable, id: string, idx: number): Promise<boolean> {
    return (await q.query('select 1 from upload_parts where session_id = $1 and idx = $2', [id, idx])).length > 0;
  },

  /**
   * Records a received chunk the caller claimed in memory (embedded mode) and answers every
   * received index; undefined when the session is not open (or, against the claim, the index has a row).
   */
  async addPart(q: Queryable, id: string, part: PartRow): Promise<number[] | undefined> {
    const rows = await q.query<{ recorded: boolean; received: number[] }>(
      `with rec as (
         insert into upload_parts (session_id, idx, etag, size)
         select $1, $2, $3, $4 where exists (select 1 from upload_sessions where id = $1 and state = 'open')
         on conflict (session_id, idx) do nothing
         returning idx
       )
       ${RECORDED_AND_RECEIVED}`,
      [id, part.idx, part.etag, part.size],
    );
    const r = rows[0];
    return r?.recorded ? r.received.map(Number) : undefined;
  },

  /** Gives up a claim (the write failed), so that the chunk can be sent again at once. */
  async releaseClaim(q: Queryable, id: string, idx: number, claim: string): Promise<void> {
    await q.query('delete from upload_parts where session_id = $1 and idx = $2 and claim = $3', [id, idx, claim]);
  },

  /** open → completing, for exactly one caller. */
  async claimForCompletion(q: Queryable, id: string, ownerId: number): Promise<SessionRow | undefined> {
    const rows = await q.query<SessionRow>(
      `update upload_sessions set state = 'completing' where id = $1 and owner_id = $2 and state = 'open' returning *`,
      [id, ownerId],
    );
    return rows[0];
  },

  async delete(q: Queryable, id: string): Promise<SessionRow | undefined> {
    return (await q.query<SessionRow>('delete from upload_sessions where id = $1 returning *', [id]))[0];
  },

  /** Up to `limit` sessions created before `cutoff`, locked; rows another worker holds are skipped. */
  /** A user's sessions that no complete call has claimed. */
  async openOf(q: Queryable, ownerId: number): Promise<SessionRow[]> {
    return q.query<SessionRow>("select * from upload_sessions where owner_id = $1 and state = 'open'", [ownerId]);
  },

  async lockExpired(q: Queryable, cutoff: number, limit: number): Promise<SessionRow[]> {
    return q.query<SessionRow>(
      'select * from upload_sessions where created < $1 order by created limit $2 for update skip locked',
      [cutoff, limit],
    );
  },

  async deleteMany(q: Queryable, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await q.query('delete from upload_sessions where id = any($1::text[])', [ids]);
  },
};
