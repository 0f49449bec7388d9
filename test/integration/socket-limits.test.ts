import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, collect, emitAck, newUser, trackSockets } from '../helpers/client.ts';
import { history, sendText, storedCount } from '../helpers/messages.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { befriend, groupWith } from '../helpers/social.ts';

// biome-ignore lint/suspicious/noExplicitAny: acks are inspected loosely.
type Json = any;

/** Low rates, so that the bounds below hold by a wide margin however slow the machine is. */
const MSG = { rate: 2, burst: 20 };
const TYPING = { rate: 2, burst: 10 };
/** Above the sockets any other test here opens for one user. */
const MAX_PER_USER = 3;
/** Above any test's refusals but the abuse test's. */
const ABUSE_REFUSALS = 600;

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster({
    env: {
      SOCKET_LIMIT_MSG: `${MSG.rate}/${MSG.burst}`,
      SOCKET_LIMIT_TYPING: `${TYPING.rate}/${TYPING.burst}`,
      SOCKET_ABUSE_REFUSALS: String(ABUSE_REFUSALS),
      SOCKET_MAX_PER_USER: String(MAX_PER_USER),
    },
  });
});
afterAll(() => cluster?.close());

const connect = trackSockets();

/** Emits `n` events at once; resolves with the acks that came back (in order), once every event is acked or the socket is gone. */
async function flood(s: Socket, event: string, n: number, payload: (i: number) => unknown): Promise<{ acks: Json[]; disconnected: boolean }> {
  const acks: Json[] = [];
  let gone = false;
  const done = new Promise<void>((resolve) => {
    s.once('disconnect', () => {
      gone = true;
      resolve();
    });
    for (let i = 0; i < n; i++)
      s.emit(event, payload(i), (ack: Json) => {
        acks.push(ack);
        if (acks.length === n) resolve();
      });
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`only ${acks.length}/${n} acks`)), 20_000);
  });
  try {
    await Promise.race([done, deadline]);
  } finally {
    clearTimeout(timer);
  }
  return { acks, disconnected: gone };
}

const seconds = (ms: number) => ms / 1000;

/** Polls `check` until it holds (deadline 5 s). */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every refusal is api.rateLimited with a whole number of seconds to wait. */
function expectRateLimited(refusals: Json[]): void {
  expect(refusals.length).toBeGreaterThan(0);
  for (const r of refusals) {
    expect(r).toMatchObject({ ok: false, error: 'api.rateLimited' });
    expect(Number.isInteger(r.retryAfter) && r.retryAfter >= 1, JSON.stringify(r)).toBe(true);
  }
}

