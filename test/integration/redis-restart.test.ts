import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, collect, newUser, sleep } from '../helpers/client.ts';
import { sendMsg } from '../helpers/messages.ts';
import { type OwnRedis, startRedis } from '../helpers/infra.ts';
import { startCluster, type TestCluster, type TestNode } from '../helpers/server.ts';
import { befriend, groupWith } from '../helpers/social.ts';
import { completedJobs, keyClient } from './shared-redis.suite.ts';
import { checkedFetch } from '../helpers/contract.ts';

/**
 * Redis stopped for five seconds under traffic, then started again: once with its data (an
 * append-only file, as docker-compose.yml runs it), once empty (no persistence, or a failover to
 * a replica that lagged). Two nodes on a Redis of this file's own; Postgres is the suite's.
 * What is checked is what docs/operations.md promises ("What happens when …"); the recovery
 * times are measured and printed, not asserted.
 */

const OUTAGE_MS = 5_000;
/** How long a recovery may take before the test gives up on it (a hang, not a slow machine). */
const GIVE_UP_MS = 30_000;

let redis: OwnRedis;
let cluster: TestCluster;
let alice: Client & { name: string };
let bob: Client & { name: string };
let carol: Client & { name: string };
let gid: string;
let key: string;
let sAlice: Socket;
let sBob: Socket;
let sCarol: Socket;

beforeAll(async () => {
  redis = await startRedis({ persistent: true });
  // A presence timeout shorter than the outage: a node back from it must not take the other for crashed.
  cluster = await startCluster({ redisUrl: redis.url, env: { PRESENCE_HEARTBEAT_MS: '500', PRESENCE_TIMEOUT_MS: '3000' } });
  alice = await newUser(cluster, { node: cluster.a });
  bob = await newUser(cluster, { node: cluster.b });
  carol = await newUser(cluster, { node: cluster.a });
  await befriend(alice, bob);
  gid = await groupWith(alice, { members: [bob, carol] });
  key = (await alice.post('/api/keys', { name: 'limited', scopes: ['profile.read'], rateLimit: 3 })).body.plaintext;
  sAlice = await alice.socket({ node: cluster.a });
  sBob = await bob.socket({ node: cluster.b });
  sCarol = await carol.socket({ node: cluster.a });
});

afterAll(async () => {
  for (const s of [sAlice, sBob, sCarol]) s?.close();
  await cluster?.close();
  await redis?.close();
});

/** Alice sends to the group every 50 ms; every ack is kept with the time its message was sent. */
function groupTraffic() {
  const sent: Array<{ at: number; content: string; ack: { ok: boolean; error?: string; message?: { idx: number } } }> = [];
  let on = true;
  let n = 0;
  const loop = (async () => {
    while (on) {
      const content = `t${n++}`;
      const at = Date.now();
      const ack = await sendMsg(sAlice, { gid, type: 'text', content }).catch((err: Error) => ({ ok: false, error: `no ack: ${err.message}` }));
      sent.push({ at, content, ack });
      await sleep(50);
    }
  })();
  return {
    sent,
    async stop() {
      on = false;
      await loop;
    },
  };
}

