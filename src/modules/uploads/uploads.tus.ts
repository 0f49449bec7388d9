import { mkdir } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { MetadataValue } from '@tus/s3-store';
import { type DataStore, ERRORS, type KvStore, type Locker, MemoryLocker, Server, type ServerOptions, type Upload } from '@tus/server';
import type { Request, Response } from 'express';
import type { AppContext } from '../../context.ts';
import { AppError, DependencyUnavailable, notFound } from '../../errors.ts';
import type { Identity } from '../../identity.ts';
import { randomHex } from '../../lib/crypto.ts';
import { originPolicyOf } from '../../lib/origin-policy.ts';
import type { SharedState } from '../../state/shared-state.ts';
import { s3ClientConfig, storageFailure } from '../../storage/s3-settings.ts';
import { uploadsDir } from '../../storage/index.ts';
import type { UploadResult } from './files.service.ts';
import { SharedStateLocker } from './tus-locker.ts';
import { CHUNK_SIZE, MAX_FILE_BYTES, SESSION_LIFETIME_MS } from './uploads.policy.ts';
import type { UploadsService } from './uploads.service.ts';

export const TUS_PATH = '/api/tus';
const TUS_ID_RE = /^[0-9a-f]{32}$/;

/** The metadata key of an upload's creation time by `ctx.clock` (ms), set by the server. */
const CREATED_KEY = 'created';

/** A tus store that can also list its uploads' ids (for our own expiry) and read an upload back. */
type TusDataStore = DataStore & { read(id: string): Readable | Promise<Readable>; uploadIds(): AsyncIterable<string> };

/**
 * tus' S3 metadata cache in the shared state (Redis), so every node sees an upload the same way.
 * Entries live as long as an upload may (the state needs a lifetime; tus' own Redis store kept
 * them forever).
 */
class SharedStateKvStore<T> implements KvStore<T> {
  constructor(private readonly state: SharedState) {}

  private key = (id: string) => `tus:meta:${id}`;

  async get(id: string): Promise<T | undefined> {
    const raw = await this.state.get(this.key(id));
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  async set(id: string, value: T): Promise<void> {
    await this.state.set(this.key(id), JSON.stringify(value), SESSION_LIFETIME_MS + 3_600_000);
  }

  async delete(id: string): Promise<void> {
    await this.state.del(this.key(id));
  }
}

/** Response headers that carry the outcome of a finished tus upload (final PATCH, and HEAD afterwards). */
export const RESULT_HEADERS = { url: 'Upload-Url', kind: 'Upload-Kind', deduped: 'Upload-Deduped', name: 'Upload-Name' } as const;

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];

/** What HEAD answers for an upload finalised earlier. */
interface FinishedUpload extends UploadResult {
  owner: number;
}

/** The Express request (and so the identity set by `login`) behind a tus request. */
function identityOf(req: TusRequest): Identity {
  const node = (req as { runtime?: { node?: { req?: IncomingMessage & { identity?: Identity } } } }).runtime?.node?.req;
  const identity = node?.identity;
  if (!identity) throw new AppError(401, 'api.unauthorized');
  return identity;
}

/** A failure in tus' terms, with our JSON body. */
const tusError = (err: AppError) => ({ status_code: err.status, body: JSON.stringify({ ok: false, error: err.key }) });

/**
 * The tus endpoint (resumable uploads for tus-js-client, Uppy...) at
 * /api/tus. Uploads go to @tus/file-store (disk) or @tus/s3-store (S3); on
 * completion the content is finalised like any other upload (classified,
 * deduplicated, named) and the tus copy removed. The final `/uploads/...` URL
 * is in the `Upload-Url` header of the last PATCH response, and of a HEAD on
 * the upload URL for 24 hours after.
 */
export class TusEndpoint {
  readonly server: Server;

