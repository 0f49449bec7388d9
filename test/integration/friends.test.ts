
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newUser, uniqueName, waitFor, trackSockets } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { befriend, recorder, settle, statementsOf } from '../helpers/social.ts';
import { uniquePng, uploadSingle } from '../helpers/uploads.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const connect = trackSockets();

describe('GET /api/users', () => {
  it('lists active accounts matching name or nickname, case-insensitively, sorted, with online and image', async () => {
    const tag = uniqueName('Zq');
    const a = await newUser(cluster, { name: `${tag}b` });
    const b = await newUser(cluster, { name: `${tag}A` });
    const c = await newUser(cluster);
    // An avatar must be an image uploaded here (docs/decisions.md, "Files").
    const avatar: string = (await uploadSingle(c, uniquePng(), 'c.png')).body.url;
    expect((await c.post('/api/profile', { nickname: `nick ${tag.toUpperCase()} x`, avatar })).status).toBe(200);
    await connect(b);

    const res = await a.get('/api/users', { q: tag.toLowerCase() });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.users.map((u: { name: string }) => u.name)).toEqual([b.name, a.name, c.name].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    const byName = Object.fromEntries(res.body.users.map((u: { name: string }) => [u.name, u]));
    expect(byName[b.name]).toMatchObject({ name: b.name, online: true, image: '' });
    expect(byName[a.name]).toMatchObject({ online: false });
    expect(byName[c.name]).toMatchObject({ online: false, image: avatar, nickname: `nick ${tag.toUpperCase()} x` });
  });

  it('leaves out accounts that are not active and takes % and _ literally', async () => {
    const tag = uniqueName('Lit');
    const viewer = await newUser(cluster);
    const pending = await newUser(cluster, { name: `${tag}_p` });
    await cluster.a.app.ctx.db.query("update users set status = 'pending' where name = $1", [pending.name]);
    await newUser(cluster, { name: `${tag}xq` });
    expect((await viewer.get('/api/users', { q: tag })).body.users.map((u: { name: string }) => u.name)).toEqual([`${tag}xq`]);
    expect((await viewer.get('/api/users', { q: `${tag}_` })).body.users).toEqual([]);
    expect((await viewer.get('/api/users', { q: `${tag}%` })).body.users).toEqual([]);
  });

  it('pages with limit and offset; a limit above 200 is lowered to 200', async () => {
    const tag = uniqueName('Pg');
    const viewer = await newUser(cluster);
    const names: string[] = [];
    for (let i = 0; i < 5; i++) names.push((await newUser(cluster, { name: `${tag}${i}` })).name);
    const page = async (q: Record<string, string | number>) =>
      (await viewer.get('/api/users', { q: tag, ...q })).body.users.map((u: { name: string }) => u.name);
    expect(await page({ limit: 2 })).toEqual(names.slice(0, 2));
    expect(await page({ limit: 2, offset: 2 })).toEqual(names.slice(2, 4));
    expect(await page({ limit: 2, offset: 4 })).toEqual(names.slice(4));
    expect(await page({ limit: 5000 })).toEqual(names);
  });

  it('answers 400 for a bad limit or offset, 413 for an over-long keyword, 401 without a session', async () => {
    const viewer = await newUser(cluster);
    for (const q of [{ limit: 0 }, { limit: 'x' }, { offset: -1 }, { limit: 1.5 }] as Array<Record<string, string | number>>) {
      const res = await viewer.get('/api/users', q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body.ok).toBe(false);
    }
    expect((await viewer.get('/api/users', { q: 'x'.repeat(65) })).status).toBe(413);
    expect((await new Client(cluster.a).get('/api/users')).status).toBe(401);
  });

  it('runs a constant number of statements whatever the page size', async () => {
    const tag = uniqueName('Nq');
    const viewer = await newUser(cluster);
    for (let i = 0; i < 6; i++) await newUser(cluster, { name: `${tag}${i}` });
    await viewer.get('/api/users', { q: tag }); // warms the identity cache
    const one = await statementsOf(cluster.a, () => viewer.get('/api/users', { q: tag, limit: 1 }));
    const six = await statementsOf(cluster.a, () => viewer.get('/api/users', { q: tag, limit: 6 }));
    expect(six).toBe(one);
    expect(one).toBe(1);
  });
});

