import { describe, expect, it } from 'vitest';
import { Slots } from '../../src/lib/slots.ts';

const tick = () => new Promise((r) => setImmediate(r));

describe('Slots', () => {
  it('lets `n` holders in at once; the others wait in order until one releases', async () => {
    const slots = new Slots(2);
    const entered: number[] = [];
    const holders = [1, 2, 3, 4].map((i) => slots.acquire().then(() => entered.push(i)));
    await tick();
    expect(entered).toEqual([1, 2]);
    slots.release();
    await tick();
    expect(entered).toEqual([1, 2, 3]);
    slots.release();
    slots.release();
    await Promise.all(holders);
    expect(entered).toEqual([1, 2, 3, 4]);
    // Two releases freed the two slots the last holders no longer need: a fresh acquire passes at once.
    slots.release();
    slots.release();
    let passed = false;
    await slots.acquire().then(() => {
      passed = true;
    });
    expect(passed).toBe(true);
  });
});
