import { generate } from 'otplib';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newUser, PASSWORD, waitFor } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';

/**
 * Sessions for native clients: `token: true` at login and 2FA verification
 * answers the session token; it works as `Authorization: Bearer` with the
 * cookie's full rights and as the socket's `auth.token`; logging out with it
 * ends that session.
 */
let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const totp = (secret: string, at: number) => generate({ secret, epoch: Math.floor(at / 1000) });

/** A client that sends a bearer token (and no cookie). */
function bearer(node: Client['node'], token: string, ip: string): Client {
  const c = new Client(node);
  c.ip = ip;
  const orig = c.request.bind(c);
  c.request = (method, path, body, extra = {}) => orig(method, path, body, { ...extra, authorization: `Bearer ${token}` });
  return c;
}

async function tokenLogin(name: string, ip: string): Promise<string> {
  const c = new Client(cluster.a);
  c.ip = ip;
  const res = await c.post('/api/login', { username: name, password: PASSWORD, token: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toEqual({ ok: true, username: name, mustChange: false, token: expect.any(String) });
  // The cookie is set as usual, and holds the same session.
  expect(c.cookie).toBe(`chat_token=${res.body.token}`);
  return res.body.token;
}

describe('token: true', () => {
  it('is answered only when asked', async () => {
    const u = await newUser(cluster);
    const plain = await new Client(cluster.a).post('/api/login', { username: u.name, password: PASSWORD });
    expect(plain.body).not.toHaveProperty('token');
    await tokenLogin(u.name, u.ip);
  });

  it('has the full rights of the cookie as Authorization: Bearer, on every node, including cookie-only routes', async () => {
    const u = await newUser(cluster);
    const token = await tokenLogin(u.name, u.ip);
    const viaB = bearer(cluster.b, token, u.ip);
    expect((await viaB.get('/api/me')).body).toMatchObject({ ok: true, username: u.name });
    // /api/keys refuses API keys; a session token is a session.
    const keys = await viaB.post('/api/keys', { name: 'from-app', scopes: ['profile.read'] });
    expect(keys.status, JSON.stringify(keys.body)).toBe(200);
    expect((await viaB.get('/api/keys')).status).toBe(200);
    // No scope applies: anything the cookie may do.
    expect((await viaB.post('/api/settings', { away: true })).status).toBe(200);
  });

  it('is told from an API key by its format', async () => {
    const u = await newUser(cluster);
    const key = (await u.post('/api/keys', { name: 'k', scopes: ['profile.read'] })).body.plaintext as string;
    const byKey = bearer(cluster.a, key, u.ip);
    expect((await byKey.get('/api/me')).status).toBe(200);
    // The key stays a key: scoped, and refused where only sessions go.
    expect((await byKey.get('/api/keys')).status).toBe(403);
    expect((await byKey.post('/api/settings', { away: true })).status).toBe(403);
    expect((await bearer(cluster.a, 'not-a-session-token-at-all-0123456789abc', u.ip).get('/api/me')).status).toBe(401);
  });

  it('answers the token after a 2FA challenge too', async () => {
    const u = await newUser(cluster);
    const secret: string = (await u.post('/api/twofa/setup')).body.secret;
    expect((await u.post('/api/twofa/enable', { code: await totp(secret, cluster.clock.now()) })).status).toBe(200);
    const c = new Client(cluster.a);
    c.ip = u.ip;
    const login = await c.post('/api/login', { username: u.name, password: PASSWORD, token: true });
    expect(login.body).toMatchObject({ need2fa: true });
    expect(login.body).not.toHaveProperty('token');
    // The next code (a code is accepted once).
    cluster.clock.advance(30_000);
    const verified = await c.post('/api/twofa/verify', { code: await totp(secret, cluster.clock.now()), challenge: login.body.challenge, token: true });
    expect(verified.body).toMatchObject({ ok: true, username: u.name, token: expect.any(String) });
    expect((await bearer(cluster.b, verified.body.token, u.ip).get('/api/me')).status).toBe(200);
  });
});

describe('the socket handshake', () => {
  it('accepts the session token as auth.token, with full rights (a session, not a key)', async () => {
    const u = await newUser(cluster);
    const token = await tokenLogin(u.name, u.ip);
    const s = io(cluster.b.url, { path: '/ws', transports: ['websocket'], auth: { token, platform: 'mobile' }, reconnection: false, forceNew: true });
    try {
      expect(await waitFor(s, 'ready')).toEqual({ name: u.name, platform: 'mobile' });
      const friend = await newUser(cluster);
      const group = await u.post('/api/groups', { name: 'G', desc: '' });
      expect((await friend.post('/api/groups/join', { gid: group.body.gid })).status).toBe(200);
      // Sending needs messages.send for a key; a session needs nothing.
      const ack = await s.timeout(3000).emitWithAck('msg', { gid: group.body.gid, type: 'text', content: 'from the app' });
      expect(ack).toMatchObject({ ok: true });
    } finally {
      s.close();
    }
  });

  it('refuses an unknown token', async () => {
    const s = io(cluster.a.url, { path: '/ws', transports: ['websocket'], auth: { token: 'x'.repeat(43) }, reconnection: false, forceNew: true });
    const err = await new Promise<Error>((resolve) => s.once('connect_error', resolve));
    expect(err.message).toBe('api.unauthorized');
    s.close();
  });
});

describe('POST /api/logout with the bearer token', () => {
  it('ends that session (on every node) and no other', async () => {
    const u = await newUser(cluster);
    const token = await tokenLogin(u.name, u.ip);
    const other = await tokenLogin(u.name, u.ip);
    const viaA = bearer(cluster.a, token, u.ip);
    expect((await bearer(cluster.b, token, u.ip).get('/api/me')).status).toBe(200);
    expect((await viaA.post('/api/logout')).status).toBe(200);
    expect((await viaA.get('/api/me')).status).toBe(401);
    expect((await bearer(cluster.b, token, u.ip).get('/api/me')).status).toBe(401);
    expect((await bearer(cluster.b, other, u.ip).get('/api/me')).status).toBe(200);
    expect((await u.get('/api/me')).status).toBe(200);
  });

  it("ends that session's connections (on every node), not the others'", async () => {
    const u = await newUser(cluster);
    const token = await tokenLogin(u.name, u.ip);
    const open = async (t: string) => {
      const s = io(cluster.b.url, { path: '/ws', transports: ['websocket'], auth: { token: t }, reconnection: false, forceNew: true });
      await waitFor(s, 'ready');
      return s;
    };
    const mine = await open(token);
    const otherSession = await open(await tokenLogin(u.name, u.ip));
    try {
      const told = waitFor(mine, 'logged.out');
      const gone = new Promise((resolve) => mine.once('disconnect', resolve));
      expect((await bearer(cluster.a, token, u.ip).post('/api/logout')).status).toBe(200);
      expect(await told).toEqual({ reason: 'logout' });
      await gone;
      expect(otherSession.connected).toBe(true);
      const ack = await otherSession.timeout(3000).emitWithAck('status', { away: true });
      expect(ack).toEqual({ ok: true });
    } finally {
      mine.close();
      otherSession.close();
    }
  });
});