  private constructor(
    private readonly ctx: AppContext,
    private readonly uploads: UploadsService,
    private readonly datastore: TusDataStore,
    locker: Locker,
  ) {
    const origins = originPolicyOf(ctx.config);
    this.server = new Server({
      path: TUS_PATH,
      datastore,
      locker,
      maxSize: MAX_FILE_BYTES,
      relativeLocation: true,
      namingFunction: () => randomHex(16),
      exposedHeaders: Object.values(RESULT_HEADERS),
      // CORS for CORS_ORIGINS only, with credentials; tus' default is `Access-Control-Allow-Origin: *`.
      allowedOrigins: (origin) => origins.isCorsOrigin(origin),
      allowedCredentials: ctx.config.corsOrigins.length > 0,
      onUploadCreate: (req, upload) => this.onCreate(req, upload),
      onIncomingRequest: (req, id) => this.checkOwner(req, id),
      onUploadFinish: (req, upload) => this.onFinish(req, upload),
      onResponseError: (req, err) => this.mapError(req, err),
    });
  }

  static async create(ctx: AppContext, uploads: UploadsService): Promise<TusEndpoint> {
    const { config } = ctx;
    // Several nodes need a shared upload cache and a shared lock; one node keeps both in memory.
    const shared = ctx.state.kind === 'redis';
    let datastore: TusDataStore;
    if (config.s3) {
      // Imported here: a node storing on disk never loads the AWS SDK.
      const { ListingS3Store } = await import('./uploads.tus-s3.ts');
      datastore = new ListingS3Store({
        partSize: CHUNK_SIZE,
        expirationPeriodInMilliseconds: SESSION_LIFETIME_MS,
        s3ClientConfig: { ...s3ClientConfig(config.s3), bucket: config.s3.bucket },
        ...(shared ? { cache: new SharedStateKvStore<MetadataValue>(ctx.state) } : {}),
      });
    } else {
      const directory = path.join(uploadsDir(config), '.tus');
      await mkdir(directory, { recursive: true });
      const fileStore = new FileStore({ directory, expirationPeriodInMilliseconds: SESSION_LIFETIME_MS });
      datastore = Object.assign(fileStore, {
        uploadIds: async function* () {
          yield* (await fileStore.configstore.list?.()) ?? [];
        },
      });
    }
    let locker: Locker = new MemoryLocker();
    if (shared) {
      const sharedLocker = new SharedStateLocker(ctx.state);
      await sharedLocker.listen();
      locker = sharedLocker;
    }
    return new TusEndpoint(ctx, uploads, datastore, locker);
  }

  /** Creation: a known length within the limit and an allowed file name; the owner is recorded. */
  private async onCreate(req: TusRequest, upload: Upload): Promise<{ metadata: Record<string, string | null> }> {
    const who = identityOf(req);
    if (upload.size === undefined) throw tusError(new AppError(400, 'api.upload.tooLarge'));
    try {
      this.uploads.checkName(upload.metadata?.filename ?? '');
    } catch (err) {
      if (err instanceof AppError) throw tusError(err);
      throw err;
    }
    // After the client's metadata, so that a client cannot set either.
    return { metadata: { ...upload.metadata, owner: String(who.userId), [CREATED_KEY]: String(this.ctx.clock.now()) } };
  }

  /** Only the creator may touch an upload; anyone else sees it as missing. Expired uploads are gone (410). */
  private async checkOwner(req: TusRequest, id: string): Promise<void> {
    if (req.method === 'POST') return;
    const who = identityOf(req);
    const upload = await this.datastore.getUpload(id);
    if (upload.metadata?.owner !== String(who.userId)) throw tusError(notFound('api.upload.sessionGone'));
    if (req.method !== 'DELETE' && this.expired(upload)) throw ERRORS.FILE_NO_LONGER_EXISTS;
  }

  /**
   * Older than SESSION_LIFETIME_MS by `ctx.clock`. tus has an expiry of its own, judged by the
   * system clock with no way to inject one; it stays configured (it advertises the expiration
   * extension and tags S3 parts) and can only agree later than this, since `ctx.clock` never
   * runs behind the system clock.
   */
  private expired(upload: Upload): boolean {
    const recorded = Number(upload.metadata?.[CREATED_KEY]);
    // Uploads created before the creation time was recorded: tus' own creation date.
    const created = Number.isFinite(recorded) && recorded > 0 ? recorded : Date.parse(upload.creation_date ?? '');
    return Number.isFinite(created) && created + SESSION_LIFETIME_MS <= this.ctx.clock.now();
  }

