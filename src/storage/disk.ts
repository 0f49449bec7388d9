import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomHex } from '../lib/crypto.ts';
import { assertStoredName, type BlobStore, type ByteRange, MultipartGoneError, type StoredPart } from './blob-store.ts';

const MULTIPART_ID_RE = /^[0-9a-f]{32}$/;

/**
 * Files under one directory (`DATA_DIR/uploads`). Every write goes to a
 * temporary name in `.tmp/` first and is renamed into place when complete
 * (rename is atomic on one file system); parts of chunked uploads live in
 * `.parts/<id>/` until they are joined.
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

  private partDir(multipartId: string): string {
    if (!MULTIPART_ID_RE.test(multipartId)) throw new Error('not a multipart id');
    return path.join(this.partsDir, multipartId);
  }

  /** Writes a stream to a fresh temporary file; removes it if anything fails. */
  private async writeTemp(body: Readable | AsyncIterable<Buffer>): Promise<string> {
    const tmp = path.join(this.tmpDir, randomHex(16));
    try {
      // Large writes: uploads arrive in 64 KB socket reads; batching them halves the write syscalls' cost.
      await pipeline(body, createWriteStream(tmp, { flags: 'wx', highWaterMark: 1024 * 1024 }));
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
    await mkdir(this.partDir(id), { recursive: true });
    return id;
  }

  async putPart(_name: string, multipartId: string, index: number, body: Readable): Promise<string> {
    const dir = this.partDir(multipartId);
    // A purged or aborted session has no directory any more: refuse rather than recreate it.
    await stat(dir).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new MultipartGoneError({ cause: err }) : err;
    });
    const tmp = await this.writeTemp(body);
    try {
      await rename(tmp, path.join(dir, String(index)));
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return String(index);
  }

  async completeMultipart(name: string, multipartId: string, parts: readonly StoredPart[]): Promise<void> {
    const dir = this.partDir(multipartId);
    const ordered = [...parts].sort((a, b) => a.index - b.index);
    async function* concat(): AsyncGenerator<Buffer> {
      for (const p of ordered) {
        for await (const chunk of createReadStream(path.join(dir, String(p.index)))) yield chunk as Buffer;
      }
    }
    const tmp = await this.writeTemp(concat());
    await rename(tmp, this.file(name)).catch(async (err) => {
      await rm(tmp, { force: true });
      throw err;
    });
    await rm(dir, { recursive: true, force: true });
  }

  async abortMultipart(_name: string, multipartId: string): Promise<void> {
    await rm(this.partDir(multipartId), { recursive: true, force: true });
  }

  async ping(): Promise<boolean> {
    await access(this.tmpDir, constants.W_OK);
    return true;
  }

  async close(): Promise<void> {}
}
