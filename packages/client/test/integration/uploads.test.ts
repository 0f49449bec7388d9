import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatClient } from '../../src/index.ts';
import { bytes, CHUNK, download, sendChunk, uniquePng } from '../../../../test/helpers/uploads.ts';
import { startCluster, type TestCluster } from '../../../../test/helpers/server.ts';
import { checkedFetch, sdkUser } from './helpers.ts';

/** The SDK's uploads against a real server: one request, chunks (with resume), tus; each with progress. */
let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

async function uploader() {
  const { user, credentials } = await sdkUser(cluster);
  return { user, client: createChatClient({ urls: cluster.b.url, credentials, fetch: checkedFetch }) };
}

/** Progress reports, checked to rise to the total. */
function progress() {
  const seen: Array<[number, number]> = [];
  return {
    onProgress: (sent: number, total: number) => seen.push([sent, total]),
    first: () => seen[0],
    expectComplete(total: number) {
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.at(-1)).toEqual([total, total]);
      for (let i = 1; i < seen.length; i++) expect(seen[i]![0]).toBeGreaterThanOrEqual(seen[i - 1]![0]);
    },
  };
}

describe('uploads', () => {
  it('one request (a file up to 5 MB)', async () => {
    const { client } = await uploader();
    const png = uniquePng();
    const p = progress();
    const result = await client.upload(new Blob([png]), { name: 'pic.png', onProgress: p.onProgress });
    expect(result).toMatchObject({ kind: 'image', name: 'pic.png', size: png.length, deduped: false });
    p.expectComplete(png.length);
    expect((await download(cluster.a, result.url)).body.equals(png)).toBe(true);
  });

  it('chunks, and resumes a session with only the chunks it lacks', async () => {
    const { user, client } = await uploader();
    const content = bytes(CHUNK + 1234);
    const init = await user.post('/api/upload/init', { name: 'big.zip', size: content.length });
    // The first chunk went before an interruption.
    expect((await sendChunk(user, init.body.uploadId, 0, content.subarray(0, CHUNK))).status).toBe(200);
    const p = progress();
    const sessions: string[] = [];
    const result = await client.upload(new Blob([content]), {
      name: 'big.zip',
      uploadId: init.body.uploadId,
      onSession: (id) => sessions.push(id),
      onProgress: p.onProgress,
    });
    expect(sessions).toEqual([init.body.uploadId]);
    // Resumed: the first report already counts the chunk the server had.
    expect(p.first()).toEqual([CHUNK, content.length]);
    p.expectComplete(content.length);
    expect(result.size).toBe(content.length);
    expect((await download(cluster.a, result.url)).body.equals(content)).toBe(true);
  });

  it('tus, with progress, the result read from the last answer', async () => {
    const { client } = await uploader();
    const content = bytes(CHUNK + 10);
    const p = progress();
    const urls: string[] = [];
    const result = await client.uploadTus(new Blob([content]), { name: 'tus.zip', onProgress: p.onProgress, onUploadUrl: (u) => urls.push(u) });
    expect(urls).toHaveLength(1);
    p.expectComplete(content.length);
    expect(result).toMatchObject({ name: 'tus.zip', size: content.length, deduped: false });
    expect((await download(cluster.a, result.url)).body.equals(content)).toBe(true);
  });

  it('refuses what the server refuses, with its key', async () => {
    const { client } = await uploader();
    await expect(client.upload(new Blob([bytes(10)]), { name: '../../evil.exe' })).rejects.toMatchObject({ key: expect.stringMatching(/^api\.upload\./) });
  });
});
