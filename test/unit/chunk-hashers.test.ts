import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ChunkHashers } from '../../src/modules/uploads/chunk-hashers.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const CHUNK = 64 * 1024;

/** A file of `n` chunks (the last one shorter) and its parts as a store would list them. */
function file(n: number) {
  const content = randomBytes(CHUNK * (n - 1) + 1000);
  const chunks = Array.from({ length: n }, (_, i) => content.subarray(i * CHUNK, (i + 1) * CHUNK));
  const parts = chunks.map((_, i) => ({ index: i, etag: `${i}.etag` }));
  return { content, chunks, parts };
}

/** Streams one chunk through a tap in small pieces, as a socket would, then records it. */
function send(h: ChunkHashers, id: string, index: number, chunk: Buffer, etag = `${index}.etag`) {
  const tap = h.begin(id, index);
  for (let at = 0; at < chunk.length; at += 7000) tap?.write(chunk.subarray(at, at + 7000));
  return { tap, commit: () => tap?.commit(etag), abandon: () => tap?.abandon() };
}

describe('ChunkHashers', () => {
  it('gives the sha256 and head of the whole file whatever the order the chunks arrive in', async () => {
    for (const order of [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [1, 3, 0, 2],
    ]) {
      const h = new ChunkHashers();
      const { content, chunks, parts } = file(4);
      // Every chunk is in flight at once, then they finish in the given order.
      const taps = order.map((i) => ({ i, ...send(h, 's', i, chunks[i]!) }));
      for (const t of taps) t.commit();
      const digest = await h.finish('s', parts, 4);
      expect(digest?.sha256, order.join()).toBe(sha(content));
      expect(digest?.head.equals(content.subarray(0, 4100))).toBe(true);
      expect(h.heldBytes).toBe(0);
    }
  });

  it('a chunk still arriving when its turn comes stops being held and streams into the hash', async () => {
    const h = new ChunkHashers();
    const { content, chunks, parts } = file(3);
    const second = h.begin('s', 1);
    second?.write(chunks[1]!.subarray(0, 5000));
    expect(h.heldBytes).toBe(5000);
    send(h, 's', 0, chunks[0]!).commit();
    await new Promise((r) => setImmediate(r));
    expect(h.heldBytes).toBe(0);
    second?.write(chunks[1]!.subarray(5000));
    second?.commit('1.etag');
    send(h, 's', 2, chunks[2]!).commit();
    expect(h.heldBytes).toBe(0);
    expect((await h.finish('s', parts, 3))?.sha256).toBe(sha(content));
  });

  it('a failed chunk sent again still gives the right hash', async () => {
    const h = new ChunkHashers();
    const { content, chunks, parts } = file(3);
    const failed = h.begin('s', 0);
    failed?.write(randomBytes(5000));
    failed?.abandon();
    send(h, 's', 2, chunks[2]!).commit();
    send(h, 's', 0, chunks[0]!).commit();
    send(h, 's', 1, chunks[1]!).commit();
    expect((await h.finish('s', parts, 3))?.sha256).toBe(sha(content));
  });

  it('knows nothing after a recorded chunk is sent again, or for other etags than those hashed', async () => {
    const h = new ChunkHashers();
    const { chunks, parts } = file(2);
    send(h, 'a', 0, chunks[0]!).commit();
    expect(h.begin('a', 0)).toBeUndefined();
    send(h, 'a', 1, chunks[1]!).commit();
    expect(await h.finish('a', parts, 2)).toBeUndefined();

    send(h, 'b', 0, chunks[0]!).commit();
    send(h, 'b', 1, chunks[1]!).commit();
    expect(await h.finish('b', [parts[0]!, { index: 1, etag: 'other' }], 2)).toBeUndefined();
  });

  it('knows nothing of a session whose first chunks went to another node', async () => {
    const h = new ChunkHashers();
    const { chunks, parts } = file(3);
    send(h, 's', 2, chunks[2]!).commit();
    send(h, 's', 1, chunks[1]!).commit();
    expect(h.heldBytes).toBe(CHUNK + 1000);
    expect(await h.finish('s', parts, 3)).toBeUndefined();
    expect(h.heldBytes).toBe(0);
  });

  it('holds early chunks within its budget, giving up the least recently active session first', async () => {
    const h = new ChunkHashers(2 * CHUNK);
    const a = file(3);
    const b = file(3);
    send(h, 'a', 1, a.chunks[1]!).commit();
    send(h, 'a', 2, a.chunks[2]!).commit();
    expect(h.heldBytes).toBe(CHUNK + 1000);
    // b needs room: a (idle since) is dropped.
    send(h, 'b', 2, b.chunks[2]!).commit();
    send(h, 'b', 1, b.chunks[1]!).commit();
    send(h, 'b', 0, b.chunks[0]!).commit();
    send(h, 'a', 0, a.chunks[0]!).commit();
    expect((await h.finish('b', b.parts, 3))?.sha256).toBe(sha(b.content));
    expect(await h.finish('a', a.parts, 3)).toBeUndefined();
    expect(h.heldBytes).toBe(0);
  });

  it('forget frees what a session held', () => {
    const h = new ChunkHashers();
    const { chunks } = file(3);
    send(h, 's', 2, chunks[2]!).commit();
    const inFlight = send(h, 's', 1, chunks[1]!);
    expect(h.heldBytes).toBe(CHUNK + 1000);
    h.forget('s');
    inFlight.commit();
    expect(h.heldBytes).toBe(0);
  });
});
