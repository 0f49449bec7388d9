import { expect, it } from 'vitest';
import { Client, collect, newUser, sleep, trackSockets } from '../helpers/client.ts';
import { history, sendText } from '../helpers/messages.ts';
import { rooms } from '../../src/realtime/rooms.ts';
import type { TestCluster, TestNode } from '../helpers/server.ts';
import { befriend, groupWith, settle } from '../helpers/social.ts';

/**
 * What the nodes of a cluster share through Redis, as tests that take the cluster from `get`
 * (called inside a `describe`): the home files (messages-send, realtime, keys, jobs) run them
 * against the suite's Redis, and redis-topologies.test.ts again against a Redis Cluster and a
 * Sentinel-watched Redis.
 */

const idxs = (list: Array<{ idx: number }>) => list.map((m) => m.idx);

async function waitUntil(cond: () => boolean | Promise<boolean>, ms = 10_000, everyMs = 20): Promise<void> {
  const until = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await sleep(everyMs);
  }
}

/** A client that authenticates with an API key only (no cookie). */
export function keyClient(node: TestCluster['a'], key: string, header: 'bearer' | 'x-api-key' = 'x-api-key'): Client {
  const c = new Client(node);
  if (header === 'x-api-key') c.apiKey = key;
  else {
    const orig = c.request.bind(c);
    c.request = (method, path, body, extra = {}) => orig(method, path, body, { ...extra, authorization: `Bearer ${key}` });
  }
  return c;
}

/** Group and direct messages between connections on different nodes (the Socket.IO adapter). */
export function crossNodeDeliveryTests(get: () => TestCluster): void {
  const connect = trackSockets();

  it('50 concurrent senders in one room, spread over the nodes, get indexes 1..50 with no gap; each member receives each message once', async () => {
    const cluster = get();
    const owner = await newUser(cluster);
    const senders = await Promise.all(Array.from({ length: 50 }, (_, i) => newUser(cluster, { node: i % 2 ? cluster.b : cluster.a })));
    const gid = await groupWith(owner, { members: senders });
    const senderSockets = await Promise.all(senders.map((u) => connect(u, u.node)));
    const watcher = await connect(owner, cluster.b);
    const seen = collect<{ idx: number }>(watcher, 'msg');
    const seenBySender = collect<{ idx: number }>(senderSockets[7]!, 'msg');
    const acks = await Promise.all(senderSockets.map((s, i) => sendText(s, { gid }, `message ${i}`)));
    const expected = Array.from({ length: 50 }, (_, i) => i + 1);
    expect(idxs(acks).sort((x, y) => x - y)).toEqual(expected);
    await waitUntil(() => seen.length >= 50 && seenBySender.length >= 49);
    await settle();
    expect(idxs(seen).sort((x, y) => x - y)).toEqual(expected);
    // A sender hears everyone else's messages; its own came back in its ack.
    expect(idxs(seenBySender).sort((x, y) => x - y)).toEqual(expected.filter((i) => i !== acks[7]!.idx));
    const stored = await history(owner, { gid, limit: 500 });
    expect(idxs(stored)).toEqual(expected);
    // Each ack carries the content of its own message.
    for (const [i, m] of acks.entries()) expect(m.content).toBe(`message ${i}`);
  });

  it('a sender on one node, receivers on the other: every message exactly once, in idx order per room', async () => {
    const cluster = get();
    const sender = await newUser(cluster, { node: cluster.a });
    const member = await newUser(cluster, { node: cluster.b });
    const friend = await newUser(cluster, { node: cluster.b });
    await befriend(sender, friend);
    const gid = await groupWith(sender, { members: [member] });
    const sSender = await connect(sender, cluster.a);
    const [sMember, sFriend] = await Promise.all([connect(member, cluster.b), connect(friend, cluster.b)]);
    const groupSeen = collect<{ idx: number; gid?: string }>(sMember, 'msg');
    const dmSeen = collect<{ idx: number; dm?: string }>(sFriend, 'msg');
    const N = 60;
    // Fired without waiting for acks: they land in batches of several.
    await Promise.all(
      Array.from({ length: N }, (_, i) => [sendText(sSender, { gid }, `g${i}`), sendText(sSender, { dm: friend.name }, `d${i}`)]).flat(),
    );
    await waitUntil(() => groupSeen.length >= N && dmSeen.length >= N);
    await settle();
    const inOrder = Array.from({ length: N }, (_, i) => i + 1);
    expect(idxs(groupSeen)).toEqual(inOrder);
    expect(idxs(dmSeen)).toEqual(inOrder);
    expect(groupSeen.every((m) => m.gid === gid)).toBe(true);
    expect(dmSeen.every((m) => m.dm === sender.name)).toBe(true);
  });

  // Receiving is fenced like sending: a node's connections leave the room before the change answers.
  it('a member removed, or a session ended, through one node: the other node has let go of their connection when the change answers', async () => {
    const cluster = get();
    const groupRoom = (node: TestNode, gid: string) => node.app.io.of('/').adapter.rooms.get(rooms.group(gid)) ?? new Set<string>();
    const connected = (node: TestNode, id: string) => node.app.io.of('/').sockets.has(id);
    for (const [via, holder] of [
      [cluster.a, cluster.b],
      [cluster.b, cluster.a],
    ] as const) {
      const owner = await newUser(cluster, { node: via });
      const [removed, stays, leaving] = await Promise.all([0, 1, 2].map(() => newUser(cluster, { node: via })));
      const gid = await groupWith(owner, { members: [removed!, stays!] });
      const [sOwner, sRemoved, sStays, sLeaving] = await Promise.all([
        connect(owner, via),
        connect(removed!, holder),
        connect(stays!, holder),
        connect(leaving!, holder),
      ]);
      await waitUntil(() => groupRoom(holder, gid).has(sRemoved.id!) && groupRoom(holder, gid).has(sStays.id!));
      const removedSeen = collect<{ idx: number }>(sRemoved, 'msg');
      const staysSeen = collect<{ idx: number }>(sStays, 'msg');

      expect((await owner.post('/api/groups/members/remove', { gid, name: removed!.name })).status).toBe(200);
      // Read at once, in the same turn as the answer: no later broadcast can have helped.
      expect(groupRoom(holder, gid).has(sRemoved.id!)).toBe(false);
      expect(groupRoom(holder, gid).has(sStays.id!)).toBe(true);
      const after = await sendText(sOwner, { gid }, 'after the removal');
      await waitUntil(() => staysSeen.length >= 1);
      await settle();
      expect(idxs(staysSeen)).toEqual([after.idx]);
      expect(removedSeen).toEqual([]);

      expect(connected(holder, sLeaving.id!)).toBe(true);
      expect((await leaving!.post('/api/logout')).status).toBe(200);
      expect(connected(holder, sLeaving.id!)).toBe(false);
    }
  });
}

