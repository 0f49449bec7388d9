import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, newUser } from '../helpers/client.ts';
import { createGroup } from '../helpers/social.ts';
import type { TestCluster } from '../helpers/server.ts';
import { bytes, CHUNK, download, sendChunk, uniquePng, uploadSingle } from '../helpers/uploads.ts';
import { type FilesEnv, type StorageMode, startFilesCluster } from './uploads.suite.ts';

const DAY = 86_400_000;

/** Polls `check` until it returns true (a worker picks jobs up asynchronously); fails after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * File administration, avatars, and the retention jobs, against one storage
 * driver. Messages do not exist in this branch: a fake message table plugs
 * into the hooks the messaging module will implement.
 */
export function filesSuite(storage: StorageMode): void {
  let env: FilesEnv;
  let cluster: TestCluster;
  /** Fake messages: upload URL → number of messages referencing it. */
  const messages = new Map<string, number>();
  /** Every URL the expiry hook was called for (to count double marking). */
  const marked: string[] = [];

  beforeAll(async () => {
    env = await startFilesCluster(storage);
    cluster = env.cluster;
    for (const node of cluster.nodes) {
      const { hooks } = node.app.ctx;
      hooks.fileReferences.push(async (urls) => new Map(urls.filter((u) => messages.has(u)).map((u) => [u, messages.get(u)!])));
      hooks.markFilesExpired.push(async (urls) => {
        let n = 0;
        for (const u of urls) {
          marked.push(u);
          n += messages.get(u) ?? 0;
        }
        return n;
      });
    }
  });
  afterAll(() => env?.close());

  const served = async (url: string) => (await download(cluster.b, url)).status;

  describe(`avatars (${storage})`, () => {
    it('a profile avatar must be an image uploaded here that still exists', async () => {
      const u = await newUser(cluster);
      for (const avatar of ['/uploads/0123456789abcdef0123456789abcdef.png', 'https://evil.example/a.png', '/uploads/../x.png']) {
        const res = await u.post('/api/profile', { avatar });
        expect(res.status, avatar).toBe(400);
        expect(res.body.error).toBe('api.profile.badAvatar');
      }
      const text = await uploadSingle(u, bytes(50), 'a.txt');
      expect((await u.post('/api/profile', { avatar: text.body.url })).status).toBe(400);
      const png = await uploadSingle(u, uniquePng(), 'me.png');
      expect((await u.post('/api/profile', { avatar: png.body.url })).body).toEqual({ ok: true });
      expect((await u.get('/api/profile')).body.profile.avatar).toBe(png.body.url);
      expect((await u.post('/api/profile', { avatar: '' })).status).toBe(200);
    });

    it('a group avatar (an absolute URL of an upload) is an avatar: administrators cannot delete it', async () => {
      const owner = await newUser(cluster);
      const gid = await createGroup(owner);
      const pic = await uploadSingle(owner, uniquePng(), 'group.png');
      const avatar = `${cluster.a.url}${pic.body.url}?v=2`;
      expect((await owner.post('/api/groups/avatar', { gid, avatar })).status).toBe(200);
      const admin = await adminClient(cluster);
      const name = pic.body.url.slice('/uploads/'.length);
      const del = await admin.post('/api/admin/file/del', { name });
      expect(del.status).toBe(400);
      expect(del.body.error).toBe('api.admin.fileIsAvatar');
      expect((await admin.get('/api/admin/files', { q: name })).body.files[0]).toMatchObject({ name, avatar: true });
      expect((await owner.post('/api/groups/avatar', { gid, avatar: '' })).status).toBe(200);
      expect((await admin.post('/api/admin/file/del', { name })).status).toBe(200);
    });
  });

  describe(`admin files (${storage})`, () => {
    it('is for administrators only', async () => {
      const u = await newUser(cluster);
      expect((await new Client(cluster.a).get('/api/admin/files')).status).toBe(401);
      expect((await u.get('/api/admin/files')).status).toBe(403);
      expect((await u.post('/api/admin/file/del', { name: 'x' })).status).toBe(403);
      expect((await u.post('/api/admin/files/del-batch', { names: [] })).status).toBe(403);
      const key = (await u.post('/api/keys', { name: 'k', scopes: ['files.upload'] })).body.plaintext;
      const k = new Client(cluster.a);
      k.apiKey = key;
      expect((await k.get('/api/admin/files')).status).toBe(403);
    });

    it('lists files with the 2.15 envelope: search, paging, used and avatar', async () => {
      const u = await newUser(cluster);
      const tag = `t${Date.now().toString(36)}`;
      const a = await uploadSingle(u, uniquePng(), `${tag}-a.png`);
      const b = await uploadSingle(u, bytes(1000), `${tag}-b.txt`);
      const c = await uploadSingle(u, bytes(2000), `${tag}-c.zip`);
      messages.set(b.body.url, 3);
      await u.post('/api/profile', { avatar: a.body.url });
      const admin = await adminClient(cluster, cluster.b);
      const all = await admin.get('/api/admin/files', { q: tag.toUpperCase() });
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ ok: true, total: 3, totalSize: a.body.size + 1000 + 2000, usedCount: 1, limit: 200, offset: 0 });
      const byName = new Map(all.body.files.map((f: { name: string }) => [`/uploads/${f.name}`, f]));
      expect(byName.get(b.body.url)).toEqual({
        name: b.body.url.slice('/uploads/'.length),
        origin: `${tag}-b.txt`,
        size: 1000,
        ts: expect.any(Number),
        kind: 'document',
        used: 3,
        avatar: false,
      });
      expect(byName.get(a.body.url)).toMatchObject({ kind: 'image', used: 0, avatar: true });
      expect(byName.get(c.body.url)).toMatchObject({ kind: 'archive', used: 0, avatar: false });
      // By stored name too.
      const one = await admin.get('/api/admin/files', { q: c.body.url.slice(9, 25) });
      expect(one.body.files.map((f: { name: string }) => f.name)).toEqual([c.body.url.slice(9)]);
      const page = await admin.get('/api/admin/files', { q: tag, limit: 2, offset: 2 });
      expect(page.body).toMatchObject({ total: 3, limit: 2, offset: 2 });
      expect(page.body.files).toHaveLength(1);
      expect((await admin.get('/api/admin/files', { limit: 5000, offset: 'x' })).body).toMatchObject({ limit: 1000, offset: 0 });
      expect((await admin.get('/api/admin/files', { q: `${tag}%` })).body.total).toBe(0);
    });

    it('file/del: 400 invalid, 404 missing, 400 avatar; removes the file, marks its messages and drops the hash', async () => {
      const u = await newUser(cluster);
      const admin = await adminClient(cluster);
      for (const name of ['../../etc/passwd', '', 'ABCDEF0123456789ABCDEF0123456789.png', '0123456789abcdef0123456789abcdef', 42]) {
        const res = await admin.post('/api/admin/file/del', { name });
        expect(res.status, String(name)).toBe(400);
        expect(res.body.error).toBe('api.admin.fileInvalid');
      }
      const missing = await admin.post('/api/admin/file/del', { name: '0123456789abcdef0123456789abcdef.png' });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ ok: false, error: 'api.admin.fileNotFound' });

      const avatar = await uploadSingle(u, uniquePng(), 'me.png');
      await u.post('/api/profile', { avatar: avatar.body.url });
      const refused = await admin.post('/api/admin/file/del', { name: avatar.body.url.slice(9) });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('api.admin.fileIsAvatar');

      const content = bytes(500);
      const file = await uploadSingle(u, content, 'doc.txt');
      messages.set(file.body.url, 2);
      const del = await admin.post('/api/admin/file/del', { name: file.body.url.slice(9) });
      expect(del.body).toEqual({ ok: true, expired: 2 });
      // Audited with the transaction that removed it; refusals are not.
      const audited = await admin.get('/api/admin/logs', { action: 'file.delete', target: file.body.url.slice(9) });
      expect(audited.body.logs).toHaveLength(1);
      expect(audited.body.logs[0]).toMatchObject({ actor: admin.name, action: 'file.delete', target: file.body.url.slice(9) });
      expect(JSON.parse(audited.body.logs[0].detail)).toMatchObject({ k: 'api.audit.fileDelete', v: { origin: 'doc.txt', expired: 2 } });
      expect((await admin.get('/api/admin/logs', { action: 'file.delete', target: avatar.body.url.slice(9) })).body.logs).toHaveLength(0);
      expect(await served(file.body.url)).toBe(404);
      expect((await admin.post('/api/admin/file/del', { name: file.body.url.slice(9) })).status).toBe(404);
      const again = await uploadSingle(u, content, 'doc.txt');
      expect(again.body.deduped).toBe(false);
      expect(again.body.url).not.toBe(file.body.url);
      expect(await served(again.body.url)).toBe(200);
    });

    it('files/del-batch: deletes what it can and counts the rest as failed', async () => {
      const u = await newUser(cluster);
      const admin = await adminClient(cluster);
      const x = await uploadSingle(u, bytes(100), 'x.txt');
      const y = await uploadSingle(u, bytes(100), 'y.txt');
      const avatar = await uploadSingle(u, uniquePng(), 'me.png');
      await u.post('/api/profile', { avatar: avatar.body.url });
      const names = [x.body.url.slice(9), 'nope', y.body.url.slice(9), 'ffffffffffffffffffffffffffffffff.txt', avatar.body.url.slice(9), 7, x.body.url.slice(9)];
      const res = await admin.post('/api/admin/files/del-batch', { names });
      expect(res.body).toMatchObject({ ok: true, deleted: 2, failed: 5 });
      expect(await served(x.body.url)).toBe(404);
      expect(await served(y.body.url)).toBe(404);
      expect(await served(avatar.body.url)).toBe(200);
      const tooMany = await admin.post('/api/admin/files/del-batch', { names: Array(201).fill('a') });
      expect(tooMany.status).toBe(413);
      expect((await admin.post('/api/admin/files/del-batch', { names: 'a' })).status).toBe(400);
      expect((await admin.post('/api/admin/files/del-batch', { names: [] })).body).toMatchObject({ ok: true, deleted: 0, failed: 0 });
    });
  });

  describe(`account deletion (${storage})`, () => {
    it("deleting an account releases its chunked uploads' parts; its files stay", async () => {
      const u = await newUser(cluster);
      const kept = await uploadSingle(u, bytes(100), 'kept.txt');
      const { uploadId } = (await u.post('/api/upload/init', { name: 'half.txt', size: CHUNK + 10 })).body;
      expect((await sendChunk(u, uploadId, 0, bytes(CHUNK))).status).toBe(200);
      const { ctx } = cluster.a.app;
      const [row] = await ctx.db.query<{ stored_name: string; multipart_id: string }>(
        'select stored_name, multipart_id from upload_sessions where id = $1',
        [uploadId],
      );
      const admin = await adminClient(cluster);
      expect((await admin.post('/api/admin/user/del', { name: u.name })).body).toEqual({ ok: true });
      expect((await ctx.db.query('select 1 from upload_sessions where id = $1', [uploadId])).length).toBe(0);
      // The multipart upload no longer takes parts: it was aborted (S3) or its directory removed (disk).
      await expect(ctx.storage.putPart(row!.stored_name, row!.multipart_id, 1, Readable.from([Buffer.alloc(10)]), 10, CHUNK)).rejects.toThrow();
      expect(await served(kept.body.url)).toBe(200);
    });
  });

  // These move the shared clock forward: they run last.
  describe(`retention jobs (${storage})`, () => {
    it('files.expire removes old files (not avatars), marks their messages, and frees the hash', async () => {
      const u = await newUser(cluster);
      const oldContent = bytes(300);
      const old = await uploadSingle(u, oldContent, 'old.txt');
      messages.set(old.body.url, 1);
      const avatar = await uploadSingle(u, uniquePng(), 'me.png');
      await u.post('/api/profile', { avatar: avatar.body.url });
      const groupPic = await uploadSingle(u, uniquePng(), 'group.png');
      const gid = await createGroup(u);
      expect((await u.post('/api/groups/avatar', { gid, avatar: `https://chat.example${groupPic.body.url}` })).status).toBe(200);
      cluster.clock.advance(15 * DAY + 3_600_000);
      const fresh = await uploadSingle(u, bytes(300), 'fresh.txt');

      await cluster.a.app.ctx.jobs.enqueue('files.expire', {});
      // The content goes before the claiming transaction marks messages: wait for both.
      await eventually(async () => marked.includes(old.body.url));
      expect(await served(old.body.url)).toBe(404);
      expect(await served(avatar.body.url)).toBe(200);
      expect(await served(groupPic.body.url)).toBe(200);
      expect(await served(fresh.body.url)).toBe(200);
      const admin = await adminClient(cluster);
      const listed = await admin.get('/api/admin/files', { q: old.body.url.slice(9, 41) });
      expect(listed.body.total).toBe(0);
      const reupload = await uploadSingle(u, oldContent, 'old.txt');
      expect(reupload.body.deduped).toBe(false);
    });

    it('two workers expiring at once remove and mark each file once', async () => {
      const u = await newUser(cluster);
      const files = await Promise.all([0, 1, 2, 3].map((i) => uploadSingle(u, bytes(200), `f${i}.txt`)));
      cluster.clock.advance(16 * DAY);
      await Promise.all(cluster.nodes.flatMap((n) => [n.app.ctx.jobs.runNow('files.expire', {}), n.app.ctx.jobs.runNow('files.expire', {})]));
      for (const f of files) {
        expect(await served(f.body.url)).toBe(404);
        expect(marked.filter((m) => m === f.body.url)).toHaveLength(1);
      }
    });

    it('uploads.purge removes sessions older than 24 hours with their parts', async () => {
      const u = await newUser(cluster);
      const size = CHUNK + 10;
      const { uploadId } = (await u.post('/api/upload/init', { name: 'slow.txt', size })).body;
      expect((await sendChunk(u, uploadId, 0, bytes(CHUNK))).status).toBe(200);
      const { ctx } = cluster.a.app;
      const [row] = await ctx.db.query<{ stored_name: string; multipart_id: string }>(
        'select stored_name, multipart_id from upload_sessions where id = $1',
        [uploadId],
      );
      cluster.clock.advance(DAY - 60_000);
      // Still alive a minute before its 24 hours are up.
      const resumed = await u.post('/api/upload/init', { name: 'slow.txt', size, uploadId });
      expect(resumed.body).toMatchObject({ uploadId, received: [0] });
      const young = (await u.post('/api/upload/init', { name: 'young.txt', size })).body.uploadId;
      cluster.clock.advance(120_000);
      const late = await sendChunk(u, uploadId, 1, bytes(10));
      expect(late.status).toBe(404);
      expect(late.body.error).toBe('api.upload.sessionGone');

      await ctx.jobs.enqueue('uploads.purge', {});
      await eventually(async () => (await ctx.db.query('select 1 from upload_sessions where id = $1', [uploadId])).length === 0);
      // The parts are gone from storage: the multipart upload no longer takes parts.
      await expect(ctx.storage.putPart(row!.stored_name, row!.multipart_id, 1, Readable.from([Buffer.alloc(10)]), 10, CHUNK)).rejects.toThrow();
      await Promise.all(cluster.nodes.map((n) => n.app.ctx.jobs.runNow('uploads.purge', {})));
      expect((await ctx.db.query('select 1 from upload_sessions where id = $1', [young])).length).toBe(1);
    });

    it('tus uploads expire 24 hours after creation by the server clock; uploads.purge removes them', async () => {
      const u = await newUser(cluster);
      const tus = (method: string, url: string, headers: Record<string, string> = {}, body?: string) =>
        fetch(new URL(url, cluster.a.url), { method, headers: { cookie: u.cookie ?? '', 'tus-resumable': '1.0.0', ...headers }, ...(body ? { body } : {}) });
      const create = async () => {
        const res = await tus('POST', '/api/tus', { 'upload-length': '10', 'upload-metadata': `filename ${Buffer.from('t.txt').toString('base64')}` });
        expect(res.status).toBe(201);
        return res.headers.get('location') ?? '';
      };
      const old = await create();
      const patch = (url: string) => tus('PATCH', url, { 'upload-offset': '5', 'content-type': 'application/offset+octet-stream' }, 'world');
      expect((await tus('PATCH', old, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, 'hello')).status).toBe(204);
      cluster.clock.advance(DAY - 60_000);
      const young = await create();
      expect((await tus('HEAD', old)).headers.get('upload-offset')).toBe('5');
      cluster.clock.advance(120_000);
      expect((await tus('HEAD', old)).status).toBe(410);
      expect((await patch(old)).status).toBe(410);
      expect((await tus('HEAD', young)).status).toBe(200);

      await Promise.all(cluster.nodes.map((n) => n.app.ctx.jobs.runNow('uploads.purge', {})));
      expect((await tus('HEAD', old)).status).toBe(404);
      expect((await tus('HEAD', young)).status).toBe(200);
    });
  });
}
