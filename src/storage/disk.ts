import { constants, createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { access, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomHex } from '../lib/crypto.ts';
import { assertStoredName, type BlobStore, type ByteRange, MultipartGoneError, type StoredPart } from './blob-store.ts';

const MULTIPART_ID_RE = /^[0-9a-f]{32}$/;
/** `<index>.<16 hex>`, or a bare index for parts written before etags named the write. */
const PART_ETAG_RE = /^(\d+)(?:\.[0-9a-f]{16})?$/;
/** Reads and writes of whole files go in pieces this large (uploads arrive in 64 KB socket reads). */
const IO_BYTES = 1024 * 1024;

/**
 * Files under one directory (`DATA_DIR/uploads`). Every write goes to a
 * temporary name in `.tmp/` first and is renamed into place when complete
 * (rename is atomic on one file system). A chunked upload is one file,
 * `.parts/<id>`, each chunk written at its offset; completing renames it into place.
 */
export class DiskStore implements BlobStore {
  readonly kind = 'disk' as const;
  private readonly tmpDir: string;
  private readonly partsDir: string;

  private constructor(readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
    this.partsDir = path.join(root, '.parts');
  }

  static async open(root: string): Promise<DiskStore> {
    const store = new DiskStore(root);
    await mkdir(store.tmpDir, { recursive: true });
    await mkdir(store.partsDir, { recursive: true });
    return store;
  }

  private file(name: string): string {
    assertStoredName(name);
    return path.join(this.root, name);
  }

  /** The session file of a chunked upload (a directory of part files for sessions opened before parts were written in place). */
  private partPath(multipartId: string): string {
    if (!MULTIPART_ID_RE.test(multipartId)) throw new Error('not a multipart id');
    return path.join(this.partsDir, multipartId);
  }

  /** Writes a stream to a fresh temporary file; removes it if anything fails. */
  private async writeTemp(body: Readable | AsyncIterable<Buffer>): Promise<string> {
    const tmp = path.join(this.tmpDir, randomHex(16));
    try {
      // Large writes: uploads arrive in 64 KB socket reads; batching them halves the write syscalls' cost.
      await pipeline(body, createWriteStream(tmp, { flags: 'wx', highWaterMark: IO_BYTES }));
      return tmp;
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async put(name: string, body: Readable): Promise<void> {
    const target = this.file(name);
    const tmp = await this.writeTemp(body);
    await rename(tmp, target).catch(async (err) => {
      await rm(tmp, { force: true });
      throw err;
    });
  }

  async get(name: string, range?: ByteRange): Promise<Readable | undefined> {
    const file = this.file(name);
    // Opening first turns a missing file into `undefined` instead of a stream error.
    const handle = await open(file, 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    if (!handle) return undefined;
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async delete(name: string): Promise<void> {
    await rm(this.file(name), { force: true });
  }

  async createMultipart(name: string): Promise<string> {
    assertStoredName(name);
    const id = randomHex(16);
    // One file per session: every chunk is written in place at its offset, so completing is a rename.
    await writeFile(this.partPath(id), '', { flag: 'wx' });
    return id;
  }

  async putPart(_name: string, multipartId: string, index: number, body: Readable, size: number, offset: number): Promise<string> {
    const file = this.partPath(multipartId);
    // r+: a purged or aborted session has no file any more; refuse rather than recreate it.
    const handle = await open(file, 'r+').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new MultipartGoneError({ cause: err });
      if (err.code === 'EISDIR') return undefined;
      throw err;
    });
    if (!handle) return this.putLegacyPart(file, index, body);
    const out = handle.createWriteStream({ start: offset, highWaterMark: IO_BYTES });
    try {
      await pipeline(body, out);
    } finally {
      // Once this returns or throws, no write of this part is still in flight (a retry may follow).
      if (!out.closed) await once(out, 'close').catch(() => {});
    }
    if (out.bytesWritten !== size) throw new Error(`part ${index}: wrote ${out.bytesWritten} bytes, expected ${size}`);
    return `${index}.${randomHex(8)}`;
  }

  /** Sessions opened before parts were written in place have a directory of part files. */
  private async putLegacyPart(dir: string, index: number, body: Readable): Promise<string> {
    const etag = `${index}.${randomHex(8)}`;
    const tmp = await this.writeTemp(body);
    try {
      await rename(tmp, path.join(dir, etag));
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return etag;
  }

  /** The file of a listed part (etags from before parts were named by write: the bare index). */
  private partFile(dir: string, part: StoredPart): string {
    const m = PART_ETAG_RE.exec(part.etag);
    if (!m || Number(m[1]) !== part.index) throw new Error('not an etag of this part');
    return path.join(dir, part.etag);
  }

  async completeMultipart(name: string, multipartId: string, parts: readonly StoredPart[], observe?: (chunk: Buffer) => void): Promise<boolean> {
    const file = this.partPath(multipartId);
    const target = this.file(name);
    // Only etags this store issued for those indexes (partFile throws on any other).
    for (const p of parts) this.partFile(file, p);
    // A directory must never be renamed into place: sessions from before in-place parts are joined by copying.
    if ((await stat(file)).isDirectory()) return this.completeLegacy(file, target, parts, observe);
    if (observe) {
      // This node did not hash the chunks as they came: one read of the file, from the page cache.
      for await (const chunk of createReadStream(file, { highWaterMark: IO_BYTES })) observe(chunk as Buffer);
    }
    await rename(file, target);
    return true;
  }

  private async completeLegacy(dir: string, target: string, parts: readonly StoredPart[], observe?: (chunk: Buffer) => void): Promise<boolean> {
    const files = [...parts].sort((a, b) => a.index - b.index).map((p) => this.partFile(dir, p));
    async function* concat(): AsyncGenerator<Buffer> {
      for (const file of files) {
        for await (const chunk of createReadStream(file, { highWaterMark: IO_BYTES })) {
          observe?.(chunk as Buffer);
          yield chunk as Buffer;
        }
      }
    }
    const tmp = await this.writeTemp(concat());
    await rename(tmp, target).catch(async (err) => {
      await rm(tmp, { force: true });
      throw err;
    });
    await rm(dir, { recursive: true, force: true });
    return true;
  }

  async abortMultipart(_name: string, multipartId: string): Promise<void> {
    await rm(this.partPath(multipartId), { recursive: true, force: true });
  }

  async ping(): Promise<boolean> {
    await access(this.tmpDir, constants.W_OK);
    return true;
  }

  async close(): Promise<void> {}
}
