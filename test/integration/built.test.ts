import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomHex } from '../../src/lib/crypto.ts';
import { Client, emitAck, PASSWORD, uniqueName, waitFor } from '../helpers/client.ts';
import { TEST_DATA_ROOT } from '../helpers/paths.ts';
import { type ChatProcess, spawnChat, stopAll } from '../helpers/processes.ts';
import { createTestDatabase, MODE, type TestNode } from '../helpers/server.ts';
import { createGroup } from '../helpers/social.ts';

/**
 * The image runs the output of `npm run build`, not the TypeScript sources the
 * rest of the suite runs: this builds it and starts its entry points the way
 * the Dockerfile and docker-compose.yml do, in the mode under test.
 */
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
const cleanups: Array<() => Promise<void> | void> = [];
const procs: ChatProcess[] = [];
let dist: string;
let env: Record<string, string>;

beforeAll(async () => {
  const root = mkdtempSync(path.join(TEST_DATA_ROOT, 'built-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  dist = path.join(root, 'dist');
  execFileSync(process.execPath, ['--import', 'tsx', 'infra/build.ts', dist], { stdio: 'pipe' });
  env = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'production', REGISTRATION: 'open' };
  if (MODE === 'embedded') {
    env.DATA_DIR = path.join(root, 'data');
    cpSync(process.env.TEST_PGLITE_TEMPLATE!, path.join(env.DATA_DIR, 'db'), { recursive: true });
  } else {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    Object.assign(env, { DATABASE_URL: database.url, REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: `t${randomHex(4)}:` });
  }
});
afterAll(async () => {
  await stopAll(procs);
  for (const c of cleanups.reverse()) await c();
});

async function health(p: ChatProcess): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${p.url}/api/health`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the compiled entry points (dist/)', () => {
  it(`serve ${MODE} mode with the version of package.json, and stop cleanly on SIGTERM`, async () => {
    const roles: Record<string, string> = MODE === 'embedded' ? {} : { ROLES: 'api,realtime' };
    const server = await spawnChat('server', `${dist}/main.js`, { ...env, ...roles });
    procs.push(server);
    expect(await health(server)).toMatchObject({ status: 200, body: { ok: true, mode: MODE, version } });
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { info: { version: string } };
    expect(doc.info.version).toBe(version);

    // Most dependencies are bundled into dist/ (infra/build.ts): a user's first minutes go through
    // them (zod, argon2, express, cookies, Socket.IO, the database).
    const user = new Client({ url: server.url } as TestNode);
    const name = uniqueName('built');
    expect((await user.post('/api/register', { name, password: PASSWORD, email: `${name}@example.com` })).status).toBe(200);
    expect((await user.post('/api/login', { username: name, password: PASSWORD })).status).toBe(200);
    const gid = await createGroup(user);
    // The sender's other device hears the message.
    const [sender, device] = [await user.socket(), await user.socket()];
    try {
      const heard = waitFor(device, 'msg', (m: { content?: unknown }) => m.content === 'from the build');
      expect(await emitAck(sender, 'msg', { gid, type: 'text', content: 'from the build' })).toMatchObject({ ok: true });
      await heard;
    } finally {
      for (const s of [sender, device]) s.close();
    }
    const history = await user.get('/api/messages', { gid });
    expect(history.body.messages).toEqual([expect.objectContaining({ content: 'from the build' })]);

    if (MODE === 'cluster') {
      const worker = await spawnChat('worker', `${dist}/worker.js`, env);
      procs.push(worker);
      expect(await health(worker)).toMatchObject({ status: 200, body: { ok: true, mode: 'cluster' } });
      // The migrations ship beside the compiled code: the database the server migrated is up to date.
      const migrate = execFileSync(process.execPath, [`${dist}/migrate.js`], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
      expect(migrate).toContain('database is up to date');
    }

    await stopAll(procs);
    expect(await Promise.all(procs.map((p) => p.exited))).toEqual(procs.map(() => 0));
  });

  // Embedded only (a cluster node has no DATA_DIR): registered in that project alone, so no run reports a skip.
  const embeddedOnly = MODE === 'embedded' ? it : () => undefined;
  embeddedOnly('start a new DATA_DIR from the migrated template beside them, and it is up to date', async () => {
    expect(existsSync(path.join(dist, 'db-template', 'PG_VERSION'))).toBe(true);
    const dataDir = path.join(path.dirname(dist), 'fresh-data');
    const server = await spawnChat('server', `${dist}/main.js`, { ...env, DATA_DIR: dataDir });
    procs.push(server);
    expect(await health(server)).toMatchObject({ status: 200, body: { ok: true, mode: 'embedded' } });
    await stopAll([server]);
    expect(await server.exited).toBe(0);
    // The copy holds every migration: the migrate entry point finds nothing to do.
    const migrate = execFileSync(process.execPath, [`${dist}/migrate.js`], { env: { PATH: process.env.PATH ?? '', ...env, DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(migrate).toContain('database is up to date');
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
  });
});
