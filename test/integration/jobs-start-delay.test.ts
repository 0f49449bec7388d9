import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChatApp, createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { Client } from '../helpers/client.ts';
import { TEST_DATA_ROOT } from '../helpers/paths.ts';
import type { TestNode } from '../helpers/server.ts';

/**
 * JOBS_START_DELAY_MS: an embedded node can start the job layer (schedules, worker role) a moment
 * after it listens, so the first requests do not wait behind its queries on PGlite's one session.
 */
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function embeddedApp(delayMs: number): Promise<ChatApp> {
  const dir = mkdtempSync(path.join(TEST_DATA_ROOT, 'jobs-delay-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(process.env.TEST_PGLITE_TEMPLATE!, path.join(dir, 'db'), { recursive: true });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, JOBS_START_DELAY_MS: String(delayMs) });
  return createApp({ config, log: pino({ level: 'silent' }) });
}

const jobsCheck = async (node: TestNode) => {
  const res = await new Client(node).get('/api/ready');
  return { status: res.status, jobs: (res.body.checks as Array<{ name: string; ok: boolean }>).find((c) => c.name === 'jobs')?.ok };
};

describe('the job layer of an embedded node', () => {
  it('waits a second after listen in embedded mode, none in cluster mode, unless told otherwise', () => {
    expect(loadConfig({}).jobsStartDelayMs).toBe(1000);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/chat' }).jobsStartDelayMs).toBe(0);
    expect(loadConfig({ JOBS_START_DELAY_MS: '0' }).jobsStartDelayMs).toBe(0);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/chat', JOBS_START_DELAY_MS: '250' }).jobsStartDelayMs).toBe(250);
  });

  it('starts JOBS_START_DELAY_MS after listen: live at once, ready once it has started', async () => {
    // Long enough that two requests answer within it on a loaded 2-core machine (400 ms once was not).
    const app = await embeddedApp(2000);
    cleanups.push(() => app.close());
    let started = false;
    void app.started.then(() => {
      started = true;
    });
    // Not listening yet: the delay has not begun, however long this takes.
    await new Promise((r) => setTimeout(r, 500));
    expect(started).toBe(false);

    const { port } = await app.listen();
    const node: TestNode = { app, url: `http://127.0.0.1:${port}` };
    expect((await new Client(node).get('/api/health')).status).toBe(200);
    expect(await jobsCheck(node)).toEqual({ status: 503, jobs: false });

    await app.started;
    expect(await jobsCheck(node)).toEqual({ status: 200, jobs: true });
  });

  it('a node closed before its jobs started closes, and starts none', async () => {
    const app = await embeddedApp(60_000);
    await app.listen();
    await app.close();
    // Settled without starting: close() did not wait a minute, and the job layer never began.
    await expect(app.started).resolves.toBeUndefined();
  });
});