describe('friend requests', () => {
  it('request → accept makes one symmetric friendship', async () => {
    const a = await newUser(cluster);
    const b = await newUser(cluster);
    expect((await a.post('/api/friends/request', { name: b.name.toUpperCase() })).body).toEqual({ ok: true });

    const aView = (await a.get('/api/friends')).body;
    expect(aView).toMatchObject({ ok: true, users: [], requests: [] });
    expect(aView.sent).toEqual([expect.objectContaining({ name: b.name, online: false, image: '', created: expect.any(Number) })]);
    const bView = (await b.get('/api/friends')).body;
    expect(bView.requests).toEqual([expect.objectContaining({ name: a.name })]);
    expect(bView.sent).toEqual([]);

    expect((await b.post('/api/friends/accept', { name: a.name })).body).toEqual({ ok: true });
    const after = (await a.get('/api/friends')).body;
    expect(after.users).toEqual([{ name: b.name, online: false, image: '', nickname: '', remark: '' }]);
    expect(after.sent).toEqual([]);
    expect((await b.get('/api/friends')).body.users.map((u: { name: string }) => u.name)).toEqual([a.name]);
    const rows = await cluster.a.app.ctx.db.query(
      `select count(*)::int as n from friendships f join users x on x.id in (f.user_lo, f.user_hi) where x.name = $1`,
      [a.name],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('refuses unknown users (404), oneself (400), duplicates, reverse requests and existing friends (409)', async () => {
    const a = await newUser(cluster);
    const b = await newUser(cluster);
    const unknown = await a.post('/api/friends/request', { name: uniqueName('ghost') });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ ok: false, error: 'api.user.notFound' });
    expect((await a.post('/api/friends/request', { name: a.name })).body).toEqual({ ok: false, error: 'api.friend.self' });

    await a.post('/api/friends/request', { name: b.name });
    const dup = await a.post('/api/friends/request', { name: b.name });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('api.friend.alreadyRequested');
    const reverse = await b.post('/api/friends/request', { name: a.name });
    expect(reverse.status).toBe(409);
    expect(reverse.body.error).toBe('api.friend.reversePending');

    await b.post('/api/friends/accept', { name: a.name });
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const again = await from.post('/api/friends/request', { name: to.name });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('api.friend.already');
    }
  });

  it('refuses a request to an account that is not active with 404', async () => {
    const a = await newUser(cluster);
    const pending = await newUser(cluster);
    await cluster.a.app.ctx.db.query("update users set status = 'pending' where name = $1", [pending.name]);
    expect((await a.post('/api/friends/request', { name: pending.name })).status).toBe(404);
  });

  it('accept and decline need a pending request (404); decline drops it, or withdraws one the caller sent', async () => {
    const a = await newUser(cluster);
    const b = await newUser(cluster);
    const none = await b.post('/api/friends/accept', { name: a.name });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('api.friend.noRequest');
    expect((await b.post('/api/friends/decline', { name: a.name })).status).toBe(404);
    expect((await b.post('/api/friends/accept', { name: uniqueName('ghost') })).body.error).toBe('api.user.notFound');

    await a.post('/api/friends/request', { name: b.name });
    // The sender cannot accept their own request.
    expect((await a.post('/api/friends/accept', { name: b.name })).status).toBe(404);
    expect((await b.post('/api/friends/decline', { name: a.name })).body).toEqual({ ok: true });
    expect((await a.get('/api/friends')).body.sent).toEqual([]);
    expect((await b.post('/api/friends/accept', { name: a.name })).status).toBe(404);

    await a.post('/api/friends/request', { name: b.name });
    expect((await a.post('/api/friends/decline', { name: b.name })).body).toEqual({ ok: true });
    expect((await b.get('/api/friends')).body.requests).toEqual([]);
    // After a decline either side may ask again.
    expect((await b.post('/api/friends/request', { name: a.name })).status).toBe(200);
  });

  it('answers 400 for a missing or malformed name and 401 without a session', async () => {
    const a = await newUser(cluster);
    for (const body of [{}, { name: '' }, { name: 5 }, { name: 'x'.repeat(65) }]) {
      const res = await a.post('/api/friends/request', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.ok).toBe(false);
    }
    const anon = new Client(cluster.a);
    for (const path of ['/api/friends/request', '/api/friends/accept', '/api/friends/decline', '/api/friends/remove', '/api/friends/remark']) {
      expect((await anon.post(path, { name: 'x', to: 'x', remark: '' })).status, path).toBe(401);
    }
    expect((await anon.get('/api/friends')).status).toBe(401);
  });
});

