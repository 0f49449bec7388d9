import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { AppError, badRequest, notFound, UniqueViolation } from '../../errors.ts';
import { type Actor, audit } from '../audit/audit.service.ts';
import { type ByteRange, STORED_NAME_RE } from '../../storage/index.ts';
import type { Inspection } from './inspector.ts';
import {
  allowedType,
  extensionOf,
  type FileKind,
  type FileUse,
  type FileUser,
  kindOf,
  nameFromUrl,
  nameInLink,
  signatureMatches,
  uploadUrl,
} from './uploads.policy.ts';
import { type FileRow, filesStore, type LiveFileRow } from './uploads.store.ts';

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
 * dedup, naming), lookups for serving, who may reference a file, administration,
 * and retention. A record (`/uploads/<name>`) belongs to one uploader; the blob
 * behind it may back several uploaders' records of the same bytes.
 */
export class FilesService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Turns content just written under `name` into the uploader's file: checks an image's
   * signature, then records it. Content already stored (same sha256) is not kept twice: the
   * new copy is dropped and the uploader gets a record of their own backed by the stored blob
   * (`deduped`), or the record they already have of those bytes. Another uploader's record is
   * never handed out. `inTx` runs in the transaction that records the file. On refusal the
   * content is removed.
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
    let recorded: { file: FileRow; stored: boolean };
    try {
      recorded = await this.record(input, kindOf(ext), inTx);
    } catch (err) {
      await this.discard(name);
      throw err;
    }
    if (!recorded.stored) await this.discard(name);
    const { file } = recorded;
    return { kind: file.kind, url: uploadUrl(file.name), name: origin, size: file.size, deduped: !recorded.stored };
  }

  /**
   * Records an upload in one transaction: a new blob and record (`stored`: the content just
   * written is kept), a new record on the blob of the same bytes, or the uploader's existing
   * record of them. A concurrent upload of the same bytes makes the insert fail on a unique
   * index (the hash, or one record per uploader and blob); looking again then finds its rows.
   */
  private async record(
    input: { name: string; origin: string; ownerId: number; inspection: Inspection },
    kind: FileKind,
    inTx: ((q: Queryable) => Promise<void>) | undefined,
  ): Promise<{ file: FileRow; stored: boolean }> {
    const { name, origin, ownerId, inspection } = input;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.ctx.db.tx(async (q) => {
          const blob = await filesStore.shareBlob(q, inspection.sha256);
          const own = blob && (await filesStore.recordOf(q, ownerId, blob.key));
          let result: { file: FileRow; stored: boolean };
          if (own) {
            result = { file: own, stored: false };
          } else {
            const file = {
              name,
              origin,
              size: inspection.size,
              kind,
              uploader_id: ownerId,
              created: this.ctx.clock.now(),
              blob: blob?.key ?? name,
            };
            if (!blob) await filesStore.insertBlob(q, { key: name, sha256: inspection.sha256, size: inspection.size });
            await filesStore.insert(q, file);
            result = { file: { ...file, removed: null }, stored: !blob };
          }
          await inTx?.(q);
          return result;
        });
      } catch (err) {
        if (!(err instanceof UniqueViolation) || attempt >= 3) throw err;
      }
    }
  }

  /** Removes content that never became a file (failures are logged: it is unreachable anyway). */
  async discard(name: string): Promise<void> {
    await this.ctx.storage.delete(name).catch((err) => this.ctx.log.warn({ err, name }, 'could not remove discarded upload'));
  }

  /** A file whose content can be served; undefined for unknown, expired or deleted names. */
  async live(name: string): Promise<LiveFileRow | undefined> {
    if (!STORED_NAME_RE.test(name)) return undefined;
    return filesStore.live(this.ctx.db, name);
  }

  /** The content of a live file (or of an inclusive byte range of it). */
  async content(file: LiveFileRow, range?: ByteRange): Promise<Readable | undefined> {
    return this.ctx.storage.get(file.blob, range);
  }

  /**
   * Whether `user` may put the upload at `url` in a message: `missing` when it names no live
   * upload; `ok` for their own upload, one shared with them (a live file message of a room they
   * read: `hooks.fileShares`, asked only for someone else's file) or for a platform
   * administrator; `notYours` otherwise. One indexed lookup for one's own file.
   */
  async messageUse(user: FileUser, url: string): Promise<FileUse> {
    const name = nameFromUrl(url);
    const file = name === undefined ? undefined : await this.live(name);
    if (!file) return 'missing';
    if (this.owns(user, file)) return 'ok';
    for (const shared of this.ctx.hooks.fileShares) if (await shared(user.userId, url)) return 'ok';
    return 'notYours';
  }

  /**
   * Whether `user` may make the upload at `url` an avatar: `missing` unless it is a live
   * image; then `ok` only for their own (or for a platform administrator). An avatar keeps its
   * file from expiring and from deletion, a hold on the file that only its uploader may place.
   */
  async avatarUse(user: FileUser, url: string): Promise<FileUse> {
    const name = nameFromUrl(url);
    const file = name === undefined ? undefined : await this.live(name);
    if (file?.kind !== 'image') return 'missing';
    return this.owns(user, file) ? 'ok' : 'notYours';
  }

  /**
   * The same for an absolute URL as a group avatar is (spec 4.4: any http(s) URL): `ok` when it
   * names no live upload here (it points elsewhere); otherwise the avatar rule.
   */
  async linkedAvatarUse(user: FileUser, link: string): Promise<FileUse> {
    const name = nameInLink(link);
    const file = name === undefined ? undefined : await this.live(name);
    if (!file) return 'ok';
    return this.owns(user, file) ? 'ok' : 'notYours';
  }

  /** Whether this is the user's own upload, or the user a platform administrator. */
  owns(user: FileUser, file: { uploader_id: number | null }): boolean {
    return user.platformAdmin || file.uploader_id === user.userId;
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
   * POST /api/admin/file/del (and the uploader's own deletion through a group): removes the
   * record, marks every message referencing it `file_expired` (returns how many) and deletes
   * the content when no other record shares it (dropping its hash); the row stays.
   */
  async adminDelete(actor: Actor, name: string): Promise<number> {
    if (!STORED_NAME_RE.test(name) || !allowedType(extensionOf(name))) throw badRequest('api.admin.fileInvalid');
    return this.ctx.db.tx(async (q) => {
      const file = await filesStore.lockLive(q, name);
      if (!file) throw notFound('api.admin.fileNotFound');
      const url = uploadUrl(name);
      if ((await this.avatars([url], q)).has(url)) throw badRequest('api.admin.fileIsAvatar');
      const now = this.ctx.clock.now();
      const expired = await this.removeLocked(q, [file], now);
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

  /**
   * Withdraws a file from one conversation (a group manager's deletion of a file someone else
   * uploaded): `expire(q)` marks that conversation's messages `file_expired` and returns how
   * many. The file itself is removed only when no live message or avatar anywhere still uses
   * it; otherwise its other conversations keep it. Audited (`file.withdraw`).
   */
  async withdraw(actor: Actor, name: string, where: { gid: string }, expire: (q: Queryable) => Promise<number>): Promise<number> {
    return this.ctx.db.tx(async (q) => {
      const file = await filesStore.lockLive(q, name);
      if (!file) throw notFound('api.admin.fileNotFound');
      const url = uploadUrl(name);
      const expired = await expire(q);
      const inUse = ((await this.references([url], q)).get(url) ?? 0) > 0 || (await this.avatars([url], q)).has(url);
      const now = this.ctx.clock.now();
      if (!inUse) await this.removeLocked(q, [file], now);
      await audit(q, {
        actor,
        action: 'file.withdraw',
        target: name,
        detail: { k: 'api.audit.fileWithdraw', v: { name, origin: file.origin, gid: where.gid, expired, removed: !inUse } },
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
        const doomed = rows.filter((r) => !avatars.has(uploadUrl(r.name)));
        marked += await this.removeLocked(q, doomed, now);
        removed += doomed.length;
        return rows.at(-1)!.name;
      });
      if (last === undefined) break;
      after = last;
    }
    if (removed) this.ctx.log.info({ removed, marked }, 'expired files removed');
    return { removed, marked };
  }

  /**
   * Removes live records the caller has locked, inside its transaction: marks them removed,
   * deletes the blobs no live record uses any more (if the store fails, the transaction rolls
   * back and the call can be repeated) and marks the messages referencing the records
   * `file_expired`. Returns how many messages were marked.
   */
  private async removeLocked(q: Queryable, rows: readonly FileRow[], now: number): Promise<number> {
    if (rows.length === 0) return 0;
    await filesStore.markRemoved(
      q,
      rows.map((r) => r.name),
      now,
    );
    const blobs = [...new Set(rows.flatMap((r) => (r.blob === null ? [] : [r.blob])))];
    const unused = await filesStore.lockUnusedBlobs(q, blobs);
    for (const key of unused) await this.ctx.storage.delete(key);
    await filesStore.deleteBlobs(q, unused);
    return this.markExpired(
      rows.map((r) => uploadUrl(r.name)),
      q,
    );
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
