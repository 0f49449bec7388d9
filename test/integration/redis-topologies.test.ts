import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, newUser, sleep } from '../helpers/client.ts';
import { startRedisCluster, startSentinel } from '../helpers/infra.ts';
import { sendText } from '../helpers/messages.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { befriend } from '../helpers/social.ts';
import { crossNodeDeliveryTests, jobRunTests, presenceTests, rateWindowTests } from './shared-redis.suite.ts';

/**
 * REDIS_URL beyond one server: the tests of what nodes share through Redis (cross-node delivery,
 * presence, rate windows, jobs) once more against a Redis Cluster of three masters and against a
 * primary found through Sentinel, each started here on spare ports (cluster project only); and a
 * Sentinel failover under the nodes' feet.
 */

const readyEverywhere = async (cluster: TestCluster) =>
  (await Promise.all(cluster.nodes.map((n) => fetch(`${n.url}/api/ready`).then((r) => r.status)))).every((s) => s === 200);

describe('a Redis Cluster of three masters (redis+cluster://)', () => {
  let redis: Awaited<ReturnType<typeof startRedisCluster>> | undefined;
  let cluster: TestCluster;
  beforeAll(async () => {
    redis = await startRedisCluster();
    cluster = await startCluster({ redisUrl: redis.url });
  });
  afterAll(async () => {
    await cluster?.close();
    await redis?.close();
  });

  it('the nodes use it and are ready', async () => {
    for (const n of cluster.nodes) expect(n.app.ctx.config.redisUrl).toBe(redis!.url);
    expect(await readyEverywhere(cluster)).toBe(true);
  });
  describe('cross-node delivery', () => crossNodeDeliveryTests(() => cluster));
  describe('presence', () => presenceTests(() => cluster));
  describe('per-key rate window', () => rateWindowTests(() => cluster));
  describe('jobs', () => jobRunTests(() => cluster));
});

describe('a primary found through Sentinel (redis+sentinel://)', () => {
  let redis: Awaited<ReturnType<typeof startSentinel>> | undefined;
  let cluster: TestCluster;
  beforeAll(async () => {
    redis = await startSentinel();
    cluster = await startCluster({ redisUrl: redis.url });
  });
  afterAll(async () => {
    await cluster?.close();
    await redis?.close();
  });

  it('the nodes use it and are ready', async () => {
    for (const n of cluster.nodes) expect(n.app.ctx.config.redisUrl).toBe(redis!.url);
    expect(await readyEverywhere(cluster)).toBe(true);
  });
  describe('cross-node delivery', () => crossNodeDeliveryTests(() => cluster));
  describe('presence', () => presenceTests(() => cluster));
  describe('per-key rate window', () => rateWindowTests(() => cluster));
  describe('jobs', () => jobRunTests(() => cluster));

  it('when the primary dies, the Sentinel promotes the replica and the nodes follow it by themselves', async () => {
    const ann = await newUser(cluster, { node: cluster.a });
    const ben = await newUser(cluster, { node: cluster.b });
    await befriend(ann, ben);
    const sAnn = await ann.socket({ node: cluster.a });
    const sBen = await ben.socket({ node: cluster.b });
    try {
      const benGot = collect<{ content: string }>(sBen, 'msg');
      const killedAt = Date.now();
      await redis!.primary.stop();
      // Follow-up messages until one crosses over through the new primary.
      let n = 0;
      for (;;) {
        const content = `after failover ${n++}`;
        await sendText(sAnn, { dm: ben.name }, content);
        await sleep(200);
        if (benGot.some((m) => m.content.startsWith('after failover')) && (await readyEverywhere(cluster))) break;
        if (Date.now() - killedAt > 30_000) throw new Error('no delivery through the promoted replica after 30 s');
      }
      const recoveredMs = Date.now() - killedAt;
      expect(redis!.currentPrimary()).toBe(`127.0.0.1:${redis!.replica.port}`);
      // Presence and rate windows work on the new primary too.
      expect((await ann.get('/api/users', { q: ben.name })).body.users[0].online).toBe(true);
      console.log(
        `[redis-topologies] Sentinel failover: primary killed, delivery across nodes and readiness back after ${recoveredMs} ms (down-after-milliseconds 1000)`,
      );
    } finally {
      sAnn.close();
      sBen.close();
    }
  }, 60_000);
});