describe('input the database cannot store', () => {
  it('a NUL character is 400, never 500', async () => {
    const a = await newUser(cluster);
    expect((await a.get('/api/users', { q: 'a\u0000b' })).status).toBe(400);
    expect((await a.post('/api/friends/request', { name: 'a\u0000b' })).status).toBe(400);
    expect((await a.post('/api/groups', { name: 'ok', desc: 'a\u0000b' })).status).toBe(400);
    expect((await a.get('/api/groups/search', { q: '\u0000' })).status).toBe(400);
  });
});

describe('removing friends and remarks', () => {
  it('remove ends the friendship for both and forgets both remarks; a non-friend is 403', async () => {
    const a = await newUser(cluster);
    const b = await newUser(cluster);
    await befriend(a, b);
    await a.post('/api/friends/remark', { to: b.name, remark: 'Bee' });
    await b.post('/api/friends/remark', { to: a.name, remark: 'Ay' });
    expect((await b.post('/api/friends/remove', { name: a.name })).body).toEqual({ ok: true });
    expect((await a.get('/api/friends')).body.users).toEqual([]);
    expect((await b.get('/api/friends')).body.users).toEqual([]);
    const again = await a.post('/api/friends/remove', { name: b.name });
    expect(again.status).toBe(403);
    expect(again.body.error).toBe('api.friend.notFriend');
    expect((await a.post('/api/friends/remove', { name: uniqueName('ghost') })).status).toBe(404);
    await befriend(a, b);
    expect((await a.get('/api/friends')).body.users[0].remark).toBe('');
  });

  it('a remark is private to its setter; empty clears; non-friends are 403', async () => {
    const a = await newUser(cluster);
    const b = await newUser(cluster);
    const stranger = await newUser(cluster);
    await befriend(a, b);
    expect((await a.post('/api/friends/remark', { to: b.name, remark: '  老朋友 ' })).body).toEqual({ ok: true });
    expect((await a.get('/api/friends')).body.users[0]).toMatchObject({ name: b.name, remark: '老朋友' });
    expect((await b.get('/api/friends')).body.users[0]).toMatchObject({ name: a.name, remark: '' });
    await a.post('/api/friends/remark', { to: b.name, remark: '' });
    expect((await a.get('/api/friends')).body.users[0].remark).toBe('');

    const notFriend = await a.post('/api/friends/remark', { to: stranger.name, remark: 'x' });
    expect(notFriend.status).toBe(403);
    expect(notFriend.body.error).toBe('api.friend.notFriend');
    const unknown = await a.post('/api/friends/remark', { to: uniqueName('ghost'), remark: 'x' });
    expect(unknown.status).toBe(403);
    expect(unknown.body.error).toBe('api.friend.notFound');
    expect((await a.post('/api/friends/remark', { to: b.name, remark: 'r'.repeat(33) })).status).toBe(413);
    expect((await a.post('/api/friends/remark', { to: b.name })).status).toBe(400);
  });
});

describe('friend lists', () => {
  it('shows friends online from any node, sorted by name', async () => {
    const me = await newUser(cluster);
    const tag = uniqueName('S');
    const z = await newUser(cluster, { name: `${tag}z` });
    const y = await newUser(cluster, { name: `${tag}Y` });
    await befriend(me, z);
    await befriend(me, y);
    await connect(z, cluster.b);
    const users = (await me.get('/api/friends')).body.users;
    expect(users.map((u: { name: string; online: boolean }) => [u.name, u.online])).toEqual([
      [y.name, false],
      [z.name, true],
    ]);
  });

  it('hides an invisible friend', async () => {
    const me = await newUser(cluster);
    const shy = await newUser(cluster);
    await befriend(me, shy);
    await shy.post('/api/settings', { invisible: true });
    await connect(shy);
    expect((await me.get('/api/friends')).body.users[0].online).toBe(false);
  });

  it('runs a constant number of statements whatever the number of friends and requests', async () => {
    const few = await newUser(cluster);
    const many = await newUser(cluster);
    await befriend(few, await newUser(cluster));
    for (let i = 0; i < 6; i++) await befriend(many, await newUser(cluster));
    for (let i = 0; i < 3; i++) await (await newUser(cluster)).post('/api/friends/request', { name: many.name });
    await many.post('/api/friends/request', { name: (await newUser(cluster)).name });
    await few.get('/api/friends');
    await many.get('/api/friends');
    const small = await statementsOf(cluster.a, () => few.get('/api/friends'));
    const large = await statementsOf(cluster.a, () => many.get('/api/friends'));
    expect(large).toBe(small);
    expect(small).toBe(2);
  });
});

