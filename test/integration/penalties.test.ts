import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, newUser, PASSWORD, waitFor } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const HOUR = 3600;
const DAY_MS = 86_400_000;

async function idOf(name: string): Promise<number> {
  const rows = await cluster.a.app.ctx.db.query<{ id: number }>('select id from users where name = $1', [name]);
  return rows[0]!.id;
}

/** Resolves with the message of the handshake's refusal. */
function refusedHandshake(url: string, opts: { ip: string; cookie?: string; token?: string }): Promise<string> {
  const s = io(url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { 'x-forwarded-for': opts.ip, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    auth: opts.token ? { token: opts.token } : {},
  });
  return new Promise((resolve, reject) => {
    s.once('connect_error', (err) => {
      s.close();
      resolve(err.message);
    });
    s.once('connect', () => {
      s.close();
      reject(new Error('handshake was accepted'));
    });
  });
}

const canSend = (node: 'a' | 'b', userId: number) =>
  cluster[node].app.services.penalties.assertCanSend(userId).then(
    () => 'ok',
    (err: { key?: string }) => err.key ?? 'error',
  );

describe('POST /api/admin/penalties/add: access and validation', () => {
  it('needs a login (401) and an administrator (403)', async () => {
    const target = await newUser(cluster);
    expect((await new Client(cluster.a).post('/api/admin/penalties/add', { user: target.name, action: 'mute', duration: 60 })).status).toBe(401);
    const res = await target.post('/api/admin/penalties/add', { user: target.name, action: 'mute', duration: 60 });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('api.forbidden');
    for (const path of ['/api/admin/penalties', '/api/admin/appeals']) expect((await target.get(path)).status).toBe(403);
    expect((await target.post('/api/admin/penalties/revoke', { id: 1 })).status).toBe(403);
    expect((await target.post('/api/admin/appeals/handle', { id: 1, approve: true })).status).toBe(403);
  });

  it.each([
    ['an unknown action', 400, 'api.penalty.badAction', { action: 'kick', duration: 60 }],
    ['a negative duration', 400, 'api.penalty.badDuration', { action: 'mute', duration: -1 }],
    ['a fractional duration', 400, 'api.penalty.badDuration', { action: 'mute', duration: 1.5 }],
    ['a duration as text', 400, 'api.penalty.badDuration', { action: 'mute', duration: '60' }],
    ['a reason over 500 characters', 413, 'api.tooLarge', { action: 'mute', duration: 60, reason: 'x'.repeat(501) }],
  ])('refuses %s: %i %s', async (_what, status, key, fields) => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    const res = await admin.post('/api/admin/penalties/add', { user: target.name, ...fields });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(key);
  });

  it('404 for an unknown user, 400 for oneself, for an ip ban without a login address, or of one\'s own address', async () => {
    const admin = await adminClient(cluster);
    expect((await admin.post('/api/admin/penalties/add', { user: 'nobody_here_x', action: 'mute', duration: 60 })).body.error).toBe('api.user.notFound');
    const self = await admin.post('/api/admin/penalties/add', { user: admin.name, action: 'mute', duration: 60 });
    expect([self.status, self.body.error]).toEqual([400, 'api.penalty.self']);
    const fresh = `np${Date.now().toString(36)}`;
    expect((await admin.post('/api/admin/user/add', { name: fresh, password: PASSWORD })).status).toBe(200);
    const noIp = await admin.post('/api/admin/penalties/add', { user: fresh, action: 'ipban', duration: 60 });
    expect([noIp.status, noIp.body.error]).toEqual([400, 'api.penalty.noAddress']);
    const sameIp = await newUser(cluster);
    admin.ip = sameIp.ip;
    const own = await admin.post('/api/admin/penalties/add', { user: sameIp.name, action: 'ipban', duration: 60 });
    expect([own.status, own.body.error]).toEqual([400, 'api.penalty.ownAddress']);
  });
});

