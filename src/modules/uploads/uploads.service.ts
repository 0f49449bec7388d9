import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import type { Identity } from '../../identity.ts';
import { randomHex } from '../../lib/crypto.ts';
import { MultipartGoneError } from '../../storage/index.ts';
import type { FilesService, UploadResult } from './files.service.ts';
import { ChunkHashers } from './chunk-hashers.ts';
import { ContentProbe, type Inspection, type Inspector, inspect, inspectAll } from './inspector.ts';
import type { FilePart } from './multipart.ts';
import {
  allowedType,
  CHUNK_SIZE,
  chunkCount,
  chunkLength,
  cleanOriginName,
  extensionOf,
  MAX_FILE_BYTES,
  MAX_SINGLE_BYTES,
  SESSION_LIFETIME_MS,
} from './uploads.policy.ts';
import type { InitBody } from './uploads.schema.ts';
import { type PartRow, type SessionRow, sessionsStore } from './uploads.store.ts';

/** Sessions removed per transaction by the purge job. */
const PURGE_BATCH = 50;
/**
 * How long a chunk's writer may write. Longer than any request may last (Node's default
 * requestTimeout is 5 minutes), so it only stops a writer that would otherwise outlive its claim.
 */
const CLAIM_WRITE_MS = 6 * 60_000;
/** After its writer's deadline, how long a claim still holds (writes in flight, clocks of other nodes). */
const CLAIM_GRACE_MS = 60_000;
/** How long a chunk sent while another request writes the same index waits for that one's outcome. */
const CLAIM_WAIT_MS = 30_000;
/** Open sessions a node remembers for its chunk requests (see `chunkSession`). */
const REMEMBERED_SESSIONS = 256;

/** The right to write one chunk (see UploadsService.claim). */
interface ChunkClaim {
  /** Records the written chunk as received; answers every received index, or undefined when the claim was lost. */
  record(part: PartRow): Promise<number[] | undefined>;
  /** Gives the claim up after a failed write, so that the chunk can be sent again. */
  release(): Promise<void>;
  /** The request is done with the claim (recorded or released): wakes requests of this process waiting for it. */
  settle(): void;
}

/** Spec 2.17. */
export interface SessionView {
  uploadId: string;
  chunkSize: number;
  chunks: number;
  received: number[];
}

/**
 * Getting bytes in: single-request uploads, chunked sessions, and the
 * finalisation shared with tus. Content is streamed to storage under a fresh
 * random name while it is hashed; `FilesService.adopt` then names or dedups it.
 */
export class UploadsService {
  /** Whole-file hashes of chunked uploads, computed as their chunks arrive on this node. */
  readonly hashers = new ChunkHashers();
  /** Chunks this node is writing (`<session>:<index>`), settled when the write is recorded or given up. */
  private readonly writing = new Map<string, Promise<void>>();
  /** Sessions this node has seen open, by id, oldest first (see `chunkSession`). */
  private readonly openSessions = new Map<string, SessionRow>();

  constructor(
    private readonly ctx: AppContext,
    private readonly files: FilesService,
  ) {}

  /** Refuses (400) a client file name we would not store. */
  checkName(rawName: string): void {
    this.plan(rawName);
  }

  /** The stored name for a client file name: random, with the whitelisted extension (400 otherwise). */
  private plan(rawName: string): { origin: string; name: string } {
    const origin = cleanOriginName(rawName);
    if (!origin) throw badRequest('api.upload.badName');
    const ext = extensionOf(origin);
    if (!allowedType(ext)) throw badRequest('api.upload.badType');
    return { origin, name: `${randomHex(16)}.${ext}` };
  }

  /**
   * Streams a whole file into storage and adopts it. `size` (when known, as
   * with tus) lets S3 stream without spooling; more than `maxBytes` is a 413.
   */
  async ingest(ownerId: number, rawName: string, body: Readable, limits: { maxBytes: number; size?: number }): Promise<UploadResult> {
    let planned: { origin: string; name: string };
    try {
      planned = this.plan(rawName);
    } catch (err) {
      body.resume();
      throw err;
    }
    const inspector = inspect(body, { maxBytes: limits.maxBytes, ...(limits.size !== undefined ? { exactBytes: limits.size } : {}) });
    try {
      await this.ctx.storage.put(planned.name, inspector, limits.size);
    } catch (err) {
      throw inspector.failure ?? err;
    }
    return this.files.adopt({ name: planned.name, origin: planned.origin, ownerId, inspection: inspector.done() });
  }

  /** POST /api/upload: at most MAX_SINGLE_BYTES. */
  async single(who: Identity, part: FilePart): Promise<UploadResult> {
    return this.ingest(who.userId, part.fileName, part.stream, { maxBytes: MAX_SINGLE_BYTES });
  }

