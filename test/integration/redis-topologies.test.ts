import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisCluster, startSentinel } from '../helpers/infra.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { crossNodeDeliveryTests, jobRunTests, presenceTests, rateWindowTests } from './shared-redis.suite.ts';

/**
 * REDIS_URL beyond one server: the tests of what nodes share through Redis (cross-node delivery,
 * presence, rate windows, jobs) once more against a Redis Cluster of three masters and against a
 * primary found through Sentinel, each started here on spare ports (cluster project only).
 */
const topologies = {
  'a Redis Cluster of three masters (redis+cluster://)': startRedisCluster,
  'a primary found through Sentinel (redis+sentinel://)': startSentinel,
};

for (const [name, startRedis] of Object.entries(topologies)) {
  describe(name, () => {
    let redis: { url: string; close(): Promise<void> } | undefined;
    let cluster: TestCluster;
    beforeAll(async () => {
      redis = await startRedis();
      cluster = await startCluster({ redisUrl: redis.url });
    });
    afterAll(async () => {
      await cluster?.close();
      await redis?.close();
    });

    it('the nodes use it', () => {
      for (const n of cluster.nodes) expect(n.app.ctx.config.redisUrl).toBe(redis!.url);
    });
    describe('cross-node delivery', () => crossNodeDeliveryTests(() => cluster));
    describe('presence', () => presenceTests(() => cluster));
    describe('per-key rate window', () => rateWindowTests(() => cluster));
    describe('jobs', () => jobRunTests(() => cluster));
  });
}
