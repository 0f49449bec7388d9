import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/modules/messages/group-commit.ts';

describe('GroupCommit', () => {
  it('writes items submitted in the same turn as one batch, in order', async () => {
    const batches: number[][] = [];
    const gc = new GroupCommit<number, string>(async (items) => {
      batches.push([...items]);
      return items.map((i) => `r${i}`);
    });
    const results = await Promise.all([1, 2, 3].map((i) => gc.submit(i)));
    expect(results).toEqual(['r1', 'r2', 'r3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('collects what arrives during a write into the next batch, never two writes at once', async () => {
    const batches: number[][] = [];
    let inFlight = 0;
    let release!: () => void;
    const firstWrite = new Promise<void>((r) => {
      release = r;
    });
    const gc = new GroupCommit<number, number>(async (items) => {
      inFlight++;
      expect(inFlight).toBe(1);
      batches.push([...items]);
      if (batches.length === 1) await firstWrite;
      inFlight--;
      return [...items];
    });
    const first = gc.submit(1);
    await new Promise((r) => setImmediate(r));
    const later = [2, 3, 4].map((i) => gc.submit(i));
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('caps a batch at maxBatch items', async () => {
    const sizes: number[] = [];
    const gc = new GroupCommit<number, number>(async (items) => {
      sizes.push(items.length);
      return [...items];
    }, 4);
    await Promise.all(Array.from({ length: 10 }, (_, i) => gc.submit(i)));
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('retries a failed batch item by item, so one bad item fails only itself', async () => {
    const calls: number[][] = [];
    const gc = new GroupCommit<number, number>(async (items) => {
      calls.push([...items]);
      if (items.includes(2)) throw new Error(`bad ${items.join(',')}`);
      return items.map((i) => i * 10);
    });
    const results = await Promise.allSettled([1, 2, 3].map((i) => gc.submit(i)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([10, 'bad 2', 30]);
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('drained() waits for everything submitted', async () => {
    let written = 0;
    const gc = new GroupCommit<number, number>(async (items) => {
      await new Promise((r) => setTimeout(r, 5));
      written += items.length;
      return [...items];
    });
    for (let i = 0; i < 5; i++) void gc.submit(i);
    await gc.drained();
    expect(written).toBe(5);
  });
});
