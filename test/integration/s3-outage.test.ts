import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, newUser } from '../helpers/client.ts';
import { startS3, type TestS3 } from '../helpers/s3.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { download, sendChunk, uniquePng, uploadSingle } from '../helpers/uploads.ts';
import { checkedFetch } from '../helpers/contract.ts';

/**
 * Object storage unreachable (the S3 server's listener and connections closed: connections are
 * refused), then back: uploads fail with 503 `api.unavailable` and record nothing, serving a
 * stored file fails the same way, and both work again once S3 answers, with no restart.
 */

let s3: TestS3;
let cluster: TestCluster;
let user: Client & { name: string };

beforeAll(async () => {
  s3 = await startS3();
  cluster = await startCluster({ env: s3.env });
  user = await newUser(cluster);
});

afterAll(async () => {
  await cluster?.close();
  await s3?.close();
});

const filesOf = async (name: string) =>
  (
    await cluster.a.app.ctx.db.query<{ n: number }>(
      'select count(*)::int as n from files f join users u on u.id = f.uploader_id where u.name = $1',
      [name],
    )
  )[0]!.n;

const receivedChunks = async (uploadId: string) =>
  (await cluster.a.app.ctx.db.query<{ n: number }>('select count(*)::int as n from upload_parts where session_id = $1', [uploadId]))[0]!.n;

/** A tus creation request (POST /api/tus) for `size` bytes. */
const tusCreate = (size: number) =>
  fetch(`${cluster.a.url}/api/tus`, {
    method: 'POST',
    headers: {
      cookie: user.cookie!,
      'x-forwarded-for': user.ip,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(size),
      'Upload-Metadata': `filename ${Buffer.from('t.png').toString('base64')}`,
    },
  });

describe('S3 unreachable', () => {
  it('uploads and downloads fail with 503 api.unavailable and leave nothing recorded; both work again once S3 is back', async () => {
    const before = uniquePng(500);
    const stored = await uploadSingle(user, before, 'before.png');
    expect(stored.status).toBe(200);
    const pending = uniquePng(200);
    const init = await user.post('/api/upload/init', { name: 'chunked.png', size: pending.length });
    expect(init.status).toBe(200);
    const { uploadId } = init.body;
    const filesBefore = await filesOf(user.name);

    await s3.suspend();
    const unavailable = { ok: false, error: 'api.unavailable' };
    // A single upload: refused, nothing recorded.
    const single = await uploadSingle(user, uniquePng(300), 'during.png');
    expect(single.status, JSON.stringify(single.body)).toBe(503);
    expect(single.body).toEqual(unavailable);
    expect(single.headers.get('retry-after')).toBe('5');
    // A chunk of an open session: refused, the chunk not counted as received.
    const chunk = await sendChunk(user, uploadId, 0, pending);
    expect(chunk.status).toBe(503);
    expect(chunk.body).toEqual(unavailable);
    expect(await receivedChunks(uploadId)).toBe(0);
    // A new chunked session and a tus upload cannot start.
    const newSession = await user.post('/api/upload/init', { name: 'later.png', size: 100 });
    expect(newSession.status).toBe(503);
    expect(newSession.body).toEqual(unavailable);
    const tus = await tusCreate(100);
    expect(tus.status).toBe(503);
    expect(await tus.json()).toEqual(unavailable);
    // A stored file cannot be served: a JSON 503, not a broken body.
    const served = await checkedFetch(`${cluster.b.url}${stored.body.url}`);
    expect(served.status).toBe(503);
    expect(await served.json()).toEqual(unavailable);
    expect((await checkedFetch(`${cluster.a.url}/api/ready`)).status).toBe(503);
    expect(await filesOf(user.name)).toBe(filesBefore);

    await s3.resume();
    const backAt = Date.now();
    expect((await checkedFetch(`${cluster.a.url}/api/ready`)).status).toBe(200);
    const again = await download(cluster.b, stored.body.url);
    expect(again.status).toBe(200);
    expect(again.body.equals(before)).toBe(true);
    const after = await uploadSingle(user, uniquePng(300), 'after.png');
    expect(after.status).toBe(200);
    // The refused chunk is sent again and the upload completes.
    expect((await sendChunk(user, uploadId, 0, pending)).status).toBe(200);
    const done = await user.post('/api/upload/complete', { uploadId });
    expect(done.status).toBe(200);
    expect((await download(cluster.a, done.body.url)).body.equals(pending)).toBe(true);
    expect((await tusCreate(100)).status).toBe(201);
    expect(await filesOf(user.name)).toBe(filesBefore + 2);
    console.log(`[s3-outage] after S3 returned, readiness, serving, single, chunked and tus uploads all worked at once (${Date.now() - backAt} ms for the whole sequence)`);
  }, 60_000);
});