describe('socket event limits', () => {
  it('500 rapid msgs: at most burst + rate·t stored, refusals say api.rateLimited + retryAfter, the history stays', async () => {
    const u = await newUser(cluster);
    const other = await newUser(cluster);
    const gid = await groupWith(other, { members: [u] });
    const earlier = await connect(other, cluster.a);
    for (let i = 0; i < 5; i++) await sendText(earlier, { gid }, `earlier ${i}`);

    const s = await connect(u, cluster.b);
    const start = cluster.clock.now();
    const { acks } = await flood(s, 'msg', 500, (i) => ({ gid, type: 'text', content: `spam ${i}` }));
    const elapsed = seconds(cluster.clock.now() - start);
    expect(acks.length).toBe(500);
    const accepted = acks.filter((a) => a.ok).length;
    expect(accepted).toBeGreaterThanOrEqual(MSG.burst);
    expect(accepted).toBeLessThanOrEqual(MSG.burst + MSG.rate * elapsed + 1);
    expectRateLimited(acks.filter((a) => !a.ok));

    const stored = await history(other, { gid, limit: 500 });
    expect(stored.filter((m: Json) => m.from === u.name).length).toBe(accepted);
    // The room keeps its earlier history.
    expect(stored.filter((m: Json) => m.from === other.name).map((m: Json) => m.content)).toEqual([0, 1, 2, 3, 4].map((i) => `earlier ${i}`));
  });

  it('sustained refusals disconnect the socket (the server ends it: the client does not reconnect by itself)', async () => {
    const u = await newUser(cluster);
    const gid = await groupWith(u);
    const s = await connect(u, cluster.b);
    const reason = new Promise<string>((resolve) => s.once('disconnect', resolve));
    const { acks, disconnected } = await flood(s, 'typing', ABUSE_REFUSALS + 100, () => ({ gid }));
    expect(disconnected).toBe(true);
    expect(await reason).toBe('io server disconnect');
    const refusals = acks.filter((a) => !a.ok);
    expectRateLimited(refusals);
    // Disconnected at the threshold: the refusals acknowledged are those up to it.
    expect(refusals.length).toBeLessThanOrEqual(ABUSE_REFUSALS);
  });

  it('the bucket is per user across connections and nodes', async () => {
    const u = await newUser(cluster);
    const gid = await groupWith(u);
    const onA = await connect(u, cluster.a);
    const onB = await connect(u, cluster.b);
    const start = cluster.clock.now();
    const [a, b] = await Promise.all([
      flood(onA, 'msg', MSG.burst, (i) => ({ gid, type: 'text', content: `a${i}` })),
      flood(onB, 'msg', MSG.burst, (i) => ({ gid, type: 'text', content: `b${i}` })),
    ]);
    const elapsed = seconds(cluster.clock.now() - start);
    const accepted = [...a.acks, ...b.acks].filter((x) => x.ok).length;
    // Separate buckets per node or per connection would accept both bursts (2 × burst).
    expect(accepted).toBeLessThanOrEqual(MSG.burst + MSG.rate * elapsed + 1);
    expectRateLimited([...a.acks, ...b.acks].filter((x) => !x.ok));
    for (const node of cluster.nodes) await node.app.services.messages.drained();
    expect(await storedCount(cluster.a, `g:${gid}`)).toBe(accepted);
  });

  it('a typing flood is limited', async () => {
    const u = await newUser(cluster);
    const gid = await groupWith(u);
    const s = await connect(u, cluster.b);
    const start = cluster.clock.now();
    const { acks } = await flood(s, 'typing', 60, () => ({ gid }));
    const elapsed = seconds(cluster.clock.now() - start);
    expect(acks.length).toBe(60);
    expect(acks.filter((a) => a.ok).length).toBeLessThanOrEqual(TYPING.burst + TYPING.rate * elapsed + 1);
    expectRateLimited(acks.filter((a) => !a.ok));
    // Fewer refusals than the abuse threshold: still connected.
    expect(s.connected).toBe(true);
  });

  it("an API-key connection spends the key's own rate window per event, shared with HTTP", async () => {
    const u = await newUser(cluster);
    const gid = await groupWith(u);
    const plaintext = (await u.post('/api/keys', { name: 'bot', scopes: ['messages.read', 'messages.send'], rateLimit: 2 })).body.plaintext;
    // Start of a fresh 60-second window, so that the window does not roll over mid-test.
    cluster.clock.advance(60_000 - (cluster.clock.now() % 60_000) + 10);
    const bot = new Client(cluster.b);
    const s = await connect(bot, cluster.b, plaintext);
    const acks: Json[] = [];
    for (let i = 0; i < 5; i++) acks.push(await emitAck(s, 'msg', { gid, type: 'text', content: `bot ${i}` }));
    expect(acks.slice(0, 2).map((a) => a.ok)).toEqual([true, true]);
    for (const a of acks.slice(2)) expect(a).toEqual({ ok: false, error: 'api.rateLimited', retryAfter: 60 });
    expect(await storedCount(cluster.a, `g:${gid}`)).toBe(2);
    bot.apiKey = plaintext;
    expect((await bot.get('/api/messages', { gid })).status).toBe(429);
  });
});

describe('mutes cover reactions and typing', () => {
  it('group mute, mute-all and platform mute refuse react and typing with the send error; nothing reaches the room', async () => {
    const admin = await adminClient(cluster);
    const owner = await newUser(cluster);
    const m = await newUser(cluster);
    const watcher = await newUser(cluster);
    await befriend(m, owner);
    const gid = await groupWith(owner, { members: [m, watcher] });
    const os = await connect(owner, cluster.a);
    const ms = await connect(m, cluster.b);
    const ws = await connect(watcher, cluster.a);
    const typing = collect(ws, 'typing');
    const reactions = collect(ws, 'reaction');
    const dmTyping = collect(os, 'typing');
    const { idx } = await sendText(os, { gid }, 'react to me');

    const refusedBoth = async (error: string) => {
      expect(await emitAck(ms, 'react', { gid, idx, emoji: '👍' })).toEqual({ ok: false, error });
      expect(await emitAck(ms, 'typing', { gid })).toEqual({ ok: false, error });
    };

    expect((await owner.post('/api/groups/member/mute', { gid, name: m.name, muted: true })).status).toBe(200);
    await refusedBoth('api.msg.groupMuted');
    await owner.post('/api/groups/member/mute', { gid, name: m.name, muted: false });

    expect((await owner.post('/api/groups/muteall', { gid, val: true })).status).toBe(200);
    await refusedBoth('api.msg.groupMuted');
    await owner.post('/api/groups/muteall', { gid, val: false });

    expect((await admin.post('/api/admin/penalties/add', { user: m.name, action: 'mute', duration: 3600 })).status).toBe(200);
    await refusedBoth('api.msg.muted');
    expect(await emitAck(ms, 'typing', { pm: owner.name })).toEqual({ ok: false, error: 'api.msg.muted' });

    // A barrier: the owner's reaction reaches the watcher after anything the muted member could have caused.
    await emitAck(os, 'react', { gid, idx, emoji: '✅' });
    await until(async () => reactions.some((p: Json) => p.reactions['✅'] !== undefined));
    expect(typing).toEqual([]);
    expect(reactions.filter((p: Json) => JSON.stringify(p.reactions).includes(m.name))).toEqual([]);
    expect(dmTyping).toEqual([]);
  });
});