/** Asks /api/health of every node every 200 ms; a request that does not answer within 10 s counts as a hang. */
function livenessProbe() {
  const answers: Array<{ node: string; status: number | string }> = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      await Promise.all(
        cluster.nodes.map(async (n) => {
          const status = await checkedFetch(`${n.url}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
            (r) => r.status,
            (err: Error) => err.name,
          );
          answers.push({ node: n.url, status });
        }),
      );
      await sleep(200);
    }
  })();
  return {
    answers,
    async stop() {
      on = false;
      await loop;
    },
  };
}

const readyStatus = (node: TestNode) => fetch(`${node.url}/api/ready`).then((r) => r.status);

/** Polls `check` until it holds; resolves with the milliseconds since `from`. */
async function within(what: string, from: number, check: () => Promise<boolean>): Promise<number> {
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - from;
    if (Date.now() - from > GIVE_UP_MS) throw new Error(`${what}: not back ${GIVE_UP_MS} ms after Redis returned`);
    await sleep(50);
  }
}

const online = async (viewer: Client, name: string) =>
  ((await viewer.get('/api/users', { q: name })).body.users as Array<{ name: string; online: boolean }>).find((u) => u.name === name)?.online;

/** Every recovery the issue names, measured from `backAt` (Redis answering again). */
async function recovery(backAt: number, expectOnline: { viewer: Client; name: string }) {
  const bobGot = collect<{ idx: number; content: string }>(sBob, 'msg');
  const fresh = groupTraffic();
  try {
    const [readyMs, deliveryMs, presenceMs, rateMs, jobsMs] = await Promise.all([
      within('readiness', backAt, async () => (await Promise.all(cluster.nodes.map(readyStatus))).every((s) => s === 200)),
      within('cross-node delivery', backAt, async () => bobGot.some((m) => fresh.sent.some((s) => s.content === m.content))),
      within('presence', backAt, async () => (await online(expectOnline.viewer, expectOnline.name)) === true),
      within('rate limits', backAt, async () => (await keyClient(cluster.b, key).get('/api/me')).status === 200),
      within('jobs', backAt, async () => {
        const before = await completedJobs(cluster, 'uploads.purge');
        await cluster.a.app.ctx.jobs.enqueue('uploads.purge', {});
        const until = Date.now() + 3_000;
        while (Date.now() < until) {
          if ((await completedJobs(cluster, 'uploads.purge')) > before) return true;
          await sleep(50);
        }
        return false;
      }),
    ]);
    return { readyMs, deliveryMs, presenceMs, rateMs, jobsMs };
  } finally {
    await fresh.stop();
  }
}

/** The rate window counts again: a fresh window admits exactly `rateLimit` calls. */
async function rateLimitCounts(): Promise<void> {
  const now = cluster.clock.now();
  cluster.clock.advance(60_000 - (now % 60_000) + 10);
  const k = keyClient(cluster.a, key);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await k.get('/api/me')).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
}

describe('Redis restarted under traffic', () => {
  it('with its data: nodes keep serving, messages are stored and delivered locally, and everything resumes by itself', async () => {
    const erin = await newUser(cluster, { node: cluster.a });
    const dave = await newUser(cluster, { node: cluster.b });
    await befriend(alice, erin);
    await befriend(alice, dave);
    const sErin = await erin.socket({ node: cluster.a });
    const carolGot = collect<{ content: string }>(sCarol, 'msg');
    const traffic = groupTraffic();
    const probe = livenessProbe();
    await sleep(300);

    const stoppedAt = Date.now();
    await redis.stop();
    // Readiness turns 503 on every node.
    const unreadyMs = await within('readiness 503', stoppedAt, async () => (await Promise.all(cluster.nodes.map(readyStatus))).every((s) => s === 503));
    // A connection that closes, and one that opens, while Redis is gone.
    sErin.close();
    const sDave = await dave.socket({ node: cluster.b });
    // What needs Redis is refused with a clear error, not left hanging.
    const limited = await keyClient(cluster.a, key).get('/api/me');
    expect(limited.status).toBe(503);
    expect(limited.body).toEqual({ ok: false, error: 'api.unavailable' });
    expect(limited.headers.get('retry-after')).toBe('5');
    await sleep(Math.max(0, stoppedAt + OUTAGE_MS - Date.now()));
    await redis.start();
    const backAt = Date.now();

    const times = await recovery(backAt, { viewer: alice, name: dave.name });
    // Erin left during the outage: shown offline once Redis is back.
    const erinOfflineMs = await within('presence of a connection closed during the outage', backAt, async () => (await online(alice, erin.name)) === false);
    await traffic.stop();
    await probe.stop();
    sDave.close();

    // No node stopped answering: every liveness probe got 200, none hung.
    expect(probe.answers.filter((a) => a.status !== 200)).toEqual([]);
    // Every send was acknowledged, or refused with api.unavailable; none went unanswered.
    expect(traffic.sent.filter((s) => !s.ack.ok && s.ack.error !== 'api.unavailable')).toEqual([]);
    const during = traffic.sent.filter((s) => s.at >= stoppedAt && s.at < backAt);
    const ackedDuring = during.filter((s) => s.ack.ok);
    expect(ackedDuring.length).toBeGreaterThan(0);
    // Every acknowledged message is stored, at the index its ack named.
    const stored = await cluster.a.app.ctx.db.query<{ idx: number; content: string }>('select idx, content from messages where room = $1', [`g:${gid}`]);
    const byIdx = new Map(stored.map((r) => [r.idx, r.content]));
    expect(traffic.sent.filter((s) => s.ack.ok && byIdx.get(s.ack.message!.idx) !== s.content).map((s) => s.content)).toEqual([]);
    // Carol, on the sender's node, received every message acknowledged during the outage, live.
    const carolContents = new Set(carolGot.map((m) => m.content));
    expect(ackedDuring.filter((s) => !carolContents.has(s.content)).map((s) => s.content)).toEqual([]);
    await rateLimitCounts();

    console.log(
      `[redis-restart] with data: outage ${backAt - stoppedAt} ms, ${during.length} sends during it (${ackedDuring.length} acknowledged, all delivered on the sender's node); ` +
        `/api/ready 503 after ${unreadyMs} ms; after Redis returned: ready ${times.readyMs} ms, cross-node delivery ${times.deliveryMs} ms, ` +
        `presence of a connection opened during the outage ${times.presenceMs} ms (one closed during it: ${erinOfflineMs} ms), rate limits ${times.rateMs} ms, jobs ${times.jobsMs} ms`,
    );
  }, 90_000);

  it('empty: presence is written again, job schedules are reinstalled, and everything resumes by itself', async () => {
    const probe = livenessProbe();
    const stoppedAt = Date.now();
    await redis.stop();
    await sleep(OUTAGE_MS);
    await redis.start({ empty: true });
    const backAt = Date.now();
    // Bob stayed connected throughout; Redis forgot him.
    const times = await recovery(backAt, { viewer: alice, name: bob.name });
    await probe.stop();
    expect(probe.answers.filter((a) => a.status !== 200)).toEqual([]);
    // Alice and Carol are back too, as every node sees them.
    for (const node of cluster.nodes) expect(await online(bob.on(node), alice.name)).toBe(true);
    // The recurring jobs were installed again.
    const raw = new Redis(redis.url);
    try {
      const prefix = cluster.a.app.ctx.config.redisPrefix;
      for (const name of ['files.expire', 'uploads.purge']) expect(await raw.zcard(`{${prefix}bull}:${name}:repeat`), name).toBe(1);
    } finally {
      raw.disconnect();
    }
    await rateLimitCounts();
    console.log(
      `[redis-restart] empty: outage ${backAt - stoppedAt} ms; after Redis returned: ready ${times.readyMs} ms, cross-node delivery ${times.deliveryMs} ms, ` +
        `presence rewritten ${times.presenceMs} ms, rate limits ${times.rateMs} ms, jobs ${times.jobsMs} ms`,
    );
  }, 90_000);
});
