import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskStore } from '../../src/storage/disk.ts';
import { S3Store } from '../../src/storage/s3.ts';
import { Client, newUser, sleep } from '../helpers/client.ts';
import { TEST_DATA_ROOT } from '../helpers/paths.ts';
import { startS3, type TestS3 } from '../helpers/s3.ts';
import { MODE, startCluster, type TestCluster } from '../helpers/server.ts';
import {
  bytes,
  CHUNK,
  download,
  postFile,
  rawGet,
  sendChunk,
  sendInterruptedChunk,
  sendOversized,
  startHeldChunk,
  uniquePng,
  uploadChunked,
  uploadSingle,
} from '../helpers/uploads.ts';
import { checkedFetch } from '../helpers/contract.ts';

export type StorageMode = 'disk' | 's3';

export interface FilesEnv {
  cluster: TestCluster;
  s3: TestS3 | undefined;
  close(): Promise<void>;
}

/**
 * Starts the cluster of the mode under test on the given storage. Disk in
 * cluster mode: one directory shared by both nodes, as a deployment would
 * share a volume (embedded mode has its own data directory already).
 */
export async function startFilesCluster(storage: StorageMode): Promise<FilesEnv> {
  const s3 = storage === 's3' ? await startS3() : undefined;
  const sharedDir = !s3 && MODE === 'cluster' ? mkdtempSync(path.join(TEST_DATA_ROOT, 'files-')) : undefined;
  const cluster = await startCluster({ env: s3 ? s3.env : sharedDir ? { DATA_DIR: sharedDir } : {} });
  return {
    cluster,
    s3,
    async close() {
      await cluster.close();
      await s3?.close();
      if (sharedDir) rmSync(sharedDir, { recursive: true, force: true });
    },
  };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const NAME_RE = /^\/uploads\/[0-9a-f]{32}\.[a-z0-9]+$/;

/** Single, chunked and tus uploads, serving and traversal, against one storage driver. */
export function uploadsSuite(storage: StorageMode): void {
  let env: FilesEnv;
  let cluster: TestCluster;
  beforeAll(async () => {
    env = await startFilesCluster(storage);
    cluster = env.cluster;
  });
  afterAll(() => env?.close());
  /** How a node that did not see every chunk hashes the upload: while joining it (disk), or by reading it back (S3). */
  const fallback = storage === 'disk' ? 'joined' : 'read_back';

  describe(`single upload (${storage})`, () => {
    it('needs a login, and an API key needs files.upload', async () => {
      const anon = await uploadSingle(new Client(cluster.a), uniquePng(), 'a.png');
      expect(anon.status).toBe(401);
      const u = await newUser(cluster);
      const reader = (await u.post('/api/keys', { name: 'r', scopes: ['profile.read'] })).body.plaintext;
      const writer = (await u.post('/api/keys', { name: 'w', scopes: ['files.upload'] })).body.plaintext;
      const k = new Client(cluster.a);
      k.apiKey = reader;
      expect((await uploadSingle(k, uniquePng(), 'a.png')).status).toBe(403);
      k.apiKey = writer;
      expect((await uploadSingle(k, uniquePng(), 'a.png')).status).toBe(200);
    });

    it('stores an image and serves it inline with type, nosniff, ETag, caching and ranges from any node', async () => {
      const u = await newUser(cluster);
      const png = uniquePng(2000);
      const res = await uploadSingle(u, png, 'photo.PNG');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, kind: 'image', url: expect.stringMatching(NAME_RE), name: 'photo.PNG', size: png.length, deduped: false });
      expect(res.body.url.endsWith('.png')).toBe(true);

      const got = await download(cluster.b, res.body.url);
      expect(got.status).toBe(200);
      expect(got.body.equals(png)).toBe(true);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      // A download is a document to a browser: it gets the headers pages get.
      expect(got.headers.get('x-permitted-cross-domain-policies')).toBe('none');
      expect(got.headers.get('content-disposition')).toMatch(/^inline; filename="photo.PNG"/);
      expect(got.headers.get('etag')).toBe(`"${sha(png)}"`);
      expect(got.headers.get('cache-control')).toMatch(/max-age=\d+/);
      expect(got.headers.get('accept-ranges')).toBe('bytes');

      const cached = await download(cluster.a, res.body.url, { 'if-none-match': `"${sha(png)}"` });
      expect(cached.status).toBe(304);
      const part = await download(cluster.a, res.body.url, { range: 'bytes=10-19' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 10-19/${png.length}`);
      expect(part.body.equals(png.subarray(10, 20))).toBe(true);
      const tail = await download(cluster.a, res.body.url, { range: 'bytes=-5' });
      expect(tail.body.equals(png.subarray(-5))).toBe(true);
      const beyond = await download(cluster.a, res.body.url, { range: `bytes=${png.length}-` });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe(`bytes */${png.length}`);
      const head = await checkedFetch(cluster.a.url + res.body.url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(png.length));
    });

    it.each([
      ['notes.txt', 'document', 'text/plain; charset=utf-8'],
      ['main.js', 'code', 'text/plain; charset=utf-8'],
      ['song.mp3', 'audio', 'audio/mpeg'],
      ['clip.mp4', 'video', 'video/mp4'],
      ['pack.zip', 'archive', 'application/zip'],
      ['font.woff2', 'other', 'font/woff2'],
    ])('classifies %s as %s and serves it as %s', async (fileName, kind, type) => {
      const u = await newUser(cluster);
      const res = await uploadSingle(u, bytes(300), fileName);
      expect(res.status).toBe(200);
      expect(res.body.kind).toBe(kind);
      const got = await download(cluster.a, res.body.url);
      expect(got.headers.get('content-type')).toBe(type);
      const inline = kind === 'audio' || kind === 'video';
      expect(got.headers.get('content-disposition')).toMatch(inline ? /^inline;/ : /^attachment;/);
    });

    it('answers 400 for a body that is not multipart or has no file', async () => {
      const u = await newUser(cluster);
      const json = await u.post('/api/upload', { file: 'x' });
      expect(json.status).toBe(400);
      expect(json.body).toEqual({ ok: false, error: 'api.upload.notMultipart' });
      const other = await postFile(u, '/api/upload', uniquePng(), 'a.png', { field: 'attachment' });
      expect(other.status).toBe(400);
      expect(other.body).toEqual({ ok: false, error: 'api.upload.noFile' });
    });

    it.each(['run.exe', 'page.html', 'page.htm', 'logo.svg', 'script.bat', 'noextension', '.png'])('refuses %s with 400', async (fileName) => {
      const u = await newUser(cluster);
      const res = await uploadSingle(u, bytes(100), fileName);
      expect(res.status).toBe(400);
      expect(['api.upload.badType', 'api.upload.badName']).toContain(res.body.error);
    });

    it('refuses an image whose content is not of its type (signature check)', async () => {
      const u = await newUser(cluster);
      const res = await uploadSingle(u, Buffer.from('<script>alert(1)</script>'.repeat(10)), 'evil.png');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ ok: false, error: 'api.upload.badSignature' });
      const jpegAsPng = await uploadSingle(u, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), bytes(400)]), 'x.png');
      expect(jpegAsPng.status).toBe(400);
    });

    it('answers 413 from the declared length while the client is still sending', async () => {
      const u = await newUser(cluster);
      const declared = 200 * 1024 * 1024;
      const res = await sendOversized(u, '/api/upload', declared);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ ok: false, error: 'api.upload.tooLarge' });
      expect(res.sent).toBeLessThan(declared / 10);
    });

    it('answers 413 for a file over 5 MB sent without a usable length', async () => {
      const u = await newUser(cluster);
      const res = await uploadSingle(u, bytes(5 * 1024 * 1024 + 1), 'big.bin.txt');
      expect(res.status).toBe(413);
      expect(res.body.error).toBe('api.upload.tooLarge');
      const exact = await uploadSingle(u, bytes(5 * 1024 * 1024), 'exact.txt');
      expect(exact.status).toBe(200);
    });

    it('answers 404 (JSON) when a recorded file is missing from storage', async () => {
      const u = await newUser(cluster);
      const res = await uploadSingle(u, bytes(100), 'lost.txt');
      await cluster.a.app.ctx.storage.delete(res.body.url.slice('/uploads/'.length));
      const got = await download(cluster.b, res.body.url);
      expect(got.status).toBe(404);
      expect(got.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(got.body.toString())).toEqual({ ok: false, error: 'api.notFound' });
    });

    it('deduplicates identical content by sha256, across users, each keeping a record (URL) of their own', async () => {
      const [u, v] = [await newUser(cluster), await newUser(cluster)];
      const png = uniquePng();
      const first = await uploadSingle(u, png, 'one.png');
      const second = await uploadSingle(v, png, 'two.png', cluster.b);
      expect(second.body).toEqual({ ok: true, kind: 'image', url: expect.stringMatching(NAME_RE), name: 'two.png', size: png.length, deduped: true });
      expect(second.body.url).not.toBe(first.body.url);
      const got = await download(cluster.a, second.body.url);
      expect(got.body.equals(png)).toBe(true);
      expect(got.headers.get('etag')).toBe((await download(cluster.b, first.body.url)).headers.get('etag'));
    });
  });

  describe(`names and traversal (${storage})`, () => {
    it.each([
      ['../../etc/passwd.txt', 'passwd.txt'],
      ['..\\..\\windows\\win.ini.txt', 'win.ini.txt'],
      ['/etc/shadow.txt', 'shadow.txt'],
      ['C:\\boot.txt', 'boot.txt'],
      ['%2e%2e%2f%2e%2e%2fx.txt', '%2e%2e%2f%2e%2e%2fx.txt'],
    ])('keeps only a clean original name for %j; the stored name is random', async (fileName, origin) => {
      const u = await newUser(cluster);
      const res = await uploadSingle(u, bytes(64), fileName);
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(NAME_RE);
      expect(res.body.name).toBe(origin);
    });

    it('never keeps a NUL byte in a name', async () => {
      const u = await newUser(cluster);
      const single = await uploadSingle(u, bytes(64), 'nul\u0000byte.txt');
      expect(single.status === 400 || (single.status === 200 && !single.body.name.includes('\u0000'))).toBe(true);
      const chunked = await uploadChunked(u, bytes(64), 'nul\u0000byte.txt');
      expect(chunked.body).toMatchObject({ ok: true, name: 'nulbyte.txt', url: expect.stringMatching(NAME_RE) });
    });

    it('refuses an over-long name', async () => {
      const u = await newUser(cluster);
      const res = await uploadSingle(u, bytes(64), `${'a'.repeat(300)}.txt`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('api.upload.badName');
      const init = await u.post('/api/upload/init', { name: `${'a'.repeat(300)}.txt`, size: 10 });
      expect(init.status).toBe(400);
    });

    it.each([
      '/uploads/../package.json',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/uploads//etc/passwd',
      '/uploads/%2fetc%2fpasswd',
      '/uploads/00000000000000000000000000000000.png%00.txt',
      `/uploads/${'a'.repeat(4000)}.png`,
      '/uploads/00000000000000000000000000000000.png',
      '/uploads/.tmp',
      '/uploads/.tus',
    ])('GET %s finds nothing', async (p) => {
      expect([400, 404]).toContain(await rawGet(cluster.a, p));
    });
  });

  describe(`chunked upload (${storage})`, () => {
    it('init validates the size (413 api.upload.tooLarge), the name and the type', async () => {
      const u = await newUser(cluster);
      for (const size of [0, -1, 100 * 1024 * 1024 + 1, 1.5]) {
        const res = await u.post('/api/upload/init', { name: 'a.txt', size });
        expect(res.status, String(size)).toBe(413);
        expect(res.body.error).toBe('api.upload.tooLarge');
      }
      expect((await u.post('/api/upload/init', { name: 'a.txt', size: '10' })).status).toBe(400);
      expect((await u.post('/api/upload/init', { size: 10 })).status).toBe(400);
      const exe = await u.post('/api/upload/init', { name: 'a.exe', size: 10 });
      expect(exe.status).toBe(400);
      expect(exe.body.error).toBe('api.upload.badType');
      const max = await u.post('/api/upload/init', { name: 'max.zip', size: 100 * 1024 * 1024 });
      expect(max.body).toEqual({ ok: true, uploadId: expect.stringMatching(/^[0-9a-f]{32}$/), chunkSize: 5242880, chunks: 20, received: [] });
      expect((await new Client(cluster.a).post('/api/upload/init', { name: 'a.txt', size: 10 })).status).toBe(401);
    });

    it('takes chunks in any order and in parallel, on any node, and joins them', async () => {
      const u = await newUser(cluster);
      const content = bytes(3 * CHUNK + 12345);
      const res = await uploadChunked(u, content, 'data.zip', { parallel: 4, nodes: cluster.nodes });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, kind: 'archive', url: expect.stringMatching(NAME_RE), name: 'data.zip', size: content.length, deduped: false });
      const got = await download(cluster.b, res.body.url);
      expect(sha(got.body)).toBe(sha(content));
    });

    it('hashes chunks as they arrive on one node; a node that did not see every chunk hashes the content once instead', async () => {
      const u = await newUser(cluster);
      const hashes = async (how: string) =>
        (await u.node.app.ctx.metrics.uploadHashes.get()).values.find((v) => v.labels.how === how)?.value ?? 0;
      const streamed = await hashes('streamed');
      const content = bytes(3 * CHUNK + 100);
      const res = await uploadChunked(u, content, 'follow.zip', { parallel: 3 });
      expect(res.body).toMatchObject({ ok: true, size: content.length, deduped: false });
      expect(await hashes('streamed')).toBe(streamed + 1);
      expect(sha((await download(cluster.b, res.body.url)).body)).toBe(sha(content));

      const before = await hashes(fallback);
      const other = bytes(2 * CHUNK + 100);
      const { uploadId } = (await u.post('/api/upload/init', { name: 'again.zip', size: other.length })).body;
      expect((await sendChunk(u, uploadId, 0, other.subarray(0, CHUNK))).status).toBe(200);
      // As after a restart (or the memory budget running out): this node forgets what it hashed.
      u.node.app.services.uploads.hashers.forget(uploadId);
      for (const i of [1, 2]) expect((await sendChunk(u, uploadId, i, other.subarray(i * CHUNK, (i + 1) * CHUNK))).status).toBe(200);
      const done = await u.post('/api/upload/complete', { uploadId });
      expect(done.body).toMatchObject({ ok: true, size: other.length, deduped: false });
      expect(await hashes(fallback)).toBe(before + 1);
      const stored = await download(cluster.b, done.body.url);
      expect(sha(stored.body)).toBe(sha(other));
      expect(stored.headers.get('etag')).toBe(`"${sha(other)}"`);
      // Same bytes again, either way: deduplicated.
      expect((await uploadChunked(u, other, 'copy.zip', { parallel: 2 })).body).toMatchObject({ url: done.body.url, deduped: true });
    });

    it.each([
      ['hashed as the chunks arrive', false],
      ['hashed while finalising', true],
    ])('a received chunk is kept: sending it again with other bytes changes nothing (%s)', async (_how, forget) => {
      const u = await newUser(cluster);
      const content = bytes(2 * CHUNK + 100);
      const { uploadId } = (await u.post('/api/upload/init', { name: 'kept.zip', size: content.length })).body;
      for (const i of [0, 1, 2]) expect((await sendChunk(u, uploadId, i, content.subarray(i * CHUNK, (i + 1) * CHUNK))).status).toBe(200);
      const other = bytes(CHUNK);
      for (const node of cluster.nodes) {
        const again = await sendChunk(u, uploadId, 0, other, node);
        expect(again.status).toBe(200);
        expect(again.body).toEqual({ ok: true, index: 0, received: [0, 1, 2] });
      }
      // The size rules still hold for a chunk that is dropped.
      const short = await sendChunk(u, uploadId, 1, bytes(10));
      expect(short.status).toBe(400);
      expect(short.body.error).toBe('api.upload.badChunk');
      if (forget) for (const n of cluster.nodes) n.app.services.uploads.hashers.forget(uploadId);
      const done = await u.post('/api/upload/complete', { uploadId });
      expect(done.status).toBe(200);
      const stored = await download(cluster.b, done.body.url);
      expect(stored.body.equals(content)).toBe(true);
      // The recorded hash (the ETag) is the hash of the stored bytes, so dedup points at this content.
      expect(stored.headers.get('etag')).toBe(`"${sha(content)}"`);
      expect((await uploadChunked(u, content, 'same.zip', { parallel: 2 })).body).toMatchObject({ url: done.body.url, deduped: true });
      const changed = Buffer.concat([other, content.subarray(CHUNK)]);
      const distinct = await uploadChunked(u, changed, 'changed.zip', { parallel: 2 });
      expect(distinct.body).toMatchObject({ ok: true, deduped: false });
      expect((await download(cluster.a, distinct.body.url)).body.equals(changed)).toBe(true);
    });

    it('two requests sending one index at once: the file holds exactly one of them, and its hash', async () => {
      const u = await newUser(cluster);
      for (const [first, second] of [
        [cluster.a, cluster.a],
        [cluster.a, cluster.b],
      ]) {
        const tail = bytes(1000);
        const { uploadId } = (await u.post('/api/upload/init', { name: 'race.zip', size: CHUNK + tail.length })).body;
        const [x, y] = [bytes(CHUNK), bytes(CHUNK)];
        const both = await Promise.all([sendChunk(u, uploadId, 0, x, first), sendChunk(u, uploadId, 0, y, second)]);
        expect(both.map((r) => r.status)).toEqual([200, 200]);
        expect((await sendChunk(u, uploadId, 1, tail)).status).toBe(200);
        const done = await u.post('/api/upload/complete', { uploadId });
        expect(done.status).toBe(200);
        const stored = await download(cluster.a, done.body.url);
        const head = stored.body.subarray(0, CHUNK);
        expect(head.equals(x) || head.equals(y)).toBe(true);
        expect(stored.body.subarray(CHUNK).equals(tail)).toBe(true);
        expect(stored.headers.get('etag')).toBe(`"${sha(stored.body)}"`);
      }
    });

    it('an interrupted chunk does not count and can be sent again; the file has only the bytes of the retry', async () => {
      const u = await newUser(cluster);
      const content = bytes(2 * CHUNK + 10);
      const { uploadId } = (await u.post('/api/upload/init', { name: 'cut.zip', size: content.length })).body;
      expect((await sendChunk(u, uploadId, 0, content.subarray(0, CHUNK))).status).toBe(200);
      // Other bytes, cut off after 3 MB: whatever reached storage must not survive.
      await sendInterruptedChunk(u, uploadId, 1, bytes(CHUNK), 3 * 1024 * 1024);
      const resumed = await u.post('/api/upload/init', { name: 'cut.zip', size: content.length, uploadId });
      expect(resumed.body.received).toEqual([0]);
      const incomplete = await u.post('/api/upload/complete', { uploadId });
      expect(incomplete.status).toBe(409);
      const retry = await sendChunk(u, uploadId, 1, content.subarray(CHUNK, 2 * CHUNK), cluster.b);
      expect(retry.status).toBe(200);
      expect((await sendChunk(u, uploadId, 2, content.subarray(2 * CHUNK))).status).toBe(200);
      const done = await u.post('/api/upload/complete', { uploadId });
      expect(done.status).toBe(200);
      const stored = await download(cluster.b, done.body.url);
      expect(stored.body.equals(content)).toBe(true);
      expect(stored.headers.get('etag')).toBe(`"${sha(content)}"`);
    });

    it('a chunk whose body ends unclosed while it waits for the same index is a 400; the node stays up', async () => {
      const u = await newUser(cluster);
      const content = bytes(10);
      const { uploadId } = (await u.post('/api/upload/init', { name: 'held.zip', size: content.length })).body;
      // The first request holds index 0's claim with half its bytes sent.
      const held = startHeldChunk(u, uploadId, 0, content, 5);
      await sleep(300);
      // The second request's body ends without its closing delimiter while it waits for that claim:
      // its file part fails before anything reads it (once an uncaught exception, and no answer).
      const boundary = 'b0undary';
      const unclosed = checkedFetch(`${u.node.url}/api/upload/chunk?uploadId=${uploadId}&index=0`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: u.cookie ?? '', 'x-forwarded-for': u.ip },
        body: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n\r\n`), content]),
        signal: AbortSignal.timeout(20_000),
      });
      await sleep(300);
      expect(await held.finish()).toBe(200);
      const res = await unclosed;
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ ok: false, error: 'api.upload.failed' });
      const done = await u.post('/api/upload/complete', { uploadId });
      expect(done.status).toBe(200);
      expect((await download(cluster.a, done.body.url)).body.equals(content)).toBe(true);
    });

    it('chunks out of order and in parallel give exactly the bytes sent', async () => {
      const u = await newUser(cluster);
      const streamed = async () =>
        (await u.node.app.ctx.metrics.uploadHashes.get()).values.find((v) => v.labels.how === 'streamed')?.value ?? 0;
      const before = await streamed();
      const content = bytes(4 * CHUNK + 777);
      const { uploadId } = (await u.post('/api/upload/init', { name: 'shuffled.zip', size: content.length })).body;
      for (const group of [[4, 1], [3, 0, 2]]) {
        const sent = await Promise.all(group.map((i) => sendChunk(u, uploadId, i, content.subarray(i * CHUNK, (i + 1) * CHUNK))));
        expect(sent.map((r) => r.status)).toEqual(group.map(() => 200));
      }
      const done = await u.post('/api/upload/complete', { uploadId });
      expect(done.body).toMatchObject({ ok: true, size: content.length, deduped: false });
      // Hashed as they came (early chunks read back from disk, or held in memory for S3), and right.
      expect(await streamed()).toBe(before + 1);
      const stored = await download(cluster.a, done.body.url);
      expect(stored.body.equals(content)).toBe(true);
      expect(stored.headers.get('etag')).toBe(`"${sha(content)}"`);
    });

    it('chunk errors: 404 sessionGone, 400 badChunk, 413 over the limit, 400 wrong length', async () => {
      const [u, other] = [await newUser(cluster), await newUser(cluster)];
      const size = CHUNK + 100;
      const { uploadId, chunks } = (await u.post('/api/upload/init', { name: 'x.txt', size })).body;
      expect(chunks).toBe(2);
      const gone = await sendChunk(u, 'f'.repeat(32), 0, bytes(100));
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ ok: false, error: 'api.upload.sessionGone' });
      expect((await sendChunk(u, '../../x', 0, bytes(100))).status).toBe(404);
      const notMine = await sendChunk(other, uploadId, 1, bytes(100));
      expect(notMine.status).toBe(404);
      expect(notMine.body.error).toBe('api.upload.sessionGone');
      for (const index of [2, -1, 'x', 1.5, '']) {
        const bad = await sendChunk(u, uploadId, index, bytes(100));
        expect(bad.status, String(index)).toBe(400);
        expect(bad.body.error).toBe('api.upload.badChunk');
      }
      const over = await sendOversized(u, `/api/upload/chunk?uploadId=${uploadId}&index=0`, 50 * 1024 * 1024);
      expect(over.status).toBe(413);
      const short = await sendChunk(u, uploadId, 0, bytes(1000));
      expect(short.status).toBe(400);
      expect(short.body.error).toBe('api.upload.badChunk');
      const long = await sendChunk(u, uploadId, 1, bytes(101));
      expect(long.status).toBe(400);
      const tooBig = await sendChunk(u, uploadId, 0, bytes(CHUNK + 1));
      expect(tooBig.status).toBe(413);
      // None of the refused chunks counted.
      const incomplete = await u.post('/api/upload/complete', { uploadId });
      expect(incomplete.status).toBe(409);
      expect(incomplete.body).toEqual({ ok: false, error: 'api.upload.incomplete', received: [] });
    });

    it('resumes: init again with the uploadId gives what was received; re-sending a chunk is harmless', async () => {
      const u = await newUser(cluster);
      const content = bytes(2 * CHUNK + 10);
      const { uploadId } = (await u.post('/api/upload/init', { name: 'r.bin.txt', size: content.length })).body;
      expect((await sendChunk(u, uploadId, 2, content.subarray(2 * CHUNK))).status).toBe(200);
      const sent = await sendChunk(u, uploadId, 0, content.subarray(0, CHUNK), cluster.b);
      expect(sent.body).toEqual({ ok: true, index: 0, received: [0, 2] });
      // The connection dropped here; the client starts again with the id it kept.
      const resumed = await u.post('/api/upload/init', { name: 'r.bin.txt', size: content.length, uploadId });
      expect(resumed.body).toEqual({ ok: true, uploadId, chunkSize: CHUNK, chunks: 3, received: [0, 2] });
      const missing = await u.post('/api/upload/complete', { uploadId });
      expect(missing.status).toBe(409);
      expect(missing.body.received).toEqual([0, 2]);
      expect((await sendChunk(u, uploadId, 1, content.subarray(CHUNK, 2 * CHUNK))).status).toBe(200);
      expect((await sendChunk(u, uploadId, 1, content.subarray(CHUNK, 2 * CHUNK))).status).toBe(200);
      const done = await u.post('/api/upload/complete', { uploadId });
      expect(done.status).toBe(200);
      expect(sha((await download(cluster.a, done.body.url)).body)).toBe(sha(content));
      // The session is over.
      expect((await u.post('/api/upload/complete', { uploadId })).status).toBe(404);
      expect((await sendChunk(u, uploadId, 0, content.subarray(0, CHUNK))).status).toBe(404);
    });

    it('resume needs the same owner and size; otherwise init opens a new session', async () => {
      const [u, other] = [await newUser(cluster), await newUser(cluster)];
      const { uploadId } = (await u.post('/api/upload/init', { name: 'a.txt', size: 100 })).body;
      const otherSize = await u.post('/api/upload/init', { name: 'a.txt', size: 101, uploadId });
      expect(otherSize.body.uploadId).not.toBe(uploadId);
      const otherUser = await other.post('/api/upload/init', { name: 'a.txt', size: 100, uploadId });
      expect(otherUser.body.uploadId).not.toBe(uploadId);
      expect(otherUser.body.received).toEqual([]);
    });

    it('deduplicates across single and chunked uploads', async () => {
      const u = await newUser(cluster);
      const png = uniquePng(CHUNK);
      const chunked = await uploadChunked(u, png, 'big.png');
      expect(chunked.body.deduped).toBe(false);
      const small = uniquePng(1000);
      const single = await uploadSingle(u, small, 'small.png');
      const again = await uploadChunked(u, small, 'again.png');
      expect(again.body).toMatchObject({ ok: true, url: single.body.url, deduped: true, name: 'again.png' });
    });

    it('checks the signature of a chunked image and ends the session', async () => {
      const u = await newUser(cluster);
      const fake = bytes(CHUNK + 10);
      const init = await u.post('/api/upload/init', { name: 'fake.png', size: fake.length });
      const { uploadId } = init.body;
      await sendChunk(u, uploadId, 0, fake.subarray(0, CHUNK));
      await sendChunk(u, uploadId, 1, fake.subarray(CHUNK));
      const res = await u.post('/api/upload/complete', { uploadId });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('api.upload.badSignature');
      expect((await u.post('/api/upload/complete', { uploadId })).status).toBe(404);
    });

    it('abort removes the session; later calls get 404', async () => {
      const [u, other] = [await newUser(cluster), await newUser(cluster)];
      const { uploadId } = (await u.post('/api/upload/init', { name: 'a.txt', size: CHUNK + 10 })).body;
      // Node a has seen the session open (it remembers it for the next chunks); node b ends it.
      expect((await sendChunk(u, uploadId, 1, bytes(10), cluster.a)).status).toBe(200);
      expect((await other.on(cluster.b).post('/api/upload/abort', { uploadId })).status).toBe(404);
      expect((await u.on(cluster.b).post('/api/upload/abort', { uploadId })).body).toEqual({ ok: true });
      const after = await sendChunk(u, uploadId, 0, bytes(CHUNK), cluster.a);
      expect(after.status).toBe(404);
      expect(after.body.error).toBe('api.upload.sessionGone');
      expect((await u.post('/api/upload/abort', { uploadId })).status).toBe(404);
      expect((await u.post('/api/upload/abort', {})).status).toBe(400);
    });
  });

  describe(`tus (${storage})`, () => {
    const tusUpload = (c: Client, content: Buffer, fileName: string, opts: { uploadUrl?: string; onChunk?: (u: Upload) => void } = {}) =>
      new Promise<{ url: string; headers: { url: string; deduped: string; kind: string } }>((resolve, reject) => {
        const upload: Upload = new Upload(content, {
          endpoint: `${c.node.url}/api/tus`,
          ...(opts.uploadUrl ? { uploadUrl: opts.uploadUrl } : {}),
          chunkSize: 1024 * 1024,
          retryDelays: [],
          metadata: { filename: fileName, filetype: 'application/octet-stream' },
          headers: { cookie: c.cookie ?? '', 'x-forwarded-for': c.ip },
          onChunkComplete: () => opts.onChunk?.(upload),
          onError: reject,
          onSuccess: (payload) => {
            const res = payload.lastResponse;
            resolve({
              url: upload.url ?? '',
              headers: { url: res.getHeader('Upload-Url') ?? '', deduped: res.getHeader('Upload-Deduped') ?? '', kind: res.getHeader('Upload-Kind') ?? '' },
            });
          },
        });
        upload.start();
      });

    it('a tus upload, interrupted and resumed on another node, is finalised like any upload', async () => {
      const u = await newUser(cluster);
      const content = bytes(3 * 1024 * 1024 + 77);
      let firstUrl = '';
      // The first attempt stops after its first megabyte.
      await new Promise<void>((resolve, reject) => {
        const upload: Upload = new Upload(content, {
          endpoint: `${cluster.a.url}/api/tus`,
          chunkSize: 1024 * 1024,
          retryDelays: [],
          metadata: { filename: 'report.pdf' },
          headers: { cookie: u.cookie ?? '', 'x-forwarded-for': u.ip },
          onChunkComplete: () => {
            firstUrl = upload.url ?? '';
            void upload.abort().then(resolve, reject);
          },
          onError: reject,
        });
        upload.start();
      });
      expect(firstUrl).toMatch(/\/api\/tus\/[0-9a-f]{32}$/);
      const head = await checkedFetch(new URL(firstUrl, cluster.b.url), { method: 'HEAD', headers: { cookie: u.cookie ?? '', 'tus-resumable': '1.0.0' } });
      expect(head.headers.get('upload-offset')).toBe(String(1024 * 1024));

      const done = await tusUpload(u.on(cluster.b), content, 'report.pdf', { uploadUrl: new URL(new URL(firstUrl).pathname, cluster.b.url).toString() });
      expect(done.headers.url).toMatch(NAME_RE);
      expect(done.headers.kind).toBe('document');
      expect(done.headers.deduped).toBe('false');
      const got = await download(cluster.a, done.headers.url);
      expect(sha(got.body)).toBe(sha(content));
      expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="report.pdf"/);
      // A client that lost the last response finds the result with HEAD.
      const after = await checkedFetch(new URL(new URL(firstUrl).pathname, cluster.a.url), { method: 'HEAD', headers: { cookie: u.cookie ?? '', 'tus-resumable': '1.0.0' } });
      expect(after.status).toBe(200);
      expect(after.headers.get('upload-url')).toBe(done.headers.url);
      expect(after.headers.get('upload-offset')).toBe(String(content.length));
      // Same bytes again: deduplicated like any upload.
      const again = await tusUpload(u, content, 'copy.pdf');
      expect(again.headers).toEqual({ url: done.headers.url, deduped: 'true', kind: 'document' });
    });

    it('tus takes an API key with files.upload', async () => {
      const u = await newUser(cluster);
      const key = (await u.post('/api/keys', { name: 'tus', scopes: ['files.upload'] })).body.plaintext;
      const created = await checkedFetch(`${cluster.a.url}/api/tus`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'tus-resumable': '1.0.0', 'upload-length': '5', 'upload-metadata': `filename ${Buffer.from('k.txt').toString('base64')}` },
      });
      expect(created.status).toBe(201);
      const patched = await checkedFetch(new URL(created.headers.get('location') ?? '', cluster.b.url), {
        method: 'PATCH',
        headers: { 'x-api-key': key, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: 'hello',
      });
      expect(patched.status).toBe(204);
      const url = patched.headers.get('upload-url') ?? '';
      expect(url).toMatch(NAME_RE);
      expect((await download(cluster.a, url)).body.toString()).toBe('hello');
    });

    it('tus needs the same login, keeps uploads private to their owner, and applies the same rules', async () => {
      const [u, other] = [await newUser(cluster), await newUser(cluster)];
      const anon = await checkedFetch(`${cluster.a.url}/api/tus`, { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' } });
      expect(anon.status).toBe(401);
      await expect(tusUpload(u, bytes(100), 'evil.exe')).rejects.toThrow(/400/);
      await expect(tusUpload(u, Buffer.from('not an image at all'), 'fake.png')).rejects.toThrow(/api.upload.badSignature/);
      const big = await checkedFetch(`${cluster.a.url}/api/tus`, {
        method: 'POST',
        headers: { cookie: u.cookie ?? '', 'tus-resumable': '1.0.0', 'upload-length': String(100 * 1024 * 1024 + 1), 'upload-metadata': `filename ${Buffer.from('a.zip').toString('base64')}` },
      });
      expect(big.status).toBe(413);
      const created = await checkedFetch(`${cluster.a.url}/api/tus`, {
        method: 'POST',
        headers: { cookie: u.cookie ?? '', 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': `filename ${Buffer.from('a.txt').toString('base64')}` },
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('location') ?? '';
      const peek = await checkedFetch(new URL(location, cluster.a.url), { method: 'HEAD', headers: { cookie: other.cookie ?? '', 'tus-resumable': '1.0.0' } });
      expect(peek.status).toBe(404);
      const read = await checkedFetch(new URL(location, cluster.a.url), { headers: { cookie: u.cookie ?? '' } });
      expect(read.status).toBe(404);
    });

    it('tus answers OPTIONS with its capabilities, and DELETE abandons an upload (owner only)', async () => {
      const [u, other] = [await newUser(cluster), await newUser(cluster)];
      const options = await checkedFetch(`${cluster.a.url}/api/tus`, { method: 'OPTIONS', headers: { cookie: u.cookie ?? '' } });
      expect(options.status).toBe(204);
      expect(options.headers.get('tus-version')).toContain('1.0.0');
      expect(options.headers.get('tus-extension')).toContain('termination');
      expect(options.headers.get('tus-max-size')).toBe(String(100 * 1024 * 1024));
      const created = await checkedFetch(`${cluster.a.url}/api/tus`, {
        method: 'POST',
        headers: { cookie: u.cookie ?? '', 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': `filename ${Buffer.from('a.txt').toString('base64')}` },
      });
      const location = new URL(created.headers.get('location') ?? '', cluster.a.url);
      const del = (c: Client) => fetch(location, { method: 'DELETE', headers: { cookie: c.cookie ?? '', 'tus-resumable': '1.0.0' } });
      expect((await del(other)).status).toBe(404);
      expect((await del(u)).status).toBe(204);
      const head = await checkedFetch(location, { method: 'HEAD', headers: { cookie: u.cookie ?? '', 'tus-resumable': '1.0.0' } });
      expect([404, 410]).toContain(head.status);
    });
  });

  describe(`storage readiness (${storage})`, () => {
    it('/api/ready reports the store', async () => {
      const res = await new Client(cluster.b).get('/api/ready');
      expect(res.status).toBe(200);
      expect(res.body.checks).toContainEqual({ name: 'storage', ok: true });
    });

    it('a store that cannot be used fails its check', async () => {
      const { config } = cluster.a.app.ctx;
      if (storage === 's3') {
        const missing = new S3Store({ ...config.s3!, bucket: 'no-such-bucket' });
        await expect(missing.ping()).rejects.toThrow();
        await missing.close();
      } else {
        const dir = mkdtempSync(path.join(TEST_DATA_ROOT, 'store-'));
        const store = await DiskStore.open(dir);
        expect(await store.ping()).toBe(true);
        rmSync(dir, { recursive: true, force: true });
        await expect(store.ping()).rejects.toThrow();
      }
    });
  });
}