describe('warning', () => {
  it('is recorded, pushed and notified, and restricts nothing', async () => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    const socket = await target.socket({ node: cluster.b });
    const pushed = waitFor(socket, 'penalty');
    const notified = waitFor(socket, 'notification');
    const res = await admin.post('/api/admin/penalties/add', { user: target.name, action: 'warning', duration: 0, reason: 'be nice' });
    expect(res.status).toBe(200);
    expect(res.body.penalty).toMatchObject({ user: target.name, action: 'warning', expires: null, reason: 'be nice', actor: admin.name, active: true });
    expect(await pushed).toEqual({ action: 'warning', expires: null, reason: 'be nice' });
    expect(await notified).toMatchObject({ kind: 'penalty', title: 'api.notify.penalty.warning', body: 'be nice', read: 0 });
    expect((await target.on(cluster.b).get('/api/me')).body.penalties).toBe(0);
    expect(await canSend('b', await idOf(target.name))).toBe('ok');
    socket.close();
  });
});

describe('mute', () => {
  it('blocks sending on every node until it expires; /api/me counts it', async () => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    const id = await idOf(target.name);
    expect(await canSend('b', id)).toBe('ok');
    const res = await admin.post('/api/admin/penalties/add', { user: target.name, action: 'mute', duration: HOUR, reason: 'spam' });
    expect(res.body.penalty.expires).toBe(res.body.penalty.created + HOUR * 1000);
    expect(res.body.penalty.duration).toBe(HOUR);
    expect(await canSend('b', id)).toBe('api.msg.muted');
    expect((await target.on(cluster.b).get('/api/me')).body.penalties).toBe(1);
    cluster.clock.advance(HOUR * 1000 + 1);
    expect(await canSend('b', id)).toBe('ok');
    expect(await canSend('a', id)).toBe('ok');
    expect((await target.on(cluster.b).get('/api/me')).body.penalties).toBe(0);
  });

  it('0 and anything above 3650 days are permanent, and enforced like timed ones', async () => {
    const admin = await adminClient(cluster);
    for (const duration of [0, 3650 * 86_400 + 1, 1e20]) {
      const target = await newUser(cluster);
      const id = await idOf(target.name);
      const res = await admin.post('/api/admin/penalties/add', { user: target.name, action: 'mute', duration });
      expect(res.body.penalty).toMatchObject({ expires: null, duration: 0, active: true });
      cluster.clock.advance(2 * DAY_MS);
      expect(await canSend('b', id)).toBe('api.msg.muted');
      expect((await target.on(cluster.b).get('/api/me')).body.penalties).toBe(1);
    }
  });

  it('3650 days exactly is still timed', async () => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    const res = await admin.post('/api/admin/penalties/add', { user: target.name, action: 'mute', duration: 3650 * 86_400 });
    expect(res.body.penalty.expires).toBe(res.body.penalty.created + 3650 * DAY_MS);
  });

  it('revoking restores sending at once on every node; revoking twice is 409, an unknown id 404', async () => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    const id = await idOf(target.name);
    const { penalty } = (await admin.post('/api/admin/penalties/add', { user: target.name, action: 'mute', duration: 0 })).body;
    expect(await canSend('b', id)).toBe('api.msg.muted');
    const socket = await target.socket({ node: cluster.a });
    const lifted = waitFor(socket, 'penalty.lifted');
    expect((await admin.on(cluster.b).post('/api/admin/penalties/revoke', { id: penalty.id })).body).toEqual({ ok: true });
    // Pushed to the user's connections on the other node too (additive to the spec: clients lift the mute live).
    expect(await lifted).toEqual({ id: penalty.id, action: 'mute' });
    socket.close();
    expect(await canSend('a', id)).toBe('ok');
    expect(await canSend('b', id)).toBe('ok');
    const again = await admin.post('/api/admin/penalties/revoke', { id: penalty.id });
    expect([again.status, again.body.error]).toEqual([409, 'api.penalty.alreadyRevoked']);
    const unknown = await admin.post('/api/admin/penalties/revoke', { id: 999_999_999 });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'api.penalty.notFound']);
    expect((await admin.post('/api/admin/penalties/revoke', { id: 'x' })).status).toBe(400);
  });
});

