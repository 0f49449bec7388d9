import { afterEach, describe, expect, it } from 'vitest';
import { KeyRateWindows } from '../../src/modules/keys/key-rate.ts';
import { MemoryState } from '../../src/state/memory.ts';

/** Two nodes' windows over one shared state (what Redis is in cluster mode), on a clock we move. */
function setup() {
  let t = 600_000 * 1000; // the start of a 60 s window
  const clock = { now: () => t };
  const state = new MemoryState(clock);
  const reservations: number[] = [];
  const reserve = state.reserve.bind(state);
  state.reserve = async (key, want, limit, windowMs) => {
    reservations.push(want);
    return reserve(key, want, limit, windowMs);
  };
  return { state, a: new KeyRateWindows(state, clock), b: new KeyRateWindows(state, clock), reservations, advance: (ms: number) => (t += ms) };
}

async function takeMany(w: KeyRateWindows, key: number, limit: number, n: number): Promise<number> {
  let ok = 0;
  for (let i = 0; i < n; i++) if (await w.take(key, limit)) ok++;
  return ok;
}

describe('API key call windows taken in leases', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('one node: exactly the limit per window, one shared-state call per 1% of it', async () => {
    const s = setup();
    close = () => s.state.close();
    expect(await takeMany(s.a, 1, 6000, 6100)).toBe(6000);
    // 100 leases of 60, then one refusal: later calls of the window are refused without asking again.
    expect(s.reservations).toHaveLength(101);
    expect(s.reservations.every((w) => w === 60)).toBe(true);
    s.advance(60_000);
    expect(await s.a.take(1, 6000)).toBe(true);
  });

  it('two nodes: never over the limit, refused early by at most one lease', async () => {
    const s = setup();
    close = () => s.state.close();
    let ok = 0;
    for (let i = 0; i < 400; i++) if (await (i % 2 ? s.a : s.b).take(2, 300)) ok++;
    expect(ok).toBeLessThanOrEqual(300);
    expect(ok).toBeGreaterThanOrEqual(300 - 3);
  });

  it('limits up to 100 lease one call at a time: exact across nodes', async () => {
    const s = setup();
    close = () => s.state.close();
    let ok = 0;
    for (let i = 0; i < 30; i++) if (await (i % 3 ? s.a : s.b).take(3, 20)) ok++;
    expect(ok).toBe(20);
    expect(s.reservations.every((w) => w === 1)).toBe(true);
  });

  it('concurrent calls on one node share one reservation', async () => {
    const s = setup();
    close = () => s.state.close();
    const results = await Promise.all(Array.from({ length: 50 }, () => s.a.take(4, 6000)));
    expect(results.every(Boolean)).toBe(true);
    expect(s.reservations).toHaveLength(1);
  });

  it('a raised limit is seen within the window; a new window starts from the shared count', async () => {
    const s = setup();
    close = () => s.state.close();
    expect(await takeMany(s.a, 5, 4, 6)).toBe(4);
    expect(await takeMany(s.a, 5, 6, 6)).toBe(2);
    s.advance(60_000);
    expect(await takeMany(s.b, 5, 6, 10)).toBe(6);
  });
});
