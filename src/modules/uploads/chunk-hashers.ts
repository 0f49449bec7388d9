import { createHash, type Hash } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { HeadCollector } from './inspector.ts';

/** Bytes of chunks that arrived before their turn a node may hold, across all sessions. */
export const HOLD_BUDGET = 32 * 1024 * 1024;
/** Sessions a node follows at most; the least recently active beyond this are forgotten. */
const MAX_SESSIONS = 256;
/** A session with no chunk activity on this node for this long is forgotten (its held chunks freed). */
const IDLE_MS = 5 * 60_000;
/** Bytes hashed between two yields to the event loop when catching up on held chunks. */
const HASH_SLICE = 1024 * 1024;

/** Where the bytes of one chunk go while it streams in. */
export interface ChunkTap {
  /** Receives the chunk's bytes, in order, as they pass to storage. */
  readonly write: (chunk: Buffer) => void;
  /** The chunk is stored and recorded under `etag`. */
  commit(etag: string): void;
  /** The chunk failed and will not be recorded. */
  abandon(): void;
}

/** The whole-file hash of a chunked upload and its head, as the Inspector would give them. */
export interface FollowedDigest {
  sha256: string;
  head: Buffer;
}

interface Held {
  etag: string;
  chunks: Buffer[];
  bytes: number;
}

/** A chunk being received: held in memory until its turn, then hashed as it streams. */
class Receiving {
  /** Set once it is next in line: bytes go into this copy of the running hash. */
  hash: Hash | undefined;
  head: HeadCollector | undefined;
  chunks: Buffer[] = [];
  bytes = 0;
}

/** What this node knows of one session's content. */
class Follow {
  hash: Hash = createHash('sha256');
  head: Buffer | undefined;
  /** Chunks 0..next-1 are in `hash`. */
  next = 0;
  /** The etag of every chunk in `hash`. */
  readonly etags: string[] = [];
  /** Chunks received whole before their turn, waiting to be hashed. */
  readonly held = new Map<number, Held>();
  /** Chunks this node is receiving now. */
  readonly receiving = new Map<number, Receiving>();
  /** Bytes of the node's budget this session holds. */
  bytes = 0;
  broken = false;
  catchingUp: Promise<void> = Promise.resolve();
  timer: NodeJS.Timeout | undefined;
}

/**
 * The sha256 of a chunked upload, computed while its chunks arrive instead of
 * reading the joined file back. sha256 needs the bytes in order: the chunk
 * that is next in line is hashed as it streams through; a chunk that arrives
 * before its turn (clients send several at once) is held in memory, within a
 * node-wide budget, and hashed as soon as the chunks before it are in (if it
 * is still arriving then, the rest of it streams into the hash).
 *
 * This is per node and best-effort: a session whose chunks went to several
 * nodes, chunks the budget could not hold, or a restart leave the hash
 * unknown (a received chunk is never written again, see UploadsService.claim;
 * should one be, the follow is given up too), and `finish` answers undefined so that the caller
 * hashes the content while joining it (disk) or reads it back (S3). A digest
 * is only given for exactly the chunks (by etag) the completion joins.
 */
export class ChunkHashers {
  private readonly sessions = new Map<string, Follow>();
  private used = 0;

  constructor(private readonly budget = HOLD_BUDGET) {}

  /** Bytes held now (for tests). */
  get heldBytes(): number {
    return this.used;
  }

  /** Starts receiving chunk `index` of a session; undefined when this node no longer follows it. */
  begin(sessionId: string, index: number): ChunkTap | undefined {
    const f = this.follow(sessionId);
    if (f.broken) return undefined;
    // Sent again: the hash may already hold the old bytes, and nothing says the new ones are the same.
    if (index < f.next || f.held.has(index) || f.receiving.has(index)) {
      this.breakOff(f);
      return undefined;
    }
    const r = new Receiving();
    if (index === f.next) this.startStreaming(f, r);
    f.receiving.set(index, r);
    return {
      write: (chunk) => {
        if (f.broken) return;
        if (r.hash) {
          r.hash.update(chunk);
          r.head?.add(chunk);
          return;
        }
        r.chunks.push(chunk);
        r.bytes += chunk.length;
        this.hold(f, chunk.length);
      },
      commit: (etag) => {
        f.receiving.delete(index);
        if (f.broken) return;
        if (r.hash) {
          f.hash = r.hash;
          if (r.head) f.head = r.head.head;
          f.etags[index] = etag;
          f.next = index + 1;
        } else {
          f.held.set(index, { etag, chunks: r.chunks, bytes: r.bytes });
        }
        this.catchUp(f);
      },
      abandon: () => {
        f.receiving.delete(index);
        if (!f.broken) this.release(f, r.bytes);
      },
    };
  }

