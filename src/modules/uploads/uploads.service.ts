import type { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Identity } from '../../http/identity.ts';
import { randomHex } from '../../lib/crypto.ts';
import { MultipartGoneError } from '../../storage/index.ts';
import type { FilesService, UploadResult } from './files.service.ts';
import { ChunkHashers } from './chunk-hashers.ts';
import { ContentProbe, type Inspection, inspect, inspectAll } from './inspector.ts';
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
import { type SessionRow, sessionsStore } from './uploads.store.ts';

/** Sessions removed per transaction by the purge job. */
const PURGE_BATCH = 50;

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
    const s = await this.openSession(who, uploadId);
    if (!Number.isInteger(index) || index < 0 || index >= s.chunks) throw badRequest('api.upload.badChunk');
    return s;
  }

  /**
   * POST /api/upload/chunk: streams one chunk into the session's multipart
   * upload. Every chunk but the last is exactly CHUNK_SIZE bytes; sending an
   * index again replaces it. Chunks may come in any order, in parallel, to any node.
   */
  async chunk(s: SessionRow, index: number, part: FilePart): Promise<{ index: number; received: number[] }> {
    const expected = chunkLength(s.size, index);
    const tap = this.hashers.begin(s.id, index);
    const inspector = inspect(part.stream, { maxBytes: CHUNK_SIZE, exactBytes: expected }, { whole: false, tap: tap?.write });
    let etag: string;
    try {
      etag = await this.ctx.storage.putPart(s.stored_name, s.multipart_id, index, inspector, expected);
    } catch (err) {
      tap?.abandon();
      if (inspector.failure) throw inspector.failure;
      if (err instanceof MultipartGoneError) throw notFound('api.upload.sessionGone');
      throw err;
    }
    if (!(await sessionsStore.putPart(this.ctx.db, s.id, { idx: index, etag, size: expected }))) {
      tap?.abandon();
      throw notFound('api.upload.sessionGone');
    }
    tap?.commit(etag);
    return { index, received: await sessionsStore.receivedIndexes(this.ctx.db, s.id) };
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
    this.hashers.forget(s.id);
    await sessionsStore.delete(this.ctx.db, s.id);
    await this.release(s).catch((err) => this.ctx.log.warn({ err, session: s.id }, 'could not release upload parts'));
  }

  private async release(s: SessionRow): Promise<void> {
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