describe('ban', () => {
  it('ends sessions, refuses login, keys and handshakes, and disconnects sockets on the other node', async () => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    const key = (await target.post('/api/keys', { name: 'bot', scopes: ['profile.read', 'messages.read'] })).body.plaintext as string;
    const bot = new Client(cluster.b);
    bot.apiKey = key;
    expect((await bot.get('/api/me')).status).toBe(200);
    const socket = await target.socket({ node: cluster.b });
    const pushed = waitFor(socket, 'penalty');
    const loggedOut = waitFor(socket, 'logged.out');
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    await admin.post('/api/admin/penalties/add', { user: target.name, action: 'ban', duration: HOUR, reason: 'abuse' });

    expect(await pushed).toMatchObject({ action: 'ban', reason: 'abuse' });
    expect(await loggedOut).toEqual({ reason: 'banned' });
    expect(await disconnected).toBe('io server disconnect');
    expect((await target.on(cluster.b).get('/api/me')).status).toBe(401);
    const login = await new Client(cluster.b).post('/api/login', { username: target.name, password: PASSWORD });
    expect([login.status, login.body.error]).toEqual([403, 'api.login.banned']);
    const byKey = await bot.get('/api/me');
    expect([byKey.status, byKey.body.error]).toEqual([403, 'api.login.banned']);
    expect(await refusedHandshake(cluster.b.url, { ip: target.ip, token: key })).toBe('api.login.banned');
    expect(await canSend('b', await idOf(target.name))).toBe('api.login.banned');
    // A client that was away when the ban came is told why when it comes back with its ended session.
    expect(await refusedHandshake(cluster.a.url, { ip: target.ip, cookie: target.cookie! })).toBe('api.login.banned');

    // The ban ends: login and the key work again, with no restart.
    cluster.clock.advance(HOUR * 1000 + 1);
    expect((await new Client(cluster.b).post('/api/login', { username: target.name, password: PASSWORD })).status).toBe(200);
    expect((await bot.get('/api/me')).status).toBe(200);
    // The session it ended stays ended, no longer for a ban.
    expect(await refusedHandshake(cluster.a.url, { ip: target.ip, cookie: target.cookie! })).toBe('api.unauthorized');
  });

  it('a permanent ban holds; revoking it restores login and keys on every node', async () => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    const key = (await target.post('/api/keys', { name: 'bot', scopes: ['profile.read'] })).body.plaintext as string;
    const bot = new Client(cluster.b);
    bot.apiKey = key;
    const { penalty } = (await admin.post('/api/admin/penalties/add', { user: target.name, action: 'ban', duration: 0 })).body;
    cluster.clock.advance(3 * DAY_MS);
    expect((await new Client(cluster.a).post('/api/login', { username: target.name, password: PASSWORD })).body.error).toBe('api.login.banned');
    expect((await bot.get('/api/me')).body.error).toBe('api.login.banned');
    await admin.post('/api/admin/penalties/revoke', { id: penalty.id });
    expect((await bot.get('/api/me')).status).toBe(200);
    expect((await new Client(cluster.b).post('/api/login', { username: target.name, password: PASSWORD })).status).toBe(200);
  });
});

describe('ip ban', () => {
  it('refuses every request and handshake from the user\'s last login address, on every node, until revoked', async () => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    const bystander = await newUser(cluster);
    const fromThere = new Client(cluster.b);
    fromThere.ip = target.ip;
    const existing = await bystander.socket({ node: cluster.b });
    // A connection from the address, made before the ban, is dropped by it.
    const sameAddress = new Client(cluster.b);
    sameAddress.cookie = bystander.cookie;
    sameAddress.ip = target.ip;
    const doomed = await sameAddress.socket();
    const dropped = waitFor(doomed, 'logged.out');

    const res = await admin.post('/api/admin/penalties/add', { user: target.name, action: 'ipban', duration: 0, reason: 'flood' });
    expect(res.body.penalty).toMatchObject({ action: 'ipban', ip: target.ip, expires: null });

    expect(await dropped).toEqual({ reason: 'ipbanned' });
    for (const node of [cluster.a, cluster.b]) {
      const c = fromThere.on(node);
      const health = await c.get('/api/health');
      expect([health.status, health.body.error]).toEqual([403, 'api.penalty.ipBanned']);
      expect((await c.post('/api/login', { username: bystander.name, password: PASSWORD })).status).toBe(403);
      expect((await target.on(node).get('/api/me')).status).toBe(403);
      expect(await refusedHandshake(node.url, { ip: target.ip, cookie: bystander.cookie })).toBe('api.penalty.ipBanned');
    }
    // Other addresses are untouched.
    expect((await bystander.on(cluster.b).get('/api/me')).status).toBe(200);
    expect(existing.connected).toBe(true);
    existing.close();

    await admin.on(cluster.b).post('/api/admin/penalties/revoke', { id: res.body.penalty.id });
    for (const node of [cluster.a, cluster.b]) {
      expect((await fromThere.on(node).get('/api/health')).status).toBe(200);
      expect((await target.on(node).get('/api/me')).status).toBe(200);
    }
    const s = await sameAddress.socket({ node: cluster.a });
    expect(s.connected).toBe(true);
    s.close();
  });

  it('a timed ip ban ends by itself', async () => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    await admin.post('/api/admin/penalties/add', { user: target.name, action: 'ipban', duration: 60 });
    expect((await target.on(cluster.b).get('/api/me')).status).toBe(403);
    cluster.clock.advance(61_000);
    expect((await target.on(cluster.b).get('/api/me')).status).toBe(200);
    expect((await target.get('/api/me')).status).toBe(200);
  });
});

