import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { AppError, badRequest, notFound, UniqueViolation } from '../../errors.ts';
import { type Actor, audit } from '../audit/audit.service.ts';
import { type ByteRange, STORED_NAME_RE } from '../../storage/index.ts';
import type { Inspection } from './inspector.ts';
import { allowedType, extensionOf, kindOf, nameFromUrl, signatureMatches, uploadUrl } from './uploads.policy.ts';
import { type FileRow, filesStore } from './uploads.store.ts';

const DAY = 86_400_000;
/** Files removed per transaction by the expiry job. */
const EXPIRE_BATCH = 100;
/** Upload URLs per call of a reference hook. */
const HOOK_BATCH = 1000;

/** The answer to every way of uploading (spec 4.5). */
export interface UploadResult {
  kind: string;
  url: string;
  /** The original file name of this upload. */
  name: string;
  size: number;
  deduped: boolean;
}

/** Spec 2.15. */
export interface AdminFileEntry {
  name: string;
  origin: string;
  size: number;
  ts: number;
  kind: string;
  used: number;
  avatar: boolean;
}

/**
 * Stored files as records: adopting freshly written content (signature check,
 * dedup, naming), lookups for serving, administration, and retention.
 */
export class FilesService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Turns content just written under `name` into a file: checks an image's
   * signature, then either records it or, when identical content is already
   * stored, drops it and answers the existing file (`deduped`). `inTx` runs in
   * the transaction that records the file. On refusal the content is removed.
   */
  async adopt(
    input: { name: string; origin: string; ownerId: number; inspection: Inspection },
    inTx?: (q: Queryable) => Promise<void>,
  ): Promise<UploadResult> {
    const { name, origin, inspection } = input;
    const ext = extensionOf(name);
    const detected = await fileTypeFromBuffer(inspection.head).catch(() => undefined);
    if (!signatureMatches(ext, detected?.ext)) {
      await this.discard(name);
      throw badRequest('api.upload.badSignature');
    }
    let existing: FileRow | undefined;
    try {
      existing = await this.ctx.db.tx(async (q) => {
        const found = await filesStore.bySha256(q, inspection.sha256);
        if (!found) {
          await filesStore.insert(q, {
            name,
            origin,
            size: inspection.size,
            sha256: inspection.sha256,
            kind: kindOf(ext),
            uploader_id: input.ownerId,
            created: this.ctx.clock.now(),
          });
        }
        await inTx?.(q);
        return found;
      });
    } catch (err) {
      if (!(err instanceof UniqueViolation)) {
        await this.discard(name);
        throw err;
      }
      // Identical content recorded by a concurrent upload a moment ago.
      existing = await filesStore.bySha256(this.ctx.db, inspection.sha256);
      if (!existing) throw err;
      await this.ctx.db.tx(async (q) => inTx?.(q));
    }
    if (!existing) return { kind: kindOf(ext), url: uploadUrl(name), name: origin, size: inspection.size, deduped: false };
    await this.discard(name);
    return { kind: existing.kind, url: uploadUrl(existing.name), name: origin, size: existing.size, deduped: true };
  }

  /** Removes content that never became a file (failures are logged: it is unreachable anyway). */
  async discard(name: string): Promise<void> {
    await this.ctx.storage.delete(name).catch((err) => this.ctx.log.warn({ err, name }, 'could not remove discarded upload'));
  }

  /** A file whose content can be served; undefined for unknown, expired or deleted names. */
  async live(name: string): Promise<FileRow | undefined> {
    if (!STORED_NAME_RE.test(name)) return undefined;
    return filesStore.live(this.ctx.db, name);
  }

  /** The content of a stored file (or of an inclusive byte range of it). */
  async content(name: string, range?: ByteRange): Promise<Readable | undefined> {
    return this.ctx.storage.get(name, range);
  }

  /** True when `url` is `/uploads/<name>` of a file stored on this server and not removed. */
  async isLiveUpload(url: string): Promise<boolean> {
    const name = nameFromUrl(url);
    return name !== undefined && (await this.live(name)) !== undefined;
  }

  /** True when `url` is `/uploads/<name>` of a live image on this server (what an avatar must be). */
  async isLiveImage(url: string): Promise<boolean> {
    const name = nameFromUrl(url);
    if (!name) return false;
    return (await this.live(name))?.kind === 'image';
  }

  /** GET /api/admin/files (spec 2.15). */
  async adminList(query: { q?: string | undefined; limit: number; offset: number }) {
    const { rows, total, totalSize } = await filesStore.list(this.ctx.db, query.q, query.limit, query.offset);
    const urls = rows.map((r) => uploadUrl(r.name));
    const [refs, avatars] = await Promise.all([this.references(urls, this.ctx.db), this.avatars(urls, this.ctx.db)]);
    return {
      total,
      totalSize,
      usedCount: await this.usedCount(query.q),
      limit: query.limit,
      offset: query.offset,
      files: rows.map(
        (r): AdminFileEntry => ({
          name: r.name,
          origin: r.origin,
          size: r.size,
          ts: r.created,
          kind: r.kind,
          used: refs.get(uploadUrl(r.name)) ?? 0,
          avatar: avatars.has(uploadUrl(r.name)),
        }),
      ),
    };
  }

  /** Files of the whole match referenced at least once. Skips the scan when no module counts references. */
  private async usedCount(q: string | undefined): Promise<number> {
    if (this.ctx.hooks.fileReferences.length === 0) return 0;
    const urls = (await filesStore.liveNames(this.ctx.db, q)).map(uploadUrl);
    let used = 0;
    for (let i = 0; i < urls.length; i += HOOK_BATCH) {
      const refs = await this.references(urls.slice(i, i + HOOK_BATCH), this.ctx.db);
      for (const n of refs.values()) if (n > 0) used++;
    }
    return used;
  }

  /**
   * POST /api/admin/file/del: removes the content, marks referencing messages
   * `file_expired` (returns how many) and drops the dedup hash; the row stays.
   */
  async adminDelete(actor: Actor, name: string): Promise<number> {
    if (!STORED_NAME_RE.test(name) || !allowedType(extensionOf(name))) throw badRequest('api.admin.fileInvalid');
    return this.ctx.db.tx(async (q) => {
      const file = await filesStore.lockLive(q, name);
      if (!file) throw notFound('api.admin.fileNotFound');
      const url = uploadUrl(name);
      if ((await this.avatars([url], q)).has(url)) throw badRequest('api.admin.fileIsAvatar');
      const now = this.ctx.clock.now();
      // Inside the transaction: if the removal fails, nothing is marked and the call can be repeated.
      await this.ctx.storage.delete(name);
      await filesStore.markRemoved(q, [name], now);
      const expired = await this.markExpired([url], q);
      await audit(q, {
        actor,
        action: 'file.delete',
        target: name,
        detail: { k: 'api.audit.fileDelete', v: { name, origin: file.origin, expired } },
        ts: now,
      });
      return expired;
    });
  }

  /** POST /api/admin/files/del-batch: each name runs the single flow; refusals count as failed. */
  async adminDeleteBatch(actor: Actor, names: readonly string[]): Promise<{ deleted: number; failed: number; expired: number }> {
    let deleted = 0;
    let failed = 0;
    let expired = 0;
    for (const name of names) {
      try {
        expired += await this.adminDelete(actor, name);
        deleted++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        failed++;
      }
    }
    return { deleted, failed, expired };
  }

  /**
   * Job `files.expire`: removes files older than FILE_TTL_DAYS (0 keeps files
   * forever), avatars excepted, and marks their messages `file_expired`. Safe
   * to run twice at once: rows are claimed with SKIP LOCKED, and content is
   * deleted inside the claiming transaction so a crash leaves the row to retry.
   */
  async expireOld(): Promise<{ removed: number; marked: number }> {
    const ttlDays = this.ctx.config.fileTtlDays;
    if (ttlDays <= 0) return { removed: 0, marked: 0 };
    const now = this.ctx.clock.now();
    const cutoff = now - ttlDays * DAY;
    let after = '';
    let removed = 0;
    let marked = 0;
    for (;;) {
      const last = await this.ctx.db.tx(async (q) => {
        const rows = await filesStore.lockExpiring(q, cutoff, after, EXPIRE_BATCH);
        if (rows.length === 0) return undefined;
        const avatars = await this.avatars(
          rows.map((r) => uploadUrl(r.name)),
          q,
        );
        const doomed = rows.map((r) => r.name).filter((n) => !avatars.has(uploadUrl(n)));
        for (const name of doomed) await this.ctx.storage.delete(name);
        await filesStore.markRemoved(q, doomed, now);
        marked += await this.markExpired(doomed.map(uploadUrl), q);
        removed += doomed.length;
        return rows.at(-1)!.name;
      });
      if (last === undefined) break;
      after = last;
    }
    if (removed) this.ctx.log.info({ removed, marked }, 'expired files removed');
    return { removed, marked };
  }

  private async references(urls: readonly string[], q: Queryable): Promise<Map<string, number>> {
    const total = new Map<string, number>();
    if (urls.length === 0) return total;
    for (const hook of this.ctx.hooks.fileReferences) {
      for (const [url, n] of await hook(urls, q)) total.set(url, (total.get(url) ?? 0) + n);
    }
    return total;
  }

  private async avatars(urls: readonly string[], q: Queryable): Promise<Set<string>> {
    const all = new Set<string>();
    if (urls.length === 0) return all;
    for (const hook of this.ctx.hooks.avatarFiles) for (const url of await hook(urls, q)) all.add(url);
    return all;
  }

  private async markExpired(urls: readonly string[], q: Queryable): Promise<number> {
    if (urls.length === 0) return 0;
    let marked = 0;
    for (const hook of this.ctx.hooks.markFilesExpired) marked += await hook(urls, q);
    return marked;
  }
}