describe('friends.changed and presence', () => {
  it('goes to the two parties only, on whichever node they are connected', async () => {
    const a = await newUser(cluster);
    const b = await newUser(cluster);
    const other = await newUser(cluster);
    const sa = await connect(a);
    const sb = await connect(b, cluster.b);
    const so = await connect(other, cluster.b);
    const seen = recorder(so, ['friends.changed']);

    const steps: Array<[Client & { name: string }, string, string, 'request' | 'accept' | 'remove']> = [
      [a, '/api/friends/request', b.name, 'request'],
      [b, '/api/friends/accept', a.name, 'accept'],
      [a, '/api/friends/remove', b.name, 'remove'],
    ];
    for (const [actor, path, name, action] of steps) {
      const toA = waitFor(sa, 'friends.changed', (p) => p.action === action);
      const toB = waitFor(sb, 'friends.changed', (p) => p.action === action);
      expect((await actor.post(path, { name })).status).toBe(200);
      expect(await toA).toEqual({ name: b.name, by: actor.name, action });
      expect(await toB).toEqual({ name: a.name, by: actor.name, action });
    }
    const declined = waitFor(sa, 'friends.changed', (p) => p.action === 'decline');
    await b.post('/api/friends/request', { name: a.name });
    await a.post('/api/friends/decline', { name: b.name });
    expect(await declined).toEqual({ name: b.name, by: a.name, action: 'decline' });
    const cancelled = waitFor(sa, 'friends.changed', (p) => p.action === 'cancel');
    await b.post('/api/friends/request', { name: a.name });
    await b.post('/api/friends/decline', { name: a.name });
    expect(await cancelled).toEqual({ name: b.name, by: b.name, action: 'cancel' });

    await settle();
    expect(seen['friends.changed']).toEqual([]);
  });

  it('a friend sees presence changes; a stranger does not', async () => {
    const me = await newUser(cluster);
    const friend = await newUser(cluster);
    const stranger = await newUser(cluster);
    await befriend(me, friend);
    const sf = await connect(friend, cluster.b);
    const ss = await connect(stranger);
    const strangerSaw = recorder(ss, ['presence']);
    const online = waitFor(sf, 'presence', (p) => p.name === me.name && p.online);
    const mine = await connect(me);
    expect(await online).toMatchObject({ name: me.name, online: true });
    const offline = waitFor(sf, 'presence', (p) => p.name === me.name && !p.online);
    mine.disconnect();
    await offline;
    await settle();
    expect(strangerSaw.presence).toEqual([]);
  });
});

describe('API-key scopes', () => {
  async function keyClient(owner: Client & { name: string }, scopes: string[]): Promise<Client> {
    const res = await owner.post('/api/keys', { name: 'k', scopes });
    expect(res.status).toBe(200);
    const c = new Client(cluster.a);
    c.apiKey = res.body.plaintext;
    return c;
  }

  it('users.read for the user list, friends.read for the list, friends.write for changes', async () => {
    const me = await newUser(cluster);
    const other = await newUser(cluster);
    const reader = await keyClient(me, ['users.read', 'friends.read']);
    expect((await reader.get('/api/users')).status).toBe(200);
    expect((await reader.get('/api/friends')).status).toBe(200);
    const denied = await reader.post('/api/friends/request', { name: other.name });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('api.forbidden');

    const writer = await keyClient(me, ['friends.write']);
    expect((await writer.post('/api/friends/request', { name: other.name })).status).toBe(200);
    expect((await writer.get('/api/friends')).status).toBe(403);
    expect((await writer.get('/api/users')).status).toBe(403);
  });
});