describe('listing penalties', () => {
  it('admin list filters by user and by being in force; the own list shows created and no address', async () => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    const first = (await admin.post('/api/admin/penalties/add', { user: target.name, action: 'mute', duration: 60, reason: 'a' })).body.penalty;
    const second = (await admin.post('/api/admin/penalties/add', { user: target.name, action: 'warning', duration: 0, reason: 'b' })).body.penalty;
    await admin.post('/api/admin/penalties/revoke', { id: first.id });

    const all = (await admin.get('/api/admin/penalties', { user: target.name })).body.penalties;
    expect(all.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);
    expect(all[1]).toMatchObject({ user: target.name, action: 'mute', duration: 60, reason: 'a', actor: admin.name, revoked: true, active: false });
    expect((await admin.get('/api/admin/penalties', { user: target.name, active: 'true' })).body.penalties.map((p: { id: number }) => p.id)).toEqual([second.id]);
    expect((await admin.get('/api/admin/penalties', { user: target.name, active: 'false' })).body.penalties.map((p: { id: number }) => p.id)).toEqual([first.id]);
    expect((await admin.get('/api/admin/penalties', { user: 'nobody_at_all' })).body.penalties).toEqual([]);
    expect((await admin.get('/api/admin/penalties', { active: 'maybe' })).status).toBe(400);

    const mine = await target.on(cluster.b).get('/api/me/penalties');
    expect(mine.status).toBe(200);
    expect(mine.body.penalties).toHaveLength(2);
    expect(mine.body.penalties[0]).toEqual({
      id: second.id, user: target.name, action: 'warning', duration: 0, expires: null, reason: 'b',
      actor: admin.name, created: second.created, revoked: false, active: true,
    });
    expect(mine.body.penalties[1].ip).toBeUndefined();
    expect((await new Client(cluster.a).get('/api/me/penalties')).status).toBe(401);
  });
});

describe('penalty notifications', () => {
  it('one per penalty, even when the write runs twice', async () => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    const { penalty } = (await admin.post('/api/admin/penalties/add', { user: target.name, action: 'mute', duration: 60, reason: 'r' })).body;
    const job = { userId: await idOf(target.name), kind: 'penalty', sourceId: String(penalty.id), title: 'api.notify.penalty.mute', body: 'r' };
    await cluster.b.app.services.mailbox.handleNotificationWrite(job);
    const list = (await target.get('/api/me/notifications')).body;
    expect(list.notifications.filter((n: { kind: string }) => n.kind === 'penalty')).toHaveLength(1);
    expect(list.unread).toBe(1);
  });
});

