import { describe, expect, it } from 'vitest';
import {
  applyConversations,
  applyPage,
  beginSync,
  createSync,
  type FetchPlan,
  type Indexed,
  pageFailed,
  planRoom,
  receive,
  type Step,
  type SyncState,
  watermarks,
} from '../../src/sync/engine.ts';

type M = Indexed & { text?: string };
const g = (idx: number, gid = 'g1'): M => ({ idx, gid });
const d = (idx: number, dm = 'bob'): M => ({ idx, dm });
const idxs = (ms: readonly M[]) => ms.map((m) => m.idx);

/** Starts an engine and applies a first conversation list. */
function listed(list: Array<{ gid?: string; dm?: string; lastIdx: number; readIdx?: number }>, startAt: 'latest' | 'unread' = 'latest'): Step<M> {
  return applyConversations(
    createSync<M>({ startAt }),
    list.map((c) => ({ ...c, readIdx: c.readIdx ?? 0 })),
  );
}

/** The messages of a room from `after`, as the server would page them (at most `limit`). */
function serverPage(all: readonly M[], plan: FetchPlan, limit = 500): M[] {
  return all.filter((m) => `g:${m.gid}` === plan.room || `d:${m.dm}` === plan.room).filter((m) => m.idx > plan.after).slice(0, limit);
}

describe('conversation list', () => {
  it("starts each room at its newest message ('latest'): nothing old is delivered, nothing fetched", () => {
    const s = listed([{ gid: 'g1', lastIdx: 40 }, { dm: 'bob', lastIdx: 0 }]);
    expect(s.fetch).toEqual([]);
    expect(watermarks(s.state)).toEqual({ 'g:g1': 40, 'd:bob': 0 });
    const live = receive(s.state, [g(41), d(1)]);
    expect(idxs(live.deliver)).toEqual([41, 1]);
  });

  it("starts at the read marker ('unread') and fetches what is above it", () => {
    const s = listed([{ gid: 'g1', lastIdx: 40, readIdx: 37 }], 'unread');
    expect(s.fetch).toEqual([{ room: 'g:g1', after: 37, bound: 40 }]);
    const page = applyPage(s.state, s.fetch[0]!, [g(38), g(39), g(40)], 500);
    expect(idxs(page.deliver)).toEqual([38, 39, 40]);
    expect(page.fetch).toEqual([]);
  });

  it('holds live messages that arrive before the list, then delivers those above where the list starts', () => {
    let state = createSync<M>();
    const early = receive(state, [g(40), g(41)]);
    expect(early.deliver).toEqual([]);
    state = early.state;
    const s = applyConversations(state, [{ gid: 'g1', lastIdx: 40, readIdx: 0 }]);
    // 40 is part of the start ('latest' starts after it), 41 arrived after.
    expect(idxs(s.deliver)).toEqual([41]);
  });

  it('resumes rooms at saved watermarks (`since`) and catches up from there', () => {
    const state = createSync<M>({ since: { 'g:g1': 10 } });
    const s = applyConversations(state, [{ gid: 'g1', lastIdx: 12, readIdx: 12 }]);
    expect(s.fetch).toEqual([{ room: 'g:g1', after: 10, bound: 12 }]);
  });
});

