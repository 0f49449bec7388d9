import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, newUser } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { keyClient, rateWindowTests } from './shared-redis.suite.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());


describe('key management', () => {
  it('creates a key shown once, lists it without secrets', async () => {
    const u = await newUser(cluster);
    const res = await u.post('/api/keys', { name: 'ci bot', scopes: ['profile.read', 'bogus', 'profile.read', 'users.read'] });
    expect(res.status).toBe(200);
    expect(res.body.plaintext).toMatch(/^key_[0-9a-f]{8}_[0-9a-f]{48}$/);
    expect(res.body.key).toMatchObject({ name: 'ci bot', scopes: ['profile.read', 'users.read'], rateLimit: null, lastUsed: null, expires: null, revoked: false });
    expect(res.body.plaintext.slice(4, 12)).toBe(res.body.key.prefix);

    const list = await u.get('/api/keys');
    expect(list.body.defaultRate).toBe(60);
    expect(list.body.isAdmin).toBe(false);
    expect(list.body.scopes).not.toContain('admin');
    expect(list.body.scopes[0]).toBe('profile.read');
    expect(list.body.keys).toHaveLength(1);
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(res.body.plaintext.slice(13));
    expect(text).not.toContain('secret');
  });

  it.each([
    [{ name: '', scopes: ['profile.read'] }, 400, 'api.key.invalid'],
    [{ name: 'x'.repeat(41), scopes: ['profile.read'] }, 400, 'api.key.invalid'],
    [{ name: 'ok', scopes: [] }, 400, 'api.key.invalid'],
    [{ name: 'ok', scopes: ['nope'] }, 400, 'api.key.invalid'],
    [{ name: 'ok' }, 400, 'api.key.invalid'],
    [{ name: 'ok', scopes: ['admin'] }, 403, 'api.forbidden'],
    [{ name: 'ok', scopes: ['profile.read'], expiresDays: -1 }, 400, 'api.key.invalid'],
  ])('refuses %j', async (body, status, key) => {
    const u = await newUser(cluster);
    const res = await u.post('/api/keys', body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ ok: false, error: key });
  });

  it('rateLimit outside 1–6000 falls back to the default', async () => {
    const u = await newUser(cluster);
    for (const rateLimit of [0, 6001, 'fast', 1.5]) {
      const res = await u.post('/api/keys', { name: 'r', scopes: ['profile.read'], rateLimit });
      expect(res.body.key.rateLimit).toBeNull();
    }
    expect((await u.post('/api/keys', { name: 'r', scopes: ['profile.read'], rateLimit: 6000 })).body.key.rateLimit).toBe(6000);
  });

  it('an administrator may grant admin; its key reaches admin endpoints', async () => {
    const admin = await adminClient(cluster);
    expect((await admin.get('/api/keys')).body.isAdmin).toBe(true);
    const res = await admin.post('/api/keys', { name: 'ops', scopes: ['admin'] });
    expect(res.status).toBe(200);
    const k = keyClient(cluster.b, res.body.plaintext);
    expect((await k.get('/api/admin/approvals')).status).toBe(200);
    // The admin scope does not include profile.read.
    expect((await k.get('/api/me')).status).toBe(403);
  });

  it('update changes only the given fields; a non-admin cannot gain admin; foreign keys are invalid', async () => {
    const u = await newUser(cluster);
    const other = await newUser(cluster);
    const { key } = (await u.post('/api/keys', { name: 'a', scopes: ['profile.read'], rateLimit: 10 })).body;
    expect((await u.post('/api/keys/update', { id: key.id, name: 'b' })).body).toEqual({ ok: true });
    let listed = (await u.get('/api/keys')).body.keys[0];
    expect(listed).toMatchObject({ name: 'b', scopes: ['profile.read'], rateLimit: 10 });
    expect((await u.post('/api/keys/update', { id: key.id, scopes: ['admin'] })).status).toBe(403);
    expect((await u.post('/api/keys/update', { id: key.id, scopes: ['nope'] })).body.error).toBe('api.key.invalid');
    expect((await u.post('/api/keys/update', { id: key.id, name: '' })).status).toBe(400);
    expect((await u.post('/api/keys/update', {})).status).toBe(400);
    const foreign = await other.post('/api/keys/update', { id: key.id, name: 'stolen' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('api.key.invalid');
    await u.post('/api/keys/update', { id: key.id, expiresDays: 5, rateLimit: 'x' });
    listed = (await u.get('/api/keys')).body.keys[0];
    expect(listed.rateLimit).toBeNull();
    expect(listed.expires).toBeGreaterThan(cluster.clock.now());
  });

  it('delete removes the key; deleting again is 404', async () => {
    const u = await newUser(cluster);
    const { key, plaintext } = (await u.post('/api/keys', { name: 'a', scopes: ['profile.read'] })).body;
    expect((await keyClient(cluster.a, plaintext).get('/api/me')).status).toBe(200);
    expect((await u.post('/api/keys/delete', { id: key.id })).body).toEqual({ ok: true });
    const again = await u.post('/api/keys/delete', { id: key.id });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('api.key.notFound');
    expect((await keyClient(cluster.b, plaintext).get('/api/me')).status).toBe(401);
  });

  it('/api/keys* accepts the cookie only', async () => {
    const u = await newUser(cluster);
    const { plaintext } = (await u.post('/api/keys', { name: 'a', scopes: ['profile.read', 'profile.write', 'security'] })).body;
    const k = keyClient(cluster.a, plaintext);
    expect((await k.get('/api/keys')).status).toBe(403);
    expect((await k.post('/api/keys', { name: 'x', scopes: ['profile.read'] })).status).toBe(403);
    expect((await new Client(cluster.a).get('/api/keys')).status).toBe(401);
  });
});

describe('authenticating with a key', () => {
  it('works with Authorization: Bearer and X-API-Key, on any node', async () => {
    const u = await newUser(cluster);
    const { plaintext } = (await u.post('/api/keys', { name: 'a', scopes: ['profile.read'] })).body;
    expect((await keyClient(cluster.a, plaintext, 'bearer').get('/api/me')).body.username).toBe(u.name);
    expect((await keyClient(cluster.b, plaintext, 'x-api-key').get('/api/me')).body.username).toBe(u.name);
  });

  it('checks the route scope (403 api.forbidden) and unmatched routes need profile.read', async () => {
    const u = await newUser(cluster);
    const { plaintext } = (await u.post('/api/keys', { name: 'a', scopes: ['users.read'] })).body;
    const k = keyClient(cluster.a, plaintext);
    const me = await k.get('/api/me');
    expect(me.status).toBe(403);
    expect(me.body.error).toBe('api.forbidden');
    expect((await k.post('/api/profile', { nickname: 'x' })).status).toBe(403);
    expect((await k.post('/api/pass', { oldPassword: 'a', newPassword: 'b' })).status).toBe(403);
    expect((await k.get('/api/admin/approvals')).status).toBe(403);
    // Unknown routes still answer 404 after authentication... only for profile.read holders.
    expect((await k.get('/api/settings')).status).toBe(403);
  });

  it('refuses unknown, malformed, revoked and expired keys with 401; unrevoking restores access at once', async () => {
    const u = await newUser(cluster);
    const { key, plaintext } = (await u.post('/api/keys', { name: 'a', scopes: ['profile.read'], expiresDays: 1 })).body;
    const good = keyClient(cluster.a, plaintext);
    expect((await good.get('/api/me')).status).toBe(200);

    expect((await keyClient(cluster.a, 'key_nope').get('/api/me')).status).toBe(401);
    const forged = `${plaintext.slice(0, 13)}${'0'.repeat(48)}`;
    expect((await keyClient(cluster.a, forged).get('/api/me')).status).toBe(401);

    await u.post('/api/keys/update', { id: key.id, revoked: true });
    expect((await keyClient(cluster.b, plaintext).get('/api/me')).status).toBe(401);
    expect((await good.get('/api/me')).status).toBe(401);
    expect((await u.get('/api/keys')).body.keys[0].revoked).toBe(true);
    await u.post('/api/keys/update', { id: key.id, revoked: false });
    expect((await keyClient(cluster.b, plaintext).get('/api/me')).status).toBe(200);

    cluster.clock.advance(86_400_000 + 1000);
    expect((await good.get('/api/me')).status).toBe(401);
  });

  it('records lastUsed without a write per request', async () => {
    const u = await newUser(cluster);
    const { plaintext } = (await u.post('/api/keys', { name: 'a', scopes: ['profile.read'] })).body;
    const before = cluster.clock.now();
    await keyClient(cluster.a, plaintext).get('/api/me');
    const listed = (await u.get('/api/keys')).body.keys[0];
    expect(listed.lastUsed).toBeGreaterThanOrEqual(before);
  });
});

describe('per-key rate window', () => rateWindowTests(() => cluster));
