import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two runs of the same integration suite: embedded (PGlite, in-memory state)
 * and cluster (Postgres + Redis, two nodes per test file). The cluster run
 * needs TEST_DATABASE_URL and TEST_REDIS_URL; under CI it is mandatory (the
 * harness fails rather than skips), elsewhere it is left out when they are unset.
 */
const clusterWanted = Boolean(process.env.TEST_DATABASE_URL || process.env.TEST_REDIS_URL || process.env.CI === 'true');

/**
 * Files that test several processes sharing Postgres and Redis: nothing to run in embedded mode
 * (PGlite allows one process per data directory), so they belong to the cluster project only.
 */
const CLUSTER_ONLY = [
  'test/integration/failover.test.ts',
  'test/integration/redis-topologies.test.ts',
  'test/integration/redis-restart.test.ts',
  'test/integration/postgres-restart.test.ts',
  'test/integration/s3-outage.test.ts',
  'test/integration/backup.test.ts',
  'test/integration/node-death-delivery.test.ts',
  'test/integration/node-roster.test.ts',
  'test/integration/postgres-pool.test.ts',
  'packages/client/test/integration/failover.test.ts',
];

/** Files about embedded mode alone (they start their own PGlite node): the embedded project only. */
const EMBEDDED_ONLY = ['test/integration/jobs-start-delay.test.ts'];

const integration = (name: 'embedded' | 'cluster') => ({
  extends: true as const,
  test: {
    name,
    // web/test: the web client in Chromium against the server of the mode (one browser per file).
    include: ['test/integration/**/*.test.ts', 'packages/client/test/integration/**/*.test.ts', 'web/test/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(name === 'embedded' ? CLUSTER_ONLY : EMBEDDED_ONLY)],
    env: { TEST_MODE: name },
    // Files of a mode share their worker's modules (the server, its dependencies): imported once per
    // worker, not once per file, which took a quarter of the suite's CPU (241 s of imports against
    // 33 s). A file must leave nothing behind: each closes its servers, browsers and sockets in
    // afterAll, and reads its mode from the project's env, which a worker never crosses (Vitest
    // hands a worker only files of the project it started with). The unit files stay isolated: some
    // of them fake the clock.
    isolate: false,
    globalSetup: [`test/helpers/global-setup-${name}.ts`],
  },
});

export default defineConfig({
  test: {
    pool: 'forks',
    // Vitest's default is one worker less than the cores: on this 2-core machine a single file at a
    // time, with the cores mostly idle while servers and browsers wait on each other (20 min against 13).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'packages/client/test/unit/**/*.test.ts', 'web/test/unit/**/*.test.ts'] } },
      integration('embedded'),
      ...(clusterWanted ? [integration('cluster')] : []),
    ],
  },
});
