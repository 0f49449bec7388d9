import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/client.ts';
import { TEST_DATA_ROOT } from '../helpers/paths.ts';
import { MODE, startCluster, type TestCluster } from '../helpers/server.ts';

/** `npm run worker` as a child process: `node --import tsx workers/main.ts` with only the given variables. */
function startWorker(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/main.ts'], {
    env: { PATH: process.env.PATH ?? '', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function eventually<T>(get: () => T | undefined | Promise<T | undefined>, ms = 40_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('npm run worker', () => {
  it('refuses to start in embedded mode (PGlite allows one process per data directory)', async () => {
    const dir = mkdtempSync(path.join(TEST_DATA_ROOT, 'worker-'));
    try {
      const w = startWorker({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
      expect(await w.exited).toBe(2);
      expect(w.output()).toContain('needs DATABASE_URL');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  // Needs Postgres and Redis the child process can share: registered in the cluster run only.
  if (MODE === 'cluster') {
    describe('beside api nodes', () => {
      let cluster: TestCluster;
      let dir: string;
      beforeAll(async () => {
        cluster = await startCluster({ env: { ROLES: 'api,realtime' } });
        dir = mkdtempSync(path.join(TEST_DATA_ROOT, 'worker-'));
      });
      afterAll(async () => {
        await cluster?.close();
        rmSync(dir, { recursive: true, force: true });
      });

      it('runs the jobs, serves health, readiness and metrics, and stops on SIGTERM', async () => {
        const { config } = cluster.a.app.ctx;
        const w = startWorker({
          DATABASE_URL: config.databaseUrl ?? '',
          REDIS_URL: config.redisUrl ?? '',
          REDIS_PREFIX: config.redisPrefix,
          DATA_DIR: dir,
          HOST: '127.0.0.1',
          PORT: '0',
          LOG_LEVEL: 'info',
        });
        try {
          const url = await eventually(() => w.output().match(/"url":"(http:\/\/[^"]+)"/)?.[1]);
          expect(w.output()).toContain('"roles":["worker"]');
          const node = { url, app: cluster.a.app };
          const c = new Client(node);
          expect((await c.get('/api/health')).status).toBe(200);
          expect((await c.get('/api/ready')).body).toMatchObject({ ok: true });
          expect((await c.get('/api/me')).status).toBe(404);

          // The api nodes run no worker role here: only the child can take the job.
          await cluster.a.app.ctx.jobs.enqueue('uploads.purge', {});
          await eventually(async () => {
            const text: string = (await c.get('/metrics')).body.raw;
            return /^chat_jobs_completed_total\{queue="uploads\.purge"\} [1-9]/m.test(text) ? true : undefined;
          });

          w.child.kill('SIGTERM');
          expect(await w.exited).toBe(0);
        } finally {
          w.child.kill('SIGKILL');
        }
      }, 90_000);
    });
  }
});