describe('live messages', () => {
  it('delivers a duplicate once', () => {
    const s = listed([{ gid: 'g1', lastIdx: 5 }]);
    const a = receive(s.state, [g(6)]);
    const b = receive(a.state, [g(6), g(5), g(6)]);
    expect(idxs(a.deliver)).toEqual([6]);
    expect(b.deliver).toEqual([]);
  });

  it('waits for a late message and delivers in idx order (no fetch when the gap closes by itself)', () => {
    const s = listed([{ gid: 'g1', lastIdx: 5 }]);
    const a = receive(s.state, [g(8), g(7)]);
    expect(a.deliver).toEqual([]);
    expect(a.gaps).toEqual(['g:g1']);
    const b = receive(a.state, [g(6)]);
    expect(idxs(b.deliver)).toEqual([6, 7, 8]);
    expect(b.gaps).toEqual([]);
    expect(planRoom(b.state, 'g:g1').fetch).toEqual([]);
  });

  it('fills a gap that stays open from history, delivering each message once', () => {
    const s = listed([{ gid: 'g1', lastIdx: 5 }]);
    const a = receive(s.state, [g(6), g(9)]);
    expect(idxs(a.deliver)).toEqual([6]);
    const gap = planRoom(a.state, 'g:g1');
    expect(gap.fetch).toEqual([{ room: 'g:g1', after: 6, bound: 9 }]);
    // A second gap notice while the page is on its way asks for nothing more.
    expect(planRoom(gap.state, 'g:g1').fetch).toEqual([]);
    const page = applyPage(gap.state, gap.fetch[0]!, [g(7), g(8), g(9), g(10)], 500);
    expect(idxs(page.deliver)).toEqual([7, 8, 9, 10]);
    // 10 came with the page; arriving live afterwards it is a duplicate.
    expect(receive(page.state, [g(10), g(11)]).deliver.map((m) => m.idx)).toEqual([11]);
  });

  it('skips indexes the history shows do not exist (a deleted account took its messages)', () => {
    const s = listed([{ gid: 'g1', lastIdx: 5 }]);
    const a = receive(s.state, [g(9)]);
    const gap = planRoom(a.state, 'g:g1');
    const page = applyPage(gap.state, gap.fetch[0]!, [g(7)], 500);
    expect(idxs(page.deliver)).toEqual([7, 9]);
    expect(watermarks(page.state)['g:g1']).toBe(9);
  });

  it('starts a room it has never seen at its first live message (a group joined while connected)', () => {
    const s = listed([]);
    const a = receive(s.state, [g(14, 'new')]);
    expect(idxs(a.deliver)).toEqual([14]);
    expect(idxs(receive(a.state, [g(15, 'new')]).deliver)).toEqual([15]);
  });
});