describe('appeals', () => {
  it('submit, list, approve (which lifts the penalty), refuse a second decision', async () => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    const id = await idOf(target.name);
    const { penalty } = (await admin.post('/api/admin/penalties/add', { user: target.name, action: 'mute', duration: 0, reason: 'spam' })).body;

    const submitted = await target.post('/api/appeal', { penaltyId: penalty.id, reason: 'it was not me' });
    expect(submitted.status).toBe(200);
    const appealId = submitted.body.id;
    const twice = await target.post('/api/appeal', { penaltyId: penalty.id, reason: 'again' });
    expect([twice.status, twice.body.error]).toEqual([409, 'api.appeal.pending']);

    const mine = (await target.on(cluster.b).get('/api/me/appeals')).body.appeals;
    expect(mine).toEqual([
      expect.objectContaining({ id: appealId, penaltyId: penalty.id, action: 'mute', reason: 'it was not me', status: 'pending', handled: null }),
    ]);
    const pending = (await admin.get('/api/admin/appeals', { status: 'pending' })).body.appeals;
    expect(pending.find((a: { id: number }) => a.id === appealId)).toMatchObject({ user: target.name, penaltyReason: 'spam' });

    const socket = await target.socket({ node: cluster.b });
    const notified = waitFor(socket, 'notification', (n: { kind: string }) => n.kind === 'appeal');
    const lifted = waitFor(socket, 'penalty.lifted');
    expect((await admin.post('/api/admin/appeals/handle', { id: appealId, approve: true })).body).toEqual({ ok: true });
    expect(await lifted).toEqual({ id: penalty.id, action: 'mute' });
    expect(await notified).toMatchObject({ title: 'api.notify.appeal.approved' });
    socket.close();
    expect(await canSend('b', id)).toBe('ok');
    expect((await admin.get('/api/admin/penalties', { user: target.name })).body.penalties[0]).toMatchObject({ revoked: true, active: false });
    expect((await target.get('/api/me/appeals')).body.appeals[0]).toMatchObject({ status: 'approved', handler: admin.name });

    const again = await admin.post('/api/admin/appeals/handle', { id: appealId, approve: false });
    expect([again.status, again.body.error]).toEqual([409, 'api.appeal.handled']);
    const unknown = await admin.post('/api/admin/appeals/handle', { id: 999_999_999, approve: true });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'api.appeal.notFound']);
    expect((await admin.post('/api/admin/appeals/handle', { id: appealId })).status).toBe(400);
  });

  it('rejecting keeps the penalty; the admin list puts pending first', async () => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    const id = await idOf(target.name);
    const p1 = (await admin.post('/api/admin/penalties/add', { user: target.name, action: 'mute', duration: 0 })).body.penalty;
    const p2 = (await admin.post('/api/admin/penalties/add', { user: target.name, action: 'warning', duration: 0 })).body.penalty;
    const a1 = (await target.post('/api/appeal', { penaltyId: p1.id, reason: 'please' })).body.id;
    const a2 = (await target.post('/api/appeal', { penaltyId: p2.id, reason: 'please too' })).body.id;
    await admin.post('/api/admin/appeals/handle', { id: a2, approve: false });
    expect(await canSend('b', id)).toBe('api.msg.muted');
    const list = (await admin.get('/api/admin/appeals')).body.appeals as Array<{ id: number; status: string }>;
    const firstHandled = list.findIndex((a) => a.status !== 'pending');
    expect(list.findIndex((a) => a.id === a1)).toBeLessThan(firstHandled);
    expect(list.find((a) => a.id === a2)?.status).toBe('rejected');
    expect((await admin.get('/api/admin/appeals', { status: 'rejected' })).body.appeals.every((a: { status: string }) => a.status === 'rejected')).toBe(true);
    // A new appeal is possible once the earlier one is decided.
    expect((await target.post('/api/appeal', { penaltyId: p2.id, reason: 'reconsider' })).status).toBe(200);
  });

  it('404 for someone else\'s or an unknown penalty, 409 once not in force, 400 without a reason', async () => {
    const admin = await adminClient(cluster);
    const target = await newUser(cluster);
    const other = await newUser(cluster);
    const p = (await admin.post('/api/admin/penalties/add', { user: target.name, action: 'mute', duration: 60 })).body.penalty;
    expect((await other.post('/api/appeal', { penaltyId: p.id, reason: 'x' })).body.error).toBe('api.penalty.notFound');
    expect((await target.post('/api/appeal', { penaltyId: 999_999_999, reason: 'x' })).status).toBe(404);
    const empty = await target.post('/api/appeal', { penaltyId: p.id, reason: '  ' });
    expect([empty.status, empty.body.error]).toEqual([400, 'api.appeal.noReason']);
    expect((await target.post('/api/appeal', { penaltyId: p.id, reason: 'x'.repeat(1001) })).status).toBe(413);
    cluster.clock.advance(61_000);
    const late = await target.post('/api/appeal', { penaltyId: p.id, reason: 'x' });
    expect([late.status, late.body.error]).toEqual([409, 'api.appeal.notInForce']);
    expect((await new Client(cluster.a).post('/api/appeal', { penaltyId: p.id, reason: 'x' })).status).toBe(401);
  });
});