  /** The upload is complete: finalise it like any other upload, then drop the tus copy. */
  private async onFinish(req: TusRequest, upload: Upload): Promise<{ headers: Record<string, string> }> {
    const who = identityOf(req);
    let result: UploadResult;
    try {
      const body = await this.datastore.read(upload.id);
      result = await this.uploads.ingest(who.userId, upload.metadata?.filename ?? '', body, {
        maxBytes: MAX_FILE_BYTES,
        size: upload.size ?? 0,
      });
    } catch (err) {
      if (err instanceof AppError) throw tusError(err);
      throw err;
    } finally {
      await this.datastore.remove(upload.id).catch((err) => this.ctx.log.warn({ err, id: upload.id }, 'could not remove tus upload'));
    }
    const finished: FinishedUpload = { ...result, owner: who.userId };
    await this.ctx.state.set(this.doneKey(upload.id), JSON.stringify(finished), SESSION_LIFETIME_MS);
    return { headers: resultHeaders(result) };
  }

  private mapError(req: TusRequest, err: Error | { status_code: number; body: string }) {
    // The tus S3 store's own calls fail with the SDK's errors: an unreachable S3 is an outage too.
    const known = err instanceof Error ? storageFailure(err) : err;
    if (known instanceof DependencyUnavailable) this.ctx.log.warn({ err, method: req.method }, 'tus request failed: dependency unavailable');
    if (known instanceof AppError) return tusError(known);
    if ('status_code' in err) return undefined;
    // tus would put the internal message in the body; log it instead.
    this.ctx.log.error({ err, method: req.method }, 'tus request failed');
    return { status_code: 500, body: JSON.stringify({ ok: false, error: 'api.internal' }) };
  }

  private doneKey(id: string): string {
    return `tus:done:${id}`;
  }

  /**
   * Express handler of the tus routes (`/api/tus{/*id}`, after `login`): POST, PATCH, HEAD, DELETE
   * and OPTIONS. Reading an upload back (GET) is not offered: finished files are served from /uploads.
   */
  handle = async (req: Request, res: Response): Promise<void> => {
    const segments: unknown = req.params.id;
    const id = Array.isArray(segments) && segments.length === 1 ? String(segments[0]) : '';
    if (req.method === 'HEAD' && TUS_ID_RE.test(id) && (await this.answerFinished(req, res, id))) return;
    // tus routes on the full URL.
    req.url = req.originalUrl;
    await this.server.handle(req, res);
  };

  /** HEAD of an upload finalised earlier: report it complete, with its result. */
  private async answerFinished(req: Request, res: Response, id: string): Promise<boolean> {
    const raw = await this.ctx.state.get(this.doneKey(id));
    if (!raw) return false;
    const finished = JSON.parse(raw) as FinishedUpload;
    if (finished.owner !== req.identity?.userId) return false;
    res.status(200).set({
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(finished.size),
      'Upload-Length': String(finished.size),
      'Cache-Control': 'no-store',
      ...resultHeaders(finished),
    });
    res.end();
    return true;
  }

  /** Removes unfinished tus uploads older than SESSION_LIFETIME_MS by `ctx.clock`. */
  async purgeExpired(): Promise<number> {
    let removed = 0;
    for await (const id of this.datastore.uploadIds()) {
      if (!TUS_ID_RE.test(id)) continue;
      const upload = await this.datastore.getUpload(id).catch(() => undefined);
      if (!upload || !this.expired(upload)) continue;
      await this.datastore.remove(id);
      removed++;
    }
    if (removed) this.ctx.log.info({ removed }, 'expired tus uploads purged');
    return removed;
  }

  async close(): Promise<void> {}
}

function resultHeaders(r: UploadResult): Record<string, string> {
  return {
    [RESULT_HEADERS.url]: r.url,
    [RESULT_HEADERS.kind]: r.kind,
    [RESULT_HEADERS.deduped]: String(r.deduped),
    [RESULT_HEADERS.name]: encodeURIComponent(r.name),
  };
}