  private expired(s: SessionRow): boolean {
    return s.created + SESSION_LIFETIME_MS <= this.ctx.clock.now();
  }

  /** The caller's open, unexpired session, or 404 `api.upload.sessionGone`. */
  private async openSession(who: Identity, uploadId: string): Promise<SessionRow> {
    const s = await sessionsStore.byId(this.ctx.db, uploadId);
    if (!s || s.owner_id !== who.userId || s.state !== 'open' || this.expired(s)) throw notFound('api.upload.sessionGone');
    return s;
  }

  /**
   * POST /api/upload/init. With the `uploadId` of the caller's open session of
   * the same size it resumes (returns what was received); otherwise it opens a
   * new session.
   */
  async init(who: Identity, body: InitBody): Promise<SessionView> {
    if (body.uploadId) {
      const s = await sessionsStore.byId(this.ctx.db, body.uploadId);
      if (s && s.owner_id === who.userId && s.size === body.size && s.state === 'open' && !this.expired(s)) {
        return { uploadId: s.id, chunkSize: CHUNK_SIZE, chunks: s.chunks, received: await sessionsStore.receivedIndexes(this.ctx.db, s.id) };
      }
    }
    const { origin, name } = this.plan(body.name);
    const multipartId = await this.ctx.storage.createMultipart(name);
    const session = {
      id: randomHex(16),
      owner_id: who.userId,
      origin,
      stored_name: name,
      size: body.size,
      chunks: chunkCount(body.size),
      multipart_id: multipartId,
      created: this.ctx.clock.now(),
    };
    try {
      await sessionsStore.insert(this.ctx.db, session);
    } catch (err) {
      await this.ctx.storage.abortMultipart(name, multipartId).catch(() => {});
      throw err;
    }
    return { uploadId: session.id, chunkSize: CHUNK_SIZE, chunks: session.chunks, received: [] };
  }

  /** Checks a chunk request before its body is read: the session and the index. */
  async checkChunk(who: Identity, uploadId: string, index: number): Promise<SessionRow> {
    const s = await this.chunkSession(who, uploadId);
    if (!Number.isInteger(index) || index < 0 || index >= s.chunks) throw badRequest('api.upload.badChunk');
    return s;
  }

  /**
   * The session of a chunk request, read once per node and then remembered: a session's owner,
   * size and storage never change, and its end is seen where it matters. The chunk's claim checks
   * in the database that the session is still open (cluster mode); in embedded mode, the only
   * process, complete, abort and the purge forget it before they end it (a deleted owner's
   * requests are refused before they get here).
   */
  private async chunkSession(who: Identity, uploadId: string): Promise<SessionRow> {
    const known = this.openSessions.get(uploadId);
    if (known && known.owner_id === who.userId && !this.expired(known)) return known;
    const s = await this.openSession(who, uploadId);
    this.openSessions.delete(uploadId);
    this.openSessions.set(uploadId, s);
    if (this.openSessions.size > REMEMBERED_SESSIONS) this.openSessions.delete(this.openSessions.keys().next().value!);
    return s;
  }

  /**
   * POST /api/upload/chunk: streams one chunk into the session's multipart
   * upload. Every chunk but the last is exactly CHUNK_SIZE bytes. Chunks may
   * come in any order, in parallel, to any node. A chunk once received is
   * never written again: sending it again is answered as a success and its
   * body is read and dropped (see `claim`).
   */
  async chunk(s: SessionRow, index: number, part: FilePart): Promise<{ index: number; received: number[] }> {
    const expected = chunkLength(s.size, index);
    const limits = { maxBytes: CHUNK_SIZE, exactBytes: expected };
    let claim: ChunkClaim | undefined;
    try {
      claim = await this.claim(s, index);
    } catch (err) {
      part.stream.resume();
      throw err;
    }
    if (!claim) {
      await this.drain(inspect(part.stream, limits, { whole: false }));
      return { index, received: await sessionsStore.receivedIndexes(this.ctx.db, s.id) };
    }
    const tap = this.hashers.begin(s.id, index);
    const inspector = inspect(part.stream, limits, { whole: false, tap: tap?.write });
    // The writer stops before its claim can be taken over (see claimPart), however slow the client.
    const deadline = setTimeout(() => inspector.destroy(new AppError(400, 'api.upload.failed')), CLAIM_WRITE_MS);
    try {
      let etag: string;
      try {
        etag = await this.ctx.storage.putPart(s.stored_name, s.multipart_id, index, inspector, expected, index * CHUNK_SIZE);
      } catch (err) {
        if (inspector.failure) throw inspector.failure;
        if (err instanceof MultipartGoneError) throw notFound('api.upload.sessionGone');
        throw err;
      } finally {
        clearTimeout(deadline);
      }
      const received = await claim.record({ idx: index, etag, size: expected });
      if (!received) throw notFound('api.upload.sessionGone');
      tap?.commit(etag);
      return { index, received };
    } catch (err) {
      tap?.abandon();
      // Only after the store has stopped writing: a retry may claim the index at once.
      await claim.release().catch((e) => this.ctx.log.warn({ err: e, session: s.id }, 'could not release a chunk claim'));
      throw err;
    } finally {
      claim.settle();
    }
  }