describe('invisible users', () => {
  it('connecting and disconnecting while invisible sends no presence event at all', async () => {
    const friend = await newUser(cluster);
    const shy = await newUser(cluster);
    const plain = await newUser(cluster);
    await befriend(shy, friend);
    await befriend(plain, friend);
    const f = await connect(friend, cluster.a);
    const events = collect(f, 'presence');
    const seen = (pred: (e: Json) => boolean) => until(async () => events.some(pred));
    expect((await shy.post('/api/settings', { invisible: true })).status).toBe(200);

    const s1 = await shy.socket({ node: cluster.b });
    s1.disconnect();
    await until(async () => (await shy.get('/api/me')).body.online === false);
    // Switched invisible live on one device, then gone from every device: silent too.
    await shy.post('/api/settings', { invisible: false });
    const s2 = await shy.socket({ node: cluster.b });
    await seen((e) => e.name === shy.name && e.online);
    expect(await emitAck(s2, 'status', { invisible: true })).toEqual({ ok: true });
    await seen((e) => e.name === shy.name && !e.online);
    const before = events.length;
    expect(await emitAck(s2, 'status', { away: true })).toEqual({ ok: true });
    s2.disconnect();
    await until(async () => (await shy.get('/api/me')).body.online === false);

    // A barrier: a visible friend's coming and going, through the same node, arrives after.
    const p = await plain.socket({ node: cluster.b });
    await seen((e) => e.name === plain.name && e.online);
    p.disconnect();
    await seen((e) => e.name === plain.name && !e.online);

    const shyEvents = events.filter((e: Json) => e.name === shy.name);
    // Only the two switches made while visible (online, then hidden) were announced.
    expect(shyEvents.map((e: Json) => e.online)).toEqual([true, false]);
    expect(events.slice(before).filter((e: Json) => e.name === shy.name)).toEqual([]);
  });
});

describe('connections per user', () => {
  /** Connects, or answers the handshake's refusal. */
  const attempt = (u: Client, node = cluster.a) => u.socket({ node }).then((s) => { opened.push(s); return 'ready'; }, (err: Error) => err.message);
  const opened: Socket[] = [];
  afterEach(() => {
    for (const s of opened.splice(0)) s.disconnect();
  });

  it(`one user holds at most ${MAX_PER_USER} sockets on a node, parallel handshakes included; a closed one frees its slot; others are not affected`, async () => {
    const u = await newUser(cluster);
    const answers = await Promise.all(Array.from({ length: 2 * MAX_PER_USER }, () => attempt(u)));
    expect(answers.filter((a) => a === 'ready')).toHaveLength(MAX_PER_USER);
    expect(answers.filter((a) => a !== 'ready')).toEqual(Array(MAX_PER_USER).fill('api.socket.tooMany'));
    // Another user, and an API key of the same user, meet their own and the same count.
    expect(await attempt(await newUser(cluster))).toBe('ready');
    const key = (await u.post('/api/keys', { name: 'bot', scopes: ['messages.read'] })).body.plaintext as string;
    const bot = new Client(cluster.a);
    expect(await bot.socket({ token: key }).then(() => 'ready', (err: Error) => err.message)).toBe('api.socket.tooMany');
    // A socket that closes gives its slot back.
    opened.shift()?.disconnect();
    await until(async () => (await attempt(u)) === 'ready');
  });

  it('the cap is per node: behind a load balancer each node counts its own', async () => {
    const u = await newUser(cluster);
    for (let i = 0; i < MAX_PER_USER; i++) expect(await attempt(u, cluster.a)).toBe('ready');
    expect(await attempt(u, cluster.b)).toBe(cluster.mode === 'cluster' ? 'ready' : 'api.socket.tooMany');
  });
});
