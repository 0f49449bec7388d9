import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadinessCheck } from '../../src/context.ts';
import { Client } from '../helpers/client.ts';
import { MODE, startCluster, type TestCluster } from '../helpers/server.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster.close());

// Object storage (disk here; S3 in the upload suites) registers `storage` through ctx.hooks.readinessChecks.
const builtIn = MODE === 'cluster' ? ['database', 'redis', 'accepting', 'storage', 'jobs'] : ['database', 'accepting', 'storage', 'jobs'];

/** Registers a check on node a for the duration of `fn`. */
async function withCheck(check: ReadinessCheck, fn: () => Promise<void>) {
  const checks = cluster.a.app.ctx.hooks.readinessChecks;
  checks.push(check);
  try {
    await fn();
  } finally {
    checks.splice(checks.indexOf(check), 1);
  }
}

describe('liveness', () => {
  it('GET /api/health keeps its shape', async () => {
    const res = await new Client(cluster.a).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, mode: MODE, version: expect.any(String), uptime: expect.any(Number) });
  });

  it('stays live while a readiness check fails', async () => {
    await withCheck(async () => ({ name: 'storage', ok: false }), async () => {
      expect((await new Client(cluster.a).get('/api/health')).status).toBe(200);
      expect((await new Client(cluster.a).get('/api/health', { ready: 0 })).status).toBe(200);
    });
  });
});

describe('readiness', () => {
  it('GET /api/ready and /api/health?ready=1 list every check', async () => {
    for (const path of ['/api/ready', '/api/health?ready=1']) {
      const res = await new Client(cluster.a).get(path);
      expect(res.status, path).toBe(200);
      expect(res.body).toEqual({ ok: true, checks: builtIn.map((name) => ({ name, ok: true })) });
    }
  });

  it('answers 503 with per-check results when a registered check fails', async () => {
    await withCheck(async () => ({ name: 'storage', ok: false }), async () => {
      for (const path of ['/api/ready', '/api/health?ready=1']) {
        const res = await new Client(cluster.a).get(path);
        expect(res.status, path).toBe(503);
        expect(res.body.ok).toBe(false);
        expect(res.body.error).toBe('api.unavailable');
        expect(res.body.checks).toContainEqual({ name: 'storage', ok: false });
        expect(res.body.checks).toContainEqual({ name: 'database', ok: true });
      }
    });
  });

  it('reports a check that throws as failed, under its function name', async () => {
    const storage: ReadinessCheck = async function storage() {
      throw new Error('bucket unreachable');
    };
    await withCheck(storage, async () => {
      const res = await new Client(cluster.a).get('/api/ready');
      expect(res.status).toBe(503);
      expect(res.body.checks).toContainEqual({ name: 'storage', ok: false });
      expect(JSON.stringify(res.body)).not.toContain('bucket unreachable');
    });
  });

  it('answers 400, not 500, for a malformed ready parameter', async () => {
    const res = await new Client(cluster.a).get('/api/health?ready=1&ready=2');
    expect(res.status).toBe(400);
  });
});
