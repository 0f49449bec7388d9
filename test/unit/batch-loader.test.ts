import { describe, expect, it } from 'vitest';
import { BatchLoader } from '../../src/lib/batch-loader.ts';

describe('BatchLoader', () => {
  it('fetches the keys asked in one turn together, once per distinct key, answering each in order', async () => {
    const fetches: string[][] = [];
    const loader = new BatchLoader<string, string>(
      async (keys) => {
        fetches.push([...keys]);
        return keys.map((k) => k.toUpperCase());
      },
      (k) => k.toLowerCase(),
    );
    const answers = await Promise.all(['a', 'b', 'A', 'c'].map((k) => loader.load(k)));
    expect(answers).toEqual(['A', 'B', 'A', 'C']);
    expect(fetches).toEqual([['a', 'b', 'c']]);
    expect(await loader.load('d')).toBe('D');
    expect(fetches).toHaveLength(2);
  });

  it('a failed fetch fails every load of its batch, and only those', async () => {
    let fail = true;
    const loader = new BatchLoader<number, number>(
      async (keys) => {
        if (fail) throw new Error('down');
        return keys.map((k) => k * 2);
      },
      String,
    );
    const failed = await Promise.allSettled([loader.load(1), loader.load(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await loader.load(3)).toBe(6);
  });
});
