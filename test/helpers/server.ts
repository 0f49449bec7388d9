import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { type ChatApp, createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { AdjustableClock } from '../../src/lib/clock.ts';
import { randomHex } from '../../src/lib/crypto.ts';
import { withDatabase } from './global-setup-cluster.ts';
import { TEST_DATA_ROOT } from './paths.ts';

export type TestMode = 'embedded' | 'cluster';
export const MODE: TestMode = process.env.TEST_MODE === 'cluster' ? 'cluster' : 'embedded';

export interface TestNode {
  app: ChatApp;
  url: string;
}

export interface TestCluster {
  mode: TestMode;
  /** One node in embedded mode, two (sharing Postgres and Redis) in cluster mode. */
  nodes: TestNode[];
  /** The first node. */
  a: TestNode;
  /** The last node: the same as `a` in embedded mode, the other node in cluster mode. */
  b: TestNode;
  /** Shared by every node of the cluster; tests move it instead of waiting. */
  clock: AdjustableClock;
  admin: { name: string; password: string };
  close(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment for the nodes' configuration (e.g. REGISTRATION). */
  env?: Record<string, string>;
  /** Seed an administrator (default true). */
  seedAdmin?: boolean;
  /** Per-node extra environment, by node index (embedded mode has only node 0), e.g. different ROLES. */
  nodeEnv?: Array<Record<string, string>>;
  /** Cluster mode: this Redis (a server of the test's own, a Redis Cluster, Sentinel) instead of TEST_REDIS_URL. */
  redisUrl?: string;
  /** Cluster mode: this migrated database (a server of the test's own) instead of a clone of the template. */
  databaseUrl?: string;
}

export const ADMIN_PASSWORD = 'Admin-pass-2024';

/**
 * Starts the server the way production does (createApp + listen on a free
 * port) against the database of the mode under test. One call per test file.
 */
export async function startCluster(opts: StartOptions = {}): Promise<TestCluster> {
  const clock = new AdjustableClock();
  const admin = { name: `admin_${randomHex(3)}`, password: ADMIN_PASSWORD };
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    REGISTRATION: 'open',
    // Tests give each scenario its own client address with X-Forwarded-For.
    TRUST_PROXY: 'true',
    // Tests await the job layer (app.started) before they begin: no reason to hold it back.
    JOBS_START_DELAY_MS: '0',
    // Tests of other features send faster than a person (traffic generators, bursts): the socket
    // event limits are off unless a test sets them (test/integration/socket-limits.test.ts).
    ...Object.fromEntries(['MSG', 'REACT', 'RECALL', 'TYPING', 'STATUS'].map((e) => [`SOCKET_LIMIT_${e}`, 'off'])),
    ...(opts.seedAdmin === false ? {} : { ADMIN_USER: admin.name, ADMIN_PASSWORD: admin.password }),
    ...opts.env,
  };
  const cleanups: Array<() => Promise<void> | void> = [];
  const nodes: TestNode[] = [];
  const log = pino({ level: env.LOG_LEVEL ?? 'silent' });

  if (MODE === 'embedded') {
    const dir = mkdtempSync(path.join(TEST_DATA_ROOT, 'run-'));
    const template = process.env.TEST_PGLITE_TEMPLATE;
    if (!template) throw new Error('embedded global setup did not run');
    cpSync(template, path.join(dir, 'db'), { recursive: true });
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const app = await createApp({ config: loadConfig({ ...env, ...opts.nodeEnv?.[0], DATA_DIR: dir }), clock, log });
    nodes.push(await listen(app));
  } else {
    let databaseUrl = opts.databaseUrl;
    if (!databaseUrl) {
      const database = await createTestDatabase();
      cleanups.push(database.drop);
      databaseUrl = database.url;
    }
    const clusterEnv = {
      ...env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: opts.redisUrl ?? process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: `t${randomHex(4)}:`,
    };
    for (let i = 0; i < 2; i++) {
      const app = await createApp({ config: loadConfig({ ...clusterEnv, ...opts.nodeEnv?.[i] }), clock, log });
      nodes.push(await listen(app));
    }
  }

  const first = nodes[0]!;
  return {
    mode: MODE,
    nodes,
    a: first,
    b: nodes[nodes.length - 1]!,
    clock,
    admin,
    async close() {
      for (const n of nodes) await n.app.close();
      for (const c of cleanups.reverse()) await c();
    },
  };
}

/**
 * Cluster mode: a fresh database cloned from the migrated template (the
 * cluster global setup builds it), and a function that drops it.
 */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL!;
  const template = process.env.TEST_PG_TEMPLATE!;
  const dbName = `chat_t_${Math.floor(Date.now() / 1000)}_${randomHex(4)}`;
  await withAdminClient(baseUrl, async (c) => {
    // Cloning waits while another clone of the template is being made.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database ${dbName} template ${template}`);
        break;
      } catch (err) {
        if (attempt > 40 || !String((err as Error).message).includes('being accessed')) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  return {
    url: withDatabase(baseUrl, dbName),
    drop: () => withAdminClient(baseUrl, (c) => c.query(`drop database if exists ${dbName} with (force)`).then(() => {})),
  };
}

async function listen(app: ChatApp): Promise<TestNode> {
  const addr = await app.listen();
  // The job layer starts while the node listens (src/app.ts): tests begin once it has.
  await app.started;
  return { app, url: `http://127.0.0.1:${addr.port}` };
}

async function withAdminClient(url: string, fn: (c: pg.Client) => Promise<void>): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await fn(c);
  } finally {
    await c.end();
  }
}
