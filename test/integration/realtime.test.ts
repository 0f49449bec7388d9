import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, collect, emitAck, newUser, sleep, waitFor } from '../helpers/client.ts';
import { MODE, startCluster, type TestCluster } from '../helpers/server.ts';
import { presenceTests } from './shared-redis.suite.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

function rawSocket(url: string, opts: { cookie?: string; token?: string } = {}) {
  return io(url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: opts.cookie ? { cookie: opts.cookie } : {},
    auth: opts.token ? { token: opts.token } : {},
  });
}

const connectError = (s: ReturnType<typeof rawSocket>) =>
  new Promise<string>((resolve) => s.once('connect_error', (err) => resolve(err.message)));

describe('handshake', () => {
  it('refuses a handshake without credentials', async () => {
    const s = rawSocket(cluster.a.url);
    expect(await connectError(s)).toBe('api.unauthorized');
    s.close();
  });

  it('accepts the session cookie and reports ready', async () => {
    const u = await newUser(cluster);
    const s = await u.socket({ platform: 'desktop' });
    expect(s.connected).toBe(true);
    s.close();
  });

  it('accepts an API key with messages.read (auth.token), refuses one without', async () => {
    const u = await newUser(cluster);
    const good = (await u.post('/api/keys', { name: 'bot', scopes: ['messages.read'] })).body.plaintext;
    const bad = (await u.post('/api/keys', { name: 'nope', scopes: ['profile.read'] })).body.plaintext;
    const c = new Client(cluster.b);
    const s = await c.socket({ token: good });
    expect(s.connected).toBe(true);
    s.close();
    const refused = rawSocket(cluster.a.url, { token: bad });
    expect(await connectError(refused)).toBe('api.forbidden');
    refused.close();
    const garbage = rawSocket(cluster.a.url, { token: 'key_00000000_000000000000000000000000000000000000000000000000' });
    expect(await connectError(garbage)).toBe('api.key.bad');
    garbage.close();
  });

  it('serves the handshake at /ws only', async () => {
    const res = await fetch(`${cluster.a.url}/socket.io/?EIO=4&transport=websocket`);
    expect(res.status).toBe(404);
  });
});

describe('presence', () => {
  presenceTests(() => cluster);

  it('an unknown platform falls back to web', async () => {
    const u = await newUser(cluster);
    const s = await u.socket({ platform: 'toaster' });
    expect((await u.get('/api/me')).body.platforms).toEqual(['web']);
    s.close();
  });

  it('status switches live, reaches the user\'s other devices, and persists nothing', async () => {
    const u = await newUser(cluster);
    const phone = await u.socket({ platform: 'mobile', node: cluster.a });
    const laptop = await u.socket({ platform: 'desktop', node: cluster.b });
    const seen = waitFor(laptop, 'presence', (p: { name: string; away: boolean }) => p.name === u.name && p.away);
    expect(await emitAck(phone, 'status', { away: true })).toEqual({ ok: true });
    expect(await seen).toMatchObject({ name: u.name, online: true, away: true });
    const hidden = waitFor(laptop, 'presence', (p: { online: boolean }) => p.online === false);
    expect(await emitAck(phone, 'status', { invisible: true })).toEqual({ ok: true });
    expect(await hidden).toMatchObject({ name: u.name, online: false });
    // The persisted defaults are untouched.
    expect((await u.get('/api/settings')).body).toMatchObject({ invisible: false, away: false });
    expect(await emitAck(phone, 'status', { away: 'very' })).toEqual({ ok: false, error: 'api.badRequest' });
    phone.close();
    laptop.close();
  });

  it('nobody outside the audience receives presence changes', async () => {
    const watcher = await newUser(cluster);
    const stranger = await newUser(cluster);
    const w = await watcher.socket({ node: cluster.b });
    const events = collect(w, 'presence');
    const s = await stranger.socket({ node: cluster.a });
    await emitAck(s, 'status', { away: true });
    s.close();
    await sleep(200);
    expect(events.filter((p: { name: string }) => p.name === stranger.name)).toEqual([]);
    w.close();
  });

  // Embedded mode is one process: a crash takes its presence state with it, so there is nothing to sweep.
  if (MODE === 'cluster') it('connections of a crashed node are cleared by the sweep', async () => {
    const presence = cluster.a.app.ctx.state.presence;
    const u = await newUser(cluster);
    const { id } = (await cluster.a.app.ctx.db.query<{ id: number }>('select id from users where name = $1', [u.name]))[0]!;
    // Simulate a node that registered a connection and then stopped heartbeating.
    const state = cluster.a.app.ctx.state as unknown as { redis: import('ioredis').Redis };
    const p = `{${cluster.a.app.ctx.config.redisPrefix}pres}:`;
    await state.redis.hset(`${p}u:${id}`, 'deadnode|conn1', 'web');
    await state.redis.hset(`${p}agg`, String(id), 'web');
    await state.redis.sadd(`${p}n:deadnode`, `${id}|conn1`);
    await state.redis.zadd(`${p}nodes`, Date.now() - 60_000, 'deadnode');
    expect((await u.get('/api/me')).body.online).toBe(true);
    expect(await presence.sweep()).toEqual([id]);
    expect((await u.get('/api/me')).body.online).toBe(false);
  });
});