/** Presence as every node reports it. */
export function presenceTests(get: () => TestCluster): void {
  it('online and platforms in /api/me follow connections on any node', async () => {
    const cluster = get();
    const u = await newUser(cluster);
    expect((await u.get('/api/me')).body).toMatchObject({ online: false, platforms: [] });
    const s1 = await u.socket({ platform: 'mobile', node: cluster.a });
    const s2 = await u.socket({ platform: 'desktop', node: cluster.b });
    const me = (await u.get('/api/me')).body;
    expect(me.online).toBe(true);
    expect([...me.platforms].sort()).toEqual(['desktop', 'mobile']);
    s1.close();
    await sleep(100);
    expect((await u.get('/api/me')).body).toMatchObject({ online: true, platforms: ['desktop'] });
    s2.close();
    await sleep(100);
    expect((await u.get('/api/me')).body).toMatchObject({ online: false, platforms: [] });
  });
}

/** The per-key rate window, counted once for all nodes. */
export function rateWindowTests(get: () => TestCluster): void {
  it('allows rateLimit calls per 60 s window across nodes, then 429 with Retry-After: 60; rejected calls do not count', async () => {
    const cluster = get();
    const u = await newUser(cluster);
    const { key, plaintext } = (await u.post('/api/keys', { name: 'a', scopes: ['profile.read'], rateLimit: 4 })).body;
    // Start at the beginning of a window so the test does not straddle two.
    const now = cluster.clock.now();
    cluster.clock.advance(60_000 - (now % 60_000) + 10);
    const onA = keyClient(cluster.a, plaintext);
    const onB = keyClient(cluster.b, plaintext);
    expect((await onA.get('/api/me')).status).toBe(200);
    expect((await onB.get('/api/me')).status).toBe(200);
    expect((await onA.get('/api/me')).status).toBe(200);
    expect((await onB.get('/api/me')).status).toBe(200);
    const limited = await onA.get('/api/me');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ ok: false, error: 'api.rateLimited' });
    expect(limited.headers.get('retry-after')).toBe('60');
    expect((await onB.get('/api/me')).status).toBe(429);

    // Raising the limit mid-window: the rejected calls were not counted, so exactly 2 more pass.
    await u.post('/api/keys/update', { id: key.id, rateLimit: 6 });
    expect((await onA.get('/api/me')).status).toBe(200);
    expect((await onB.get('/api/me')).status).toBe(200);
    expect((await onA.get('/api/me')).status).toBe(429);

    cluster.clock.advance(60_000);
    expect((await onB.get('/api/me')).status).toBe(200);
  });

  it('a key changed or deleted through one node is in force on the other as soon as the change is answered, every time', async () => {
    // The answer waits for every node to drop its cached copy. On a Redis Cluster the count PUBLISH
    // answers covers only the subscribers of one Redis node, so waiting for that many acknowledgements
    // let the other node answer from its stale copy for a moment: repeated to leave it no luck.
    const cluster = get();
    const u = await newUser(cluster);
    for (let round = 0; round < 8; round++) {
      const [there, here] = round % 2 === 0 ? [cluster.a, cluster.b] : [cluster.b, cluster.a];
      const owner = new Client(there);
      owner.cookie = u.cookie;
      const { key, plaintext } = (await owner.post('/api/keys', { name: `k${round}`, scopes: ['profile.read'], rateLimit: 1000 })).body;
      const other = keyClient(here, plaintext);
      expect((await other.get('/api/me')).status).toBe(200); // cached on the other node now
      expect((await owner.post('/api/keys/update', { id: key.id, scopes: ['friends.read'] })).status).toBe(200);
      expect((await other.get('/api/me')).status).toBe(403);
      expect((await owner.post('/api/keys/delete', { id: key.id })).status).toBe(200);
      expect((await other.get('/api/me')).status).toBe(401);
    }
  });

  it('a limit over 100 is taken in leases of 1%: never over it across nodes, short by at most a lease', async () => {
    const cluster = get();
    const u = await newUser(cluster);
    const { plaintext } = (await u.post('/api/keys', { name: 'a', scopes: ['profile.read'], rateLimit: 200 })).body;
    const now = cluster.clock.now();
    cluster.clock.advance(60_000 - (now % 60_000) + 10);
    const nodes = [keyClient(cluster.a, plaintext), keyClient(cluster.b, plaintext)];
    let allowed = 0;
    for (let i = 0; i < 220; i++) if ((await nodes[i % 2]!.get('/api/me')).status === 200) allowed++;
    expect(allowed).toBeLessThanOrEqual(200);
    expect(allowed).toBeGreaterThanOrEqual(198);
    expect((await nodes[0]!.get('/api/me')).status).toBe(429);
    expect((await nodes[1]!.get('/api/me')).status).toBe(429);
    cluster.clock.advance(60_000);
    expect((await nodes[1]!.get('/api/me')).status).toBe(200);
  });

  it('a key without rateLimit gets 60 per minute', async () => {
    const cluster = get();
    const u = await newUser(cluster);
    const { plaintext } = (await u.post('/api/keys', { name: 'a', scopes: ['profile.read'] })).body;
    const now = cluster.clock.now();
    cluster.clock.advance(60_000 - (now % 60_000) + 10);
    const k = keyClient(cluster.a, plaintext);
    const statuses = await Promise.all(Array.from({ length: 62 }, () => k.get('/api/me').then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });
}

/** The value of one sample line of a /metrics text, e.g. `chat_jobs_completed_total{queue="x"} 2`. */
export function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Jobs completed by the worker role of every node, as their /metrics count them. */
export async function completedJobs(cluster: TestCluster, queue: string): Promise<number> {
  let n = 0;
  for (const node of cluster.nodes) {
    const text = (await new Client(node).get('/metrics')).body.raw as string;
    n += sample(text, `chat_jobs_completed_total{queue="${queue}"}`) ?? 0;
  }
  return n;
}

/** The job layer: a queued job runs on a worker, and /metrics tells. */
export function jobRunTests(get: () => TestCluster): void {
  it('the worker role reports queue depth and counts completed jobs in /metrics', async () => {
    const cluster = get();
    const text = (await new Client(cluster.a).get('/metrics')).body.raw as string;
    for (const name of cluster.a.app.ctx.jobs.names) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(sample(text, `chat_job_queue_depth{queue="${name}",state="${state}"}`), `${name} ${state}`).toBeGreaterThanOrEqual(0);
      }
    }
    const before = await completedJobs(cluster, 'uploads.purge');
    await cluster.a.app.ctx.jobs.enqueue('uploads.purge', {});
    await waitUntil(async () => (await completedJobs(cluster, 'uploads.purge')) > before, 20_000, 100);
  });
}