  /**
   * Claims chunk `index` for this request before a byte of it is written. Two writes of one index
   * must never overlap, and a received chunk must never change: on disk the chunks are written in
   * place, and this node may have hashed the bytes already (a later identical upload would be
   * deduplicated onto different content). Answers undefined when the chunk is received already.
   * While another request writes the index this one waits, unread, for its outcome (at most
   * CLAIM_WAIT_MS, then 409 `api.upload.chunkBusy`).
   *
   * In cluster mode the claim is a row in the database: several nodes may take chunks of one
   * session, and nodes on disk storage share one directory. In embedded mode this process is the
   * only one (PGlite admits one process per data directory), so the claim is an entry in memory and
   * costs no write to the database.
   */
  private async claim(s: SessionRow, index: number): Promise<ChunkClaim | undefined> {
    const { db } = this.ctx;
    const key = `${s.id}:${index}`;
    const local = this.ctx.config.mode === 'embedded';
    // How long this request waits is a matter of real time, not of the service clock.
    const waitUntil = performance.now() + CLAIM_WAIT_MS;
    for (let pause = 20; ; pause = Math.min(pause * 2, 500)) {
      if (local && !this.writing.has(key)) return this.claimLocally(s, index, key);
      if (!local) {
        const now = this.ctx.clock.now();
        const token = randomHex(8);
        const outcome = await sessionsStore.claimPart(db, s.id, index, { token, takeover: now + CLAIM_WRITE_MS + CLAIM_GRACE_MS }, now);
        if (outcome === 'claimed') {
          return this.track(key, {
            record: (part) => sessionsStore.recordPart(db, s.id, token, part),
            release: () => sessionsStore.releaseClaim(db, s.id, index, token),
          });
        }
        if (outcome === 'received') return undefined;
        if (outcome === 'gone') throw notFound('api.upload.sessionGone');
      }
      if (performance.now() >= waitUntil) throw conflict('api.upload.chunkBusy');
      // A writer in this process is awaited directly; one on another node is polled.
      await Promise.race([this.writing.get(key) ?? new Promise(() => {}), sleep(pause)]);
    }
  }

  /** The claim of the only process: taken before anything is awaited, then the index checked. */
  private async claimLocally(s: SessionRow, index: number, key: string): Promise<ChunkClaim | undefined> {
    const { db } = this.ctx;
    const claim = this.track(key, { record: (part) => sessionsStore.addPart(db, s.id, part), release: async () => {} });
    try {
      // Checked once the claim is held: no other request can record the index meanwhile.
      if (!(await sessionsStore.hasPart(db, s.id, index))) return claim;
    } catch (err) {
      claim.settle();
      throw err;
    }
    claim.settle();
    return undefined;
  }

  /** Marks chunk `key` as being written by this process until the claim settles. */
  private track(key: string, claim: Omit<ChunkClaim, 'settle'>): ChunkClaim {
    let settled = () => {};
    const done = new Promise<void>((resolve) => (settled = resolve));
    this.writing.set(key, done);
    return {
      ...claim,
      settle: () => {
        // A claim taken over after its writer's deadline may belong to a newer request of this node.
        if (this.writing.get(key) === done) this.writing.delete(key);
        settled();
      },
    };
  }

  /** Reads a chunk that is not stored to its end, with the limits of one that is. */
  private async drain(inspector: Inspector): Promise<void> {
    try {
      await pipeline(inspector, new Writable({ write: (_chunk, _enc, done) => done() }));
    } catch (err) {
      throw inspector.failure ?? err;
    }
  }

