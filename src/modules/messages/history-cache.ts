import type { Queryable } from '../../db/index.ts';
import { BatchLoader } from '../../lib/batch-loader.ts';
import { messagesStore } from './messages.store.ts';

/** Bounds of one node's history cache. */
export interface HistoryCacheLimits {
  /** Rooms (per reader label: the two sides of a direct conversation are two) kept at most. */
  rooms: number;
  /** Characters of record JSON kept at most, over every room (each room counts its records and its whole-page text). */
  chars: number;
}

/** 2,000 rooms or 64 M characters (≈ 64 MB of Latin-1 text, twice that of other text): a full room of short texts is ≈ 0.2 M. */
export const HISTORY_CACHE_LIMITS: HistoryCacheLimits = { rooms: 2_000, chars: 64_000_000 };

/** Which part of a room to answer, as GET /api/messages asks (`limit` already resolved). */
export interface PageWindow {
  before?: number | undefined;
  after?: number | undefined;
  limit: number;
}

interface Entry {
  /** What the room's kept history depended on when it was read (see version()). */
  version: string;
  idxs: number[];
  /** Each record's JSON text, oldest first. */
  records: string[];
  /** The whole array's JSON text. */
  full: string;
  chars: number;
}

/**
 * One node's copy of rooms' whole kept history (at most 500 messages each), as the JSON text of
 * each record, so that GET /api/messages answers any page of it by slicing instead of building it
 * in the database. Every read is validated first by one cheap statement, batched across the
 * requests of one turn of the event loop: the room's newest idx, its change counter and the
 * global one (migration 0015: triggers bump them in the transaction of any change to a kept
 * message, a reaction, a rename or a deletion). A copy is served only when all three are what
 * they were when it was read, so nothing changed and acknowledged on any node is ever served
 * stale. The version is read before the records: a change between the two makes the copy newer
 * than its version, which costs one more read later, never a stale answer.
 *
 * Least recently used rooms go first when the limits are reached.
 */
export class HistoryCache {
  private readonly entries = new Map<string, Entry>();
  private readonly filling = new Map<string, Promise<Entry>>();
  private readonly versions: BatchLoader<string, string>;
  private chars = 0;

  constructor(
    private readonly db: Queryable,
    private readonly limits: HistoryCacheLimits = HISTORY_CACHE_LIMITS,
  ) {
    this.versions = new BatchLoader(
      async (rooms) => (await messagesStore.roomVersions(this.db, rooms)).map((r) => `${r.last_idx}:${r.version}:${r.epoch}`),
      (room) => room,
    );
  }

  /** The current version of a room's kept history (one batched statement). */
  version(room: string): Promise<string> {
    return this.versions.load(room);
  }

  /**
   * A page of the room as the JSON text of its records array, as the reader labelled `label`
   * sees it, from the copy read at `version` (read now when the copy is older or absent).
   * `version` must have been read after the request arrived (version()).
   */
  async page(room: string, label: { key: 'gid' | 'dm'; value: string }, version: string, window: PageWindow): Promise<string> {
    const key = `${room}\n${label.key}:${label.value}`;
    let entry = this.entries.get(key);
    if (entry?.version === version) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      entry = await this.fill(key, room, label, version);
    }
    return slice(entry, window);
  }

  /** Reads the room once per version, however many requests are waiting for it. */
  private fill(key: string, room: string, label: { key: 'gid' | 'dm'; value: string }, version: string): Promise<Entry> {
    const id = `${key}\n${version}`;
    const running = this.filling.get(id);
    if (running) return running;
    const read = (async () => {
      const rows = await messagesStore.roomRecords(this.db, room, label);
      const records = rows.map((r) => r.json);
      const full = `[${records.join(',')}]`;
      const entry: Entry = { version, idxs: rows.map((r) => r.idx), records, full, chars: 2 * full.length };
      this.store(key, entry);
      return entry;
    })();
    this.filling.set(id, read);
    const done = () => this.filling.delete(id);
    read.then(done, done);
    return read;
  }

  private store(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.chars -= old.chars;
    }
    if (entry.chars > this.limits.chars || this.limits.rooms < 1) return;
    this.entries.set(key, entry);
    this.chars += entry.chars;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.limits.rooms && this.chars <= this.limits.chars) break;
      this.entries.delete(k);
      this.chars -= e.chars;
    }
  }

  /** How many rooms and characters are held (tests, metrics). */
  size(): { rooms: number; chars: number } {
    return { rooms: this.entries.size, chars: this.chars };
  }
}

/**
 * The records of a window, as the database would page them: above `after` and below `before`;
 * with `after` the oldest `limit` of them, else the newest `limit`; oldest first.
 */
function slice(entry: Entry, w: PageWindow): string {
  const { idxs, records } = entry;
  let from = w.after === undefined ? 0 : firstAbove(idxs, w.after);
  let to = w.before === undefined ? idxs.length : firstAbove(idxs, w.before - 1);
  if (to - from > w.limit) {
    if (w.after === undefined) from = to - w.limit;
    else to = from + w.limit;
  }
  if (from === 0 && to === idxs.length) return entry.full;
  if (from >= to) return '[]';
  return `[${records.slice(from, to).join(',')}]`;
}

/** The position of the first idx above `n` in an ascending list (its length when none is). */
function firstAbove(idxs: readonly number[], n: number): number {
  let lo = 0;
  let hi = idxs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (idxs[mid]! > n) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