  /** `r` is next in line: what it holds goes into a copy of the running hash, and so will the rest. */
  private startStreaming(f: Follow, r: Receiving): void {
    r.hash = f.hash.copy();
    r.head = f.next === 0 ? new HeadCollector() : undefined;
    for (const chunk of r.chunks) {
      r.hash.update(chunk);
      r.head?.add(chunk);
    }
    this.release(f, r.bytes);
    r.chunks = [];
    r.bytes = 0;
  }

  /**
   * The digest of the whole upload when this node hashed every chunk, and
   * exactly the ones listed; undefined otherwise. Ends the follow either way.
   */
  async finish(sessionId: string, parts: ReadonlyArray<{ index: number; etag: string }>, chunks: number): Promise<FollowedDigest | undefined> {
    const f = this.sessions.get(sessionId);
    if (!f) return undefined;
    for (let pending = f.catchingUp; ; pending = f.catchingUp) {
      await pending;
      if (pending === f.catchingUp) break;
    }
    const complete =
      !f.broken &&
      f.receiving.size === 0 &&
      f.next === chunks &&
      parts.length === chunks &&
      parts.every((p) => f.etags[p.index] === p.etag);
    const digest = complete ? { sha256: f.hash.digest('hex'), head: f.head ?? Buffer.alloc(0) } : undefined;
    this.forget(sessionId);
    return digest;
  }

  /** Stops following a session (completed elsewhere, aborted, purged) and frees what it held. */
  forget(sessionId: string): void {
    const f = this.sessions.get(sessionId);
    if (!f) return;
    this.breakOff(f);
    clearTimeout(f.timer);
    this.sessions.delete(sessionId);
  }

  /** The session's follow, created if new, marked most recently used. */
  private follow(sessionId: string): Follow {
    let f = this.sessions.get(sessionId);
    if (f) {
      this.sessions.delete(sessionId);
    } else {
      f = new Follow();
      f.timer = setTimeout(() => this.forget(sessionId), IDLE_MS);
      f.timer.unref();
      for (const oldest of this.sessions.keys()) {
        if (this.sessions.size < MAX_SESSIONS) break;
        this.forget(oldest);
      }
    }
    f.timer?.refresh();
    this.sessions.set(sessionId, f);
    return f;
  }

  /**
   * Hashes the held chunks that are next in line, yielding to other requests
   * between slices; then lets the chunk next in line, if it is still arriving, stream into the hash.
   */
  private catchUp(f: Follow): void {
    f.catchingUp = f.catchingUp.then(async () => {
      for (let held = f.held.get(f.next); held && !f.broken; held = f.held.get(f.next)) {
        const head = f.next === 0 ? new HeadCollector() : undefined;
        let sinceYield = 0;
        for (const chunk of held.chunks) {
          f.hash.update(chunk);
          head?.add(chunk);
          sinceYield += chunk.length;
          if (sinceYield >= HASH_SLICE) {
            sinceYield = 0;
            await yieldToLoop();
            if (f.broken) return;
          }
        }
        if (head) f.head = head.head;
        f.held.delete(f.next);
        this.release(f, held.bytes);
        f.etags[f.next] = held.etag;
        f.next += 1;
      }
      const arriving = f.receiving.get(f.next);
      if (arriving && !arriving.hash && !f.broken) this.startStreaming(f, arriving);
    });
  }

  /** Counts `bytes` more held for `f`, dropping the least recently active other sessions to make room. */
  private hold(f: Follow, bytes: number): void {
    f.bytes += bytes;
    this.used += bytes;
    for (const victim of this.sessions.values()) {
      if (this.used <= this.budget) return;
      if (victim !== f && victim.bytes > 0) this.breakOff(victim);
    }
    if (this.used > this.budget) this.breakOff(f);
  }

  private release(f: Follow, bytes: number): void {
    f.bytes -= bytes;
    this.used -= bytes;
  }

  /** This node can no longer know the session's hash: drop what it holds. */
  private breakOff(f: Follow): void {
    if (f.broken) return;
    f.broken = true;
    f.held.clear();
    for (const r of f.receiving.values()) r.chunks = [];
    this.used -= f.bytes;
    f.bytes = 0;
  }
}
