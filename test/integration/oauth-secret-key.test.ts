import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { messages } from '../../src/i18n/keys.ts';
import { OAUTH_KEY_FILE } from '../../src/modules/oauth/oauth-secret-key.ts';
import { adminClient, Client } from '../helpers/client.ts';
import { GitHubStub } from '../helpers/github-stub.ts';
import { TEST_DATA_ROOT } from '../helpers/paths.ts';
import { ADMIN_PASSWORD, MODE, startCluster, type TestCluster, type TestNode } from '../helpers/server.ts';

/**
 * Without OAUTH_SECRET_KEY, embedded mode generates a key into DATA_DIR once and
 * reuses it on later starts (a stored client secret still opens after a
 * restart); cluster nodes have nowhere shared to keep one and refuse to store a
 * secret until they are all given the same OAUTH_SECRET_KEY.
 */
const stub = new GitHubStub();
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const admin = { name: 'keyadmin', password: ADMIN_PASSWORD };

/** One embedded node on `dir`, configured as `npm start` would be, with no OAUTH_SECRET_KEY. */
async function startEmbedded(dir: string): Promise<TestNode> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    TRUST_PROXY: 'true',
    ADMIN_USER: admin.name,
    ADMIN_PASSWORD: admin.password,
    ...stub.env(),
  });
  const app = await createApp({ config, log: pino({ level: 'silent' }) });
  const addr = await app.listen();
  return { app, url: `http://127.0.0.1:${addr.port}` };
}

/** GET /api/oauth/github/start: a 302 to the provider needs the stored secret opened (404 when it cannot be). */
async function startLogin(node: TestNode): Promise<{ status: number; location: string }> {
  const res = await new Client(node).get('/api/oauth/github/start', { mode: 'login' });
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

async function embeddedKeySurvivesRestart(): Promise<void> {
  await stub.start();
  cleanups.push(() => stub.close());
  const dir = mkdtempSync(path.join(TEST_DATA_ROOT, 'oauth-key-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(process.env.TEST_PGLITE_TEMPLATE!, path.join(dir, 'db'), { recursive: true });
  const keyFile = path.join(dir, OAUTH_KEY_FILE);

  const first = await startEmbedded(dir);
  try {
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const client = await adminClient({ a: first, admin } as TestCluster);
    expect((await client.get('/api/admin/oauth')).body).toMatchObject({ ok: true, canStoreSecret: true });
    expect((await client.post('/api/admin/oauth', { clientId: stub.clientId, clientSecret: stub.clientSecret })).body).toEqual({ ok: true });
    expect((await startLogin(first)).status).toBe(302);
  } finally {
    await first.app.close();
  }
  const key = readFileSync(keyFile, 'utf8');

  const second = await startEmbedded(dir);
  try {
    expect(readFileSync(keyFile, 'utf8')).toBe(key);
    const redirect = await startLogin(second);
    expect(redirect.status).toBe(302);
    expect(new URL(redirect.location).searchParams.get('client_id')).toBe(stub.clientId);
  } finally {
    await second.app.close();
  }
}

async function clusterRefusesWithoutKey(): Promise<void> {
  const dataDir = mkdtempSync(path.join(TEST_DATA_ROOT, 'oauth-key-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const cluster = await startCluster({ env: { DATA_DIR: dataDir } });
  cleanups.push(() => cluster.close());
  const client = await adminClient(cluster);
  expect((await client.get('/api/admin/oauth')).body).toMatchObject({ canStoreSecret: false });
  const refused = await client.post('/api/admin/oauth', { clientId: 'abc', clientSecret: 'top-secret-value' });
  expect([refused.status, refused.body.error]).toEqual([400, 'api.oauth.noSecretKey']);
  expect(messages['api.oauth.noSecretKey']).toContain('same value on every node');
  expect(existsSync(path.join(dataDir, OAUTH_KEY_FILE))).toBe(false);
}

describe('the OAuth secret key when OAUTH_SECRET_KEY is unset', () => {
  it(
    MODE === 'embedded'
      ? 'embedded: generated once into DATA_DIR (mode 600); a stored client secret still opens after a restart'
      : 'cluster: storing a client secret is refused with a message naming OAUTH_SECRET_KEY; no key file is written',
    () => (MODE === 'embedded' ? embeddedKeySurvivesRestart() : clusterRefusesWithoutKey()),
  );
});