describe('catch-up', () => {
  it('after a reconnect fetches from the watermark and delivers live and fetched messages once', () => {
    const server = [1, 2, 3, 4, 5, 6, 7].map((i) => g(i));
    let s = listed([{ gid: 'g1', lastIdx: 2 }]);
    s = receive(s.state, [g(3)]);
    // Disconnected: 4 and 5 are missed. Reconnected: 6 arrives live before the list.
    let state = beginSync(s.state);
    s = receive(state, [g(6)]);
    expect(s.deliver).toEqual([]);
    s = applyConversations(s.state, [{ gid: 'g1', lastIdx: 6, readIdx: 0 }]);
    expect(s.fetch).toEqual([{ room: 'g:g1', after: 3, bound: 6 }]);
    const plan = s.fetch[0]!;
    // 7 arrives live while the page is on its way.
    const live = receive(s.state, [g(7)]);
    expect(live.deliver).toEqual([]);
    state = live.state;
    const page = applyPage(state, plan, serverPage(server, plan), 500);
    expect(idxs(page.deliver)).toEqual([4, 5, 6, 7]);
  });

  it('pages through a long absence until the newest message', () => {
    const server = Array.from({ length: 12 }, (_, i) => g(i + 1));
    let s = applyConversations(createSync<M>({ since: { 'g:g1': 0 } }), [{ gid: 'g1', lastIdx: 12, readIdx: 0 }]);
    const delivered: number[] = [];
    while (s.fetch.length > 0) {
      const plan = s.fetch[0]!;
      s = applyPage(s.state, plan, serverPage(server, plan, 5), 5);
      delivered.push(...idxs(s.deliver));
    }
    expect(delivered).toEqual(server.map((m) => m.idx));
  });

  it('accepts that trimmed history is gone: delivery resumes at the oldest kept message', () => {
    const s = applyConversations(createSync<M>({ since: { 'g:g1': 3 } }), [{ gid: 'g1', lastIdx: 600, readIdx: 0 }]);
    const kept = Array.from({ length: 500 }, (_, i) => g(101 + i));
    const page = applyPage(s.state, s.fetch[0]!, kept, 500);
    expect(page.deliver[0]!.idx).toBe(101);
    expect(page.deliver).toHaveLength(500);
    // The page reached the newest known message: nothing more to ask for.
    expect(page.fetch).toEqual([]);
    expect(watermarks(page.state)['g:g1']).toBe(600);
  });

  it('an empty short page declares everything up to its bound absent', () => {
    const s = applyConversations(createSync<M>({ since: { 'g:g1': 3 } }), [{ gid: 'g1', lastIdx: 5, readIdx: 0 }]);
    const page = applyPage(s.state, s.fetch[0]!, [], 500);
    expect(watermarks(page.state)['g:g1']).toBe(5);
    expect(idxs(receive(page.state, [g(6)]).deliver)).toEqual([6]);
  });

  it('a reconnect in the middle of a catch-up: the old page still lands, the new one delivers only the rest', () => {
    const server = Array.from({ length: 9 }, (_, i) => g(i + 1));
    let s = applyConversations(createSync<M>({ since: { 'g:g1': 2 } }), [{ gid: 'g1', lastIdx: 6, readIdx: 0 }]);
    const oldPlan = s.fetch[0]!;
    // The connection drops before the page comes back; the next one lists again.
    let state = beginSync(s.state);
    s = applyConversations(state, [{ gid: 'g1', lastIdx: 9, readIdx: 0 }]);
    const newPlan = s.fetch[0]!;
    expect(newPlan).toEqual({ room: 'g:g1', after: 2, bound: 9 });
    state = s.state;
    const first = applyPage(state, oldPlan, serverPage(server, oldPlan), 500);
    const second = applyPage(first.state, newPlan, serverPage(server, newPlan), 500);
    expect([...idxs(first.deliver), ...idxs(second.deliver)]).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('a failed page can be planned again', () => {
    const s = applyConversations(createSync<M>({ since: { 'g:g1': 2 } }), [{ gid: 'g1', lastIdx: 6, readIdx: 0 }]);
    const failed = pageFailed(s.state, s.fetch[0]!);
    const again = applyConversations(beginSync(failed), [{ gid: 'g1', lastIdx: 6, readIdx: 0 }]);
    expect(again.fetch).toEqual([{ room: 'g:g1', after: 2, bound: 6 }]);
  });
});

describe('random interleavings', () => {
  /** A tiny deterministic generator (mulberry32) so a failure can be replayed. */
  function rng(seed: number) {
    let a = seed;
    return () => {
      a |= 0;
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('delivers every message of every room exactly once and in order, whatever is lost, repeated or late', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const rand = rng(seed);
      const rooms = ['a', 'b', 'c'];
      const server: M[] = [];
      const last: Record<string, number> = { a: 0, b: 0, c: 0 };
      let state: SyncState<M> = applyConversations(createSync<M>(), rooms.map((gid) => ({ gid, lastIdx: 0, readIdx: 0 }))).state;
      const delivered: M[] = [];
      const inFlight: Array<{ plan: FetchPlan; snapshot: M[] }> = [];
      let lateLive: M[] = [];
      const take = (step: Step<M>) => {
        state = step.state;
        delivered.push(...step.deliver);
        for (const plan of step.fetch) inFlight.push({ plan, snapshot: serverPage(server, plan, 4) });
      };
      for (let t = 0; t < 120; t++) {
        const r = rand();
        if (r < 0.45) {
          const gid = rooms[Math.floor(rand() * rooms.length)]!;
          const m = g(++last[gid]!, gid);
          server.push(m);
          const fate = rand();
          if (fate < 0.6) take(receive(state, [m]));
          else if (fate < 0.75) lateLive.push(m);
          else if (fate < 0.85) take(receive(state, [m, m]));
          // else: lost on the way
        } else if (r < 0.6 && lateLive.length > 0) {
          take(receive(state, lateLive.splice(0, 1 + Math.floor(rand() * lateLive.length))));
        } else if (r < 0.75 && inFlight.length > 0) {
          const { plan, snapshot } = inFlight.splice(Math.floor(rand() * inFlight.length), 1)[0]!;
          take(applyPage(state, plan, snapshot, 4));
        } else if (r < 0.85) {
          for (const gid of rooms) {
            const gap = planRoom(state, `g:${gid}`);
            state = gap.state;
            for (const plan of gap.fetch) inFlight.push({ plan, snapshot: serverPage(server, plan, 4) });
          }
        } else if (r < 0.9) {
          // A reconnect: live messages in the air are lost, the list is fetched again.
          lateLive = [];
          state = beginSync(state);
          take(applyConversations(state, rooms.map((gid) => ({ gid, lastIdx: last[gid]!, readIdx: 0 }))));
        }
      }
      // Quiet at the end: answer what is pending, then one final reconnect catch-up until nothing is left.
      take(receive(state, lateLive));
      state = beginSync(state);
      take(applyConversations(state, rooms.map((gid) => ({ gid, lastIdx: last[gid]!, readIdx: 0 }))));
      for (let guard = 0; inFlight.length > 0 && guard < 1000; guard++) {
        const { plan } = inFlight.shift()!;
        take(applyPage(state, plan, serverPage(server, plan, 4), 4));
      }
      for (const gid of rooms) {
        const got = delivered.filter((m) => m.gid === gid).map((m) => m.idx);
        const want = server.filter((m) => m.gid === gid).map((m) => m.idx);
        expect(got, `seed ${seed}, room ${gid}`).toEqual(want);
      }
    }
  });
});
