import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatApp, createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { NodeRoster, type RosterTiming } from '../../src/realtime/node-roster.ts';
import { type Client, newUser, sleep, waitFor } from '../helpers/client.ts';
import { type OwnRedis, startRedis } from '../helpers/infra.ts';
import { sendText } from '../helpers/messages.ts';
import { startCluster, type TestCluster, type TestNode } from '../helpers/server.ts';
import { befriend, groupWith } from '../helpers/social.ts';

/**
 * A node that holds the only connections publishes no broadcast (src/realtime/node-roster.ts), and
 * stops skipping before it could miss a node that holds some too. The roster alone, with short
 * timings, against a Redis of this file's own; then the server: one node serving connections
 * (the other without the realtime role), a third that comes and goes.
 */

const log = pino({ level: 'silent' });
/** A tenth of the production timings: the same rules, in less time. */
const FAST: RosterTiming = { tickMs: 100, heardWithinMs: 300, helloWaitMs: 500, forgetAfterMs: 3_000 };

let redis: OwnRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.close();
});

/** Polls `check` every 20 ms until it holds, for up to `ms`. */
async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await sleep(20);
  }
  return check();
}

describe('the roster', () => {
  const clients: Redis[] = [];
  const prefix = `r${Date.now()}:`;
  const node = (id: string, timing: RosterTiming = FAST) => {
    const commands = new Redis(redis.url);
    const subscriber = new Redis(redis.url);
    clients.push(commands, subscriber);
    return { roster: new NodeRoster(commands, subscriber, prefix, id, log, timing), commands, subscriber };
  };
  afterAll(() => {
    for (const c of clients) c.disconnect();
  });

  it('a node alone says so once its ticks are heard back and the set is old enough; a node joining is known before it serves', async () => {
    const a = node('a');
    await a.roster.join();
    expect(a.roster.alone()).toBe(false);
    // The set was just made: a Redis that lost its data must give every node a tick first.
    expect(await until(() => a.roster.alone(), 2_000)).toBe(true);

    const b = node('b');
    // a acknowledged the hello (no waiting for helloWaitMs); b serves from here: a must already publish for it.
    expect(await b.roster.join()).toEqual({ silent: [] });
    expect(a.roster.alone()).toBe(false);
    expect(b.roster.alone()).toBe(false);
    await sleep(5 * FAST.tickMs);
    expect(a.roster.alone()).toBe(false);
    expect(b.roster.alone()).toBe(false);

    // A goodbye: a is alone again within a few ticks, not forgetAfterMs.
    await b.roster.leave();
    expect(await until(() => a.roster.alone(), 10 * FAST.tickMs)).toBe(true);
    await a.roster.leave();
    expect(a.roster.alone()).toBe(false);
  });

  it('a node that no longer hears its own ticks stops skipping within heardWithinMs, and a newcomer waits for it at most helloWaitMs', async () => {
    const a = node('c');
    await a.roster.join();
    expect(await until(() => a.roster.alone(), 2_000)).toBe(true);
    // Its subscription is gone (ioredis does not reconnect a client disconnected on purpose).
    a.subscriber.disconnect();
    const lost = Date.now();
    expect(await until(() => !a.roster.alone(), 2 * FAST.heardWithinMs)).toBe(true);
    expect(Date.now() - lost).toBeLessThanOrEqual(FAST.heardWithinMs + FAST.tickMs);

    // It cannot acknowledge a hello: the newcomer serves after helloWaitMs, when a no longer skips.
    const b = node('d');
    const started = Date.now();
    expect(await b.roster.join()).toEqual({ silent: ['c'] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(FAST.helloWaitMs - 20);
    expect(a.roster.alone()).toBe(false);
    await b.roster.leave();
    await a.roster.leave();
  });

  it('a node gone without a goodbye is forgotten after forgetAfterMs, not before', async () => {
    const a = node('e');
    const b = node('f');
    await a.roster.join();
    expect(await b.roster.join()).toEqual({ silent: [] });
    // b crashes: nothing more from it, and no goodbye.
    b.commands.disconnect();
    b.subscriber.disconnect();
    const gone = Date.now();
    await sleep(FAST.forgetAfterMs / 2);
    expect(a.roster.alone()).toBe(false);
    expect(await until(() => a.roster.alone(), FAST.forgetAfterMs + 2_000)).toBe(true);
    expect(Date.now() - gone).toBeGreaterThanOrEqual(FAST.forgetAfterMs - FAST.tickMs);
    await a.roster.leave();
  });

  it('Redis losing its data: a node alone waits heardWithinMs before believing the new set', async () => {
    const a = node('g');
    await a.roster.join();
    expect(await until(() => a.roster.alone(), 2_000)).toBe(true);
    const raw = new Redis(redis.url);
    clients.push(raw);
    await raw.flushall();
    expect(await until(() => !a.roster.alone(), 3 * FAST.tickMs)).toBe(true);
    const flushed = Date.now();
    expect(await until(() => a.roster.alone(), 2_000)).toBe(true);
    expect(Date.now() - flushed).toBeGreaterThanOrEqual(FAST.heardWithinMs - 2 * FAST.tickMs);
    await a.roster.leave();
  });
});

describe('the server', () => {
  let cluster: TestCluster;
  let alice: Client & { name: string };
  let bob: Client & { name: string };
  let gid: string;
  let sAlice: Socket;
  let sBob: Socket;
  const raw = () => new Redis(redis.url);

  /** How many SPUBLISH Redis has run (the Socket.IO adapter's publishes; the roster uses PUBLISH). */
  async function shardPublishes(): Promise<number> {
    const r = raw();
    try {
      const stats = await r.info('commandstats');
      return Number(/cmdstat_spublish:calls=(\d+)/.exec(stats)?.[1] ?? 0);
    } finally {
      r.disconnect();
    }
  }

  beforeAll(async () => {
    // Node a serves connections; node b only HTTP and jobs, so a is the only one in the roster.
    cluster = await startCluster({ redisUrl: redis.url, nodeEnv: [{}, { ROLES: 'api,worker' }] });
    alice = await newUser(cluster, { node: cluster.a });
    bob = await newUser(cluster, { node: cluster.a });
    await befriend(alice, bob);
    gid = await groupWith(alice, { members: [bob] });
    sAlice = await alice.socket({ node: cluster.a });
    sBob = await bob.socket({ node: cluster.a });
  });
  afterAll(async () => {
    sAlice?.close();
    sBob?.close();
    await cluster?.close();
  });

  it('a node alone delivers direct and group messages without publishing them', async () => {
    expect(cluster.b.app.roster).toBeUndefined();
    expect(await until(() => cluster.a.app.roster!.alone(), 10_000)).toBe(true);
    const before = await shardPublishes();
    const dm = waitFor<{ content: string }>(sBob, 'msg', (m) => m.content === 'dm alone');
    const group = waitFor<{ content: string }>(sBob, 'msg', (m) => m.content === 'group alone');
    await sendText(sAlice, { dm: bob.name }, 'dm alone');
    await sendText(sAlice, { gid }, 'group alone');
    await dm;
    await group;
    expect(await shardPublishes()).toBe(before);
  });

  it('a node that starts is known before its first connection is served: messages reach it, and publishing stops again once it left', async () => {
    const c = await startThirdNode(cluster.a.app);
    const carol = await newUser(cluster, { node: c });
    await befriend(alice, carol);
    const sCarol = await carol.socket({ node: c });
    try {
      // Connected to c: a publishes again, from now on.
      expect(cluster.a.app.roster!.alone()).toBe(false);
      const before = await shardPublishes();
      const dm = waitFor<{ content: string }>(sCarol, 'msg', (m) => m.content === 'dm to c');
      await sendText(sAlice, { dm: carol.name }, 'dm to c');
      await dm;
      expect(await shardPublishes()).toBeGreaterThan(before);
    } finally {
      sCarol.close();
      await c.app.close();
    }
    expect(await until(() => cluster.a.app.roster!.alone(), 10_000)).toBe(true);
  });
});

/** One more node on the cluster's Postgres and Redis, serving connections. */
async function startThirdNode(like: ChatApp): Promise<TestNode> {
  const { databaseUrl, redisUrl, redisPrefix } = like.ctx.config;
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    REGISTRATION: 'open',
    TRUST_PROXY: 'true',
    DATABASE_URL: databaseUrl!,
    REDIS_URL: redisUrl!,
    REDIS_PREFIX: redisPrefix,
  };
  const app = await createApp({ config: loadConfig(env), clock: like.ctx.clock, log });
  const addr = await app.listen();
  await app.started;
  return { app, url: `http://127.0.0.1:${addr.port}` };
}
