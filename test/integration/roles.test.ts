import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newUser, PASSWORD, uniqueName, waitFor } from '../helpers/client.ts';
import { MODE, startCluster, type TestCluster } from '../helpers/server.ts';

/** A logged-in client made through the services, for nodes that serve no API routes. */
async function userViaServices(cluster: TestCluster): Promise<Client & { name: string }> {
  const { auth } = cluster.a.app.services;
  const name = uniqueName();
  await auth.register({ name, password: PASSWORD, email: `${name}@example.com` });
  const login = await auth.login({ username: name, password: PASSWORD }, { ip: '10.9.9.9', userAgent: 'test' });
  if (login.kind !== 'session') throw new Error('expected a session');
  const c = new Client(cluster.a) as Client & { name: string };
  c.name = name;
  c.cookie = `chat_token=${login.token}`;
  return c;
}

describe('ROLES=api', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startCluster({ env: { ROLES: 'api' } });
  });
  afterAll(() => cluster.close());

  it('answers HTTP routes but refuses a Socket.IO handshake at /ws', async () => {
    const u = await newUser(cluster);
    expect((await u.get('/api/me')).body.username).toBe(u.name);
    await expect(u.socket()).rejects.toThrow();
  });

  it('serves health, readiness, metrics and the API reference', async () => {
    const c = new Client(cluster.a);
    expect((await c.get('/api/health')).status).toBe(200);
    expect((await c.get('/api/ready')).status).toBe(200);
    expect((await c.get('/metrics')).status).toBe(200);
    expect((await c.get('/api/openapi.json')).status).toBe(200);
  });
});

describe('ROLES=realtime', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startCluster({ env: { ROLES: 'realtime' } });
  });
  afterAll(() => cluster.close());

  it('answers health, readiness and metrics, and 404s API routes', async () => {
    const c = new Client(cluster.a);
    expect((await c.get('/api/health')).body.ok).toBe(true);
    expect((await c.get('/api/ready')).status).toBe(200);
    expect((await c.get('/metrics')).status).toBe(200);
    for (const [method, path] of [
      ['POST', '/api/login'],
      ['POST', '/api/register'],
      ['GET', '/api/me'],
      ['GET', '/api/openapi.json'],
      ['GET', '/api/docs'],
    ] as const) {
      const res = await c.request(method, path, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ ok: false, error: 'api.notFound' });
    }
  });

  it('accepts an authenticated Socket.IO connection', async () => {
    const u = await userViaServices(cluster);
    const s = await u.socket();
    expect(s.connected).toBe(true);
    s.close();
  });
});

// Needs two processes' worth of nodes sharing Redis: registered in the cluster run only.
if (MODE === 'cluster') describe('an api node beside a realtime node', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startCluster({ nodeEnv: [{ ROLES: 'api' }, { ROLES: 'realtime' }] });
  });
  afterAll(() => cluster.close());

  it("reaches sockets held by the other node through its headless Socket.IO server's adapter", async () => {
    const u = await newUser(cluster, { node: cluster.a });
    const s = await u.socket({ node: cluster.b });
    const seen = waitFor(s, 'presence', (p) => p.name === u.name && p.away === true);
    // The settings change runs on the api node; the presence event it emits must cross to node b.
    expect((await u.post('/api/settings', { away: true })).status).toBe(200);
    await seen;
    s.close();
  });
});