  /**
   * POST /api/upload/complete: 409 `api.upload.incomplete` (with `received`)
   * while chunks are missing; otherwise joins the parts, checks, dedups and
   * names the file. The session ends either way once joining starts.
   */
  async complete(who: Identity, uploadId: string): Promise<UploadResult> {
    const s = await this.openSession(who, uploadId);
    const parts = await sessionsStore.parts(this.ctx.db, s.id);
    if (parts.length < s.chunks) throw conflict('api.upload.incomplete', { received: parts.map((p) => p.idx) });
    // The session ends here whatever the outcome: its chunk requests read it afresh from now on.
    this.openSessions.delete(s.id);
    // Exactly one of two concurrent complete calls gets past this point.
    if (!(await sessionsStore.claimForCompletion(this.ctx.db, s.id, who.userId))) throw notFound('api.upload.sessionGone');
    try {
      const inspection = await this.join(s, parts);
      return await this.files.adopt({ name: s.stored_name, origin: s.origin, ownerId: who.userId, inspection }, async (q) => {
        await sessionsStore.delete(q, s.id);
      });
    } catch (err) {
      await this.dropSession(s);
      throw err;
    }
  }

  /**
   * Joins the parts into the stored object and inspects the content, reading
   * it once at most. When this node hashed every chunk as it arrived, the join
   * is all that is left. Otherwise the content is hashed while the store joins
   * it here (disk), or read back once after a join done elsewhere (S3).
   */
  private async join(s: SessionRow, rows: ReadonlyArray<{ idx: number; etag: string }>): Promise<Inspection> {
    const parts = rows.map((p) => ({ index: p.idx, etag: p.etag }));
    const followed = await this.hashers.finish(s.id, parts, s.chunks);
    const { uploadHashes } = this.ctx.metrics;
    if (followed) {
      await this.ctx.storage.completeMultipart(s.stored_name, s.multipart_id, parts);
      uploadHashes.inc({ how: 'streamed' });
      return { size: s.size, ...followed };
    }
    const probe = new ContentProbe({ maxBytes: MAX_FILE_BYTES, exactBytes: s.size });
    if (await this.ctx.storage.completeMultipart(s.stored_name, s.multipart_id, parts, (chunk) => probe.update(chunk))) {
      uploadHashes.inc({ how: 'joined' });
      return probe.finish();
    }
    const content = await this.ctx.storage.get(s.stored_name);
    if (!content) throw new Error('joined upload is missing');
    const inspection = await inspectAll(content, { maxBytes: MAX_FILE_BYTES, exactBytes: s.size });
    uploadHashes.inc({ how: 'read_back' });
    return inspection;
  }

  /** POST /api/upload/abort. */
  async abort(who: Identity, uploadId: string): Promise<void> {
    const s = await sessionsStore.byId(this.ctx.db, uploadId);
    if (!s || s.owner_id !== who.userId) throw notFound('api.upload.sessionGone');
    await this.dropSession(s);
  }

  /** Removes a session, its parts and anything it wrote. */
  private async dropSession(s: SessionRow): Promise<void> {
    this.openSessions.delete(s.id);
    this.hashers.forget(s.id);
    await sessionsStore.delete(this.ctx.db, s.id);
    await this.release(s).catch((err) => this.ctx.log.warn({ err, session: s.id }, 'could not release upload parts'));
  }

  private async release(s: SessionRow): Promise<void> {
    this.openSessions.delete(s.id);
    this.hashers.forget(s.id);
    await this.ctx.storage.abortMultipart(s.stored_name, s.multipart_id);
    await this.ctx.storage.delete(s.stored_name);
  }

  /**
   * Hook `beforeUserDelete`: the account's sessions go with it (their rows cascade), so their
   * parts are released once the deletion has committed (S3: the multipart uploads are aborted).
   * A session a complete call has claimed is left to that call.
   */
  async beforeUserDelete(q: Queryable, userId: number): Promise<() => Promise<void>> {
    const open = await sessionsStore.openOf(q, userId);
    return async () => {
      for (const s of open) {
        await this.release(s).catch((err) => this.ctx.log.warn({ err, session: s.id }, 'could not release upload parts'));
      }
    };
  }

  /**
   * Job `uploads.purge`: removes sessions older than 24 hours with their parts
   * (S3: aborts the multipart upload). Rows are claimed with SKIP LOCKED and
   * storage is released inside the claiming transaction, so two workers never
   * collide and a crash leaves the row to retry.
   */
  async purgeExpired(): Promise<number> {
    const cutoff = this.ctx.clock.now() - SESSION_LIFETIME_MS;
    let purged = 0;
    for (;;) {
      const n = await this.ctx.db.tx(async (q) => {
        const rows = await sessionsStore.lockExpired(q, cutoff, PURGE_BATCH);
        for (const s of rows) await this.release(s);
        await sessionsStore.deleteMany(
          q,
          rows.map((r) => r.id),
        );
        return rows.length;
      });
      purged += n;
      if (n < PURGE_BATCH) break;
    }
    if (purged) this.ctx.log.info({ purged }, 'expired upload sessions purged');
    return purged;
  }
}
