import { afterEach, describe, expect, it } from 'vitest';
import type { Identity } from '../../src/identity.ts';
import { AdjustableClock } from '../../src/lib/clock.ts';
import { type Credential, IdentityCache } from '../../src/modules/auth/identity-cache.ts';
import { MemoryState } from '../../src/state/memory.ts';

const identity = (name: string): Identity => ({ userId: 7, name, role: 'user', status: 'active', mustChange: false, via: 'cookie' });

/** A load the test answers when it chooses, counting how often it was started. */
function gatedLoad() {
  let calls = 0;
  let release: (c: Credential | undefined) => void = () => {};
  const load = () => {
    calls++;
    return new Promise<Credential | undefined>((resolve) => (release = resolve));
  };
  return { load, calls: () => calls, answer: (name: string) => release({ identity: identity(name) }) };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

/** Caches `name` under `key` (a first use, loaded from the "database"). */
async function cached(cache: IdentityCache, key: string, name: string): Promise<void> {
  const first = gatedLoad();
  const opening = cache.credential(key, first.load);
  first.answer(name);
  await opening;
}

let state: MemoryState;
afterEach(() => state?.close());

/** Two nodes' caches; background reloads start at once unless `refreshDelay` says otherwise. */
async function twoNodes(refreshDelay: (maxMs: number) => number = () => 0) {
  const clock = new AdjustableClock();
  state = new MemoryState(clock);
  const a = new IdentityCache(state, clock, refreshDelay);
  const b = new IdentityCache(state, clock, refreshDelay);
  await a.start();
  await b.start();
  return { clock, a, b };
}

describe('IdentityCache', () => {
  it('answers a credential in use from the cache while it reloads it in the background, so its expiry never waits for the database', async () => {
    const { clock, a } = await twoNodes();
    await cached(a, 'c:x', 'old');

    clock.advance(29_000); // past every entry's refresh point (20–28 s), within its life (30 s)
    const later = gatedLoad();
    // Answered at once although the reload is still running (never answered yet), and one reload for both.
    expect((await a.credential('c:x', later.load))?.identity.name).toBe('old');
    expect((await a.credential('c:x', later.load))?.identity.name).toBe('old');
    expect(later.calls()).toBe(1);
    later.answer('new');
    await settled();

    // Past the first answer's life: the reloaded one, no load.
    clock.advance(10_000);
    const none = gatedLoad();
    expect((await a.credential('c:x', none.load))?.identity.name).toBe('new');
    expect(none.calls()).toBe(0);
  });

  it('reloads the entries of one burst at different moments, every one before it expires', async () => {
    const { clock, a } = await twoNodes();
    const keys = Array.from({ length: 50 }, (_, i) => `c:burst${i}`);
    for (const key of keys) await cached(a, key, 'old');
    const started: number[] = [];
    const reloaded = new Set<string>();
    clock.advance(19_000);
    for (let second = 20; second <= 29; second++) {
      clock.advance(1_000);
      let now = 0;
      for (const key of keys) {
        const reload = gatedLoad();
        await a.credential(key, reload.load);
        if (reload.calls() > 0) {
          now++;
          reloaded.add(key);
          reload.answer('new');
        }
      }
      started.push(now);
      await settled();
    }
    // All 50 reloaded within their 30 s, in no one second more than half of them (about 6 a second).
    expect(reloaded.size).toBe(50);
    expect(Math.max(...started)).toBeLessThanOrEqual(25);
    expect(started.filter((n) => n > 0).length).toBeGreaterThanOrEqual(4);
  });

  it('spreads the reloads of entries used again together over the rest of their life, never past it', async () => {
    const asked: number[] = [];
    // Every other entry's reload waits 40 ms; the others start at once.
    const { clock, a } = await twoNodes((maxMs) => {
      asked.push(maxMs);
      return asked.length % 2 === 0 ? 40 : 0;
    });
    const keys = ['c:p0', 'c:p1', 'c:p2', 'c:p3'];
    for (const key of keys) await cached(a, key, 'old');
    clock.advance(28_500); // past every refresh point, 1.5 s of life left
    const reloads = keys.map(() => gatedLoad());
    for (const [i, key] of keys.entries()) expect((await a.credential(key, reloads[i]!.load))?.identity.name).toBe('old');
    // A use while the reload waits schedules no second one.
    await a.credential('c:p1', gatedLoad().load);
    // At most the life left less the 1 s margin: 0.5 s less the real time the test took since the
    // entries were loaded (the clock runs on meanwhile; 200 ms allowed for a busy machine).
    expect(asked).toHaveLength(4);
    for (const max of asked) {
      expect(max).toBeGreaterThan(300);
      expect(max).toBeLessThanOrEqual(500);
    }
    expect(reloads.map((r) => r.calls())).toEqual([1, 0, 1, 0]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(reloads.map((r) => r.calls())).toEqual([1, 1, 1, 1]);

    // Used early in the refresh stretch, a reload may wait up to 3 s. Entries' refresh points are
    // random (20–28 s): of ten entries loaded together, those past theirs 25.5 s later ask (all ten
    // miss it once in 100,000 runs); 4.5 s of life left less the margin leaves the 3 s cap with
    // 0.5 s to spare for the real time the test takes.
    const early = Array.from({ length: 10 }, (_, i) => `c:early${i}`);
    for (const key of early) await cached(a, key, 'old');
    clock.advance(25_500);
    const before = asked.length;
    for (const key of early) await a.credential(key, gatedLoad().load);
    expect(asked.length).toBeGreaterThan(before);
    expect(asked.slice(before).every((max) => max === 3_000)).toBe(true);
  });

  it('waits for a load once an unused entry has expired, and shares one load among concurrent misses', async () => {
    const { clock, a } = await twoNodes();
    await cached(a, 'c:y', 'old');
    clock.advance(31_000);
    const again = gatedLoad();
    const both = Promise.all([a.credential('c:y', again.load), a.credential('c:y', again.load)]);
    await settled();
    expect(again.calls()).toBe(1);
    again.answer('new');
    expect((await both).map((c) => c?.identity.name)).toEqual(['new', 'new']);
  });

  it('does not keep what a load read while another node invalidated the user: it may be from before the change', async () => {
    const { a, b } = await twoNodes();
    const racing = gatedLoad();
    const answer = a.credential('c:z', racing.load);
    await b.invalidateUser(7); // e.g. a ban committed while the load was reading
    racing.answer('before the ban');
    expect((await answer)?.identity.name).toBe('before the ban');

    const next = gatedLoad();
    const reread = a.credential('c:z', next.load);
    await settled();
    expect(next.calls()).toBe(1);
    next.answer('banned');
    expect((await reread)?.identity.name).toBe('banned');
  });

  it('keeps answering until the expiry when a background reload fails, then loads again', async () => {
    const { clock, a } = await twoNodes();
    await cached(a, 'c:w', 'kept');
    clock.advance(21_000);
    expect((await a.credential('c:w', () => Promise.reject(new Error('database down'))))?.identity.name).toBe('kept');
    await settled();
    expect((await a.credential('c:w', () => Promise.reject(new Error('still down'))))?.identity.name).toBe('kept');
    clock.advance(10_000);
    await expect(a.credential('c:w', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });

  it('drops a user\'s account snapshot and credentials on every node', async () => {
    const { a, b } = await twoNodes();
    await a.account(7, async () => ({ v: 1 }));
    await a.credential('c:v', async () => ({ identity: identity('x') }));
    await b.invalidateUser(7);
    expect(await a.account(7, async () => ({ v: 2 }))).toEqual({ v: 2 });
    expect((await a.credential('c:v', async () => ({ identity: identity('y') })))?.identity.name).toBe('y');
  });
});
