import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/index.ts';
import { adminClient, Client, newUser, PASSWORD, uniqueName, waitFor } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { befriend, groupWith } from '../helpers/social.ts';
import { uniquePng, uploadSingle } from '../helpers/uploads.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const db = () => cluster.a.app.ctx.db;
const NEW_PASSWORD = 'Reset-pass-77';

async function idOf(name: string): Promise<number | undefined> {
  return (await db().query<{ id: number }>('select id from users where lower(name) = lower($1)', [name]))[0]?.id;
}

/**
 * Every column that holds a user id: the foreign keys to users(id), found in
 * information_schema, plus any `*user_id` column (in case one lacks its key).
 */
async function userIdColumns(): Promise<Array<{ table: string; column: string }>> {
  const rows = await db().query<{ table: string; column: string }>(
    `select kcu.table_name as table, kcu.column_name as column
       from information_schema.referential_constraints rc
       join information_schema.key_column_usage kcu
         on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
       join information_schema.constraint_column_usage ccu
         on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
      where ccu.table_name = 'users' and ccu.column_name = 'id' and kcu.table_schema = current_schema()
     union
     select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and column_name like '%user_id'`,
  );
  return rows;
}

/** Rows per user-id column that reference `id`. */
async function references(id: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { table, column } of await userIdColumns()) {
    const [row] = await db().query<{ n: number }>(`select count(*)::int as n from "${table}" where "${column}" = $1`, [id]);
    out[`${table}.${column}`] = row!.n;
  }
  return out;
}

/** A user with a row in every table that can reference a user (as subject and as actor). */
async function userWithEverything(admin: Client & { name: string }) {
  const u = await newUser(cluster);
  const id = (await idOf(u.name))!;
  await u.post('/api/keys', { name: 'k', scopes: ['profile.read'] });
  const mute = (await admin.post('/api/admin/penalties/add', { user: u.name, action: 'mute', duration: 0 })).body.penalty;
  await u.post('/api/appeal', { penaltyId: mute.id, reason: 'please' });
  // Acting as an administrator too: penalties imposed, appeals handled, announcements, audit entries.
  await admin.post('/api/admin/user/role', { name: u.name, role: 'admin' });
  const asAdmin = new Client(cluster.a);
  await asAdmin.post('/api/login', { username: u.name, password: PASSWORD });
  const victim = await newUser(cluster);
  const p = (await asAdmin.post('/api/admin/penalties/add', { user: victim.name, action: 'warning', duration: 0 })).body.penalty;
  const appeal = (await victim.post('/api/appeal', { penaltyId: p.id, reason: 'x' })).body.id;
  await asAdmin.post('/api/admin/appeals/handle', { id: appeal, approve: false });
  await asAdmin.post('/api/admin/announcements', { title: 'from u' });
  await db().query(`insert into oauth_links (provider, subject, login, user_id, created) values ('github', $1, 'gh', $2, 0)`, [
    `s${id}`,
    id,
  ]);
  await admin.post('/api/admin/user/role', { name: u.name, role: 'user' });
  return { u, id, victim };
}

describe('GET /api/admin/users', () => {
  it('lists name, role, status (banned while a ban is in force) and last_seen; filters and pages', async () => {
    const admin = await adminClient(cluster);
    const tag = uniqueName('lst');
    const a = await newUser(cluster, { name: `${tag}_a` });
    const b = await newUser(cluster, { name: `${tag}_b` });
    await admin.post('/api/admin/penalties/add', { user: b.name, action: 'ban', duration: 3600 });
    const res = await admin.on(cluster.b).get('/api/admin/users', { q: tag });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.users).toEqual([
      { name: a.name, role: 'user', status: 'active', last_seen: expect.any(Number), created: expect.any(Number), avatar: '' },
      { name: b.name, role: 'user', status: 'banned', last_seen: expect.any(Number), created: expect.any(Number), avatar: '' },
    ]);
    expect((await admin.get('/api/admin/users', { q: tag, status: 'banned' })).body.users.map((u: { name: string }) => u.name)).toEqual([b.name]);
    expect((await admin.get('/api/admin/users', { q: tag, status: 'active' })).body.users.map((u: { name: string }) => u.name)).toEqual([a.name]);
    const page = (await admin.get('/api/admin/users', { q: tag, limit: 1, offset: 1 })).body;
    expect(page).toMatchObject({ total: 2, users: [{ name: b.name }] });
    // `_` and `%` are literal in q.
    expect((await admin.get('/api/admin/users', { q: `${tag.slice(0, -1)}%` })).body.users).toEqual([]);
    expect((await admin.get('/api/admin/users', { status: 'gone' })).status).toBe(400);
    expect((await admin.get('/api/admin/users', { limit: 0 })).status).toBe(400);
    expect((await a.get('/api/admin/users')).status).toBe(403);
    expect((await new Client(cluster.a).get('/api/admin/users')).status).toBe(401);
  });
});

describe('user/add', () => {
  it('creates an active account at once; refuses a taken name, a bad name and a weak password', async () => {
    const admin = await adminClient(cluster);
    const name = uniqueName('add');
    expect((await admin.post('/api/admin/user/add', { name, password: PASSWORD })).body).toEqual({ ok: true, name });
    const c = new Client(cluster.b);
    expect((await c.post('/api/login', { username: name, password: PASSWORD })).status).toBe(200);
    const taken = await admin.post('/api/admin/user/add', { name: name.toUpperCase(), password: PASSWORD });
    expect([taken.status, taken.body.error]).toEqual([409, 'api.user.nameTaken']);
    expect((await admin.post('/api/admin/user/add', { name: 'a b', password: PASSWORD })).body.error).toBe('api.register.badName');
    expect((await admin.post('/api/admin/user/add', { name: uniqueName(), password: 'short' })).body.error).toBe('api.register.weakPassword');
    expect((await admin.post('/api/admin/user/add', { name: uniqueName() })).status).toBe(400);
    expect((await c.post('/api/admin/user/add', { name: uniqueName(), password: PASSWORD })).status).toBe(403);
  });
});

describe('user/image', () => {
  it('sets or clears the avatar with an upload path; refuses anything else', async () => {
    const admin = await adminClient(cluster);
    const u = await newUser(cluster);
    await u.on(cluster.b).get('/api/me');
    // An avatar must be an image uploaded here (docs/decisions.md, "Files").
    const image: string = (await uploadSingle(admin, uniquePng(), 'avatar.png')).body.url;
    const missing = await admin.post('/api/admin/user/image', { name: u.name, image: '/uploads/0123456789abcdef0123456789abcdef.png' });
    expect([missing.status, missing.body.error]).toEqual([400, 'api.profile.badAvatar']);
    expect((await admin.post('/api/admin/user/image', { name: u.name, image })).body).toEqual({ ok: true });
    expect((await u.on(cluster.b).get('/api/me')).body.profile.avatar).toBe(image);
    // The administrators' list shows it.
    expect((await admin.get('/api/admin/users', { q: u.name })).body.users[0].avatar).toBe(image);
    const bad = await admin.post('/api/admin/user/image', { name: u.name, image: 'https://evil.example/x.png' });
    expect([bad.status, bad.body.error]).toEqual([400, 'api.profile.badAvatar']);
    expect((await admin.post('/api/admin/user/image', { name: 'nobody_x1', image })).status).toBe(404);
    expect((await admin.post('/api/admin/user/image', { name: u.name, image: '' })).status).toBe(200);
    expect((await u.get('/api/profile')).body.profile.avatar).toBe('');
  });
});

describe('user/rename', () => {
  it('renames in one update: sessions keep working under the new name, sockets end (renamed), references stay put', async () => {
    const admin = await adminClient(cluster);
    const { u, id } = await userWithEverything(admin);
    const before = await references(id);
    expect(Object.values(before).some((n) => n > 0)).toBe(true);
    const socket = await u.socket({ node: cluster.b });
    const out = waitFor(socket, 'logged.out');
    const newName = uniqueName('ren');

    expect((await admin.post('/api/admin/user/rename', { name: u.name, newName })).body).toEqual({ ok: true });

    expect(await out).toEqual({ reason: 'renamed' });
    expect((await u.on(cluster.b).get('/api/me')).body.username).toBe(newName);
    // A new connection carries the new name.
    const again = await u.socket({ node: cluster.b });
    expect((await cluster.b.app.io.local.fetchSockets()).find((s) => s.id === again.id)?.data.name).toBe(newName);
    again.close();
    expect(await idOf(newName)).toBe(id);
    expect(await idOf(u.name)).toBeUndefined();
    expect(await references(id)).toEqual(before);
    expect((await admin.get('/api/admin/penalties', { user: newName })).body.penalties).toHaveLength(1);
    expect((await new Client(cluster.b).post('/api/login', { username: newName, password: PASSWORD })).status).toBe(200);
    expect((await new Client(cluster.b).post('/api/login', { username: u.name, password: PASSWORD })).status).toBe(401);
    socket.close();
  });

  it('400 for a bad name, 404 for an unknown user, 409 for a taken name; a change of case is allowed', async () => {
    const admin = await adminClient(cluster);
    const u = await newUser(cluster);
    const other = await newUser(cluster);
    expect((await admin.post('/api/admin/user/rename', { name: u.name, newName: 'no spaces allowed' })).body.error).toBe('api.register.badName');
    expect((await admin.post('/api/admin/user/rename', { name: u.name, newName: 'x' })).body.error).toBe('api.register.badName');
    expect((await admin.post('/api/admin/user/rename', { name: 'nobody_x2', newName: uniqueName() })).body.error).toBe('api.user.notFound');
    const taken = await admin.post('/api/admin/user/rename', { name: u.name, newName: other.name.toUpperCase() });
    expect([taken.status, taken.body.error]).toEqual([409, 'api.user.nameTaken']);
    expect((await admin.post('/api/admin/user/rename', { name: u.name, newName: u.name.toUpperCase() })).status).toBe(200);
    expect((await u.get('/api/me')).body.username).toBe(u.name.toUpperCase());
  });
});

describe('user/pass', () => {
  it('resets without the old password, sets mustChange, ends every session and socket', async () => {
    const admin = await adminClient(cluster);
    const u = await newUser(cluster);
    const socket = await u.socket({ node: cluster.b });
    const out = waitFor(socket, 'logged.out');
    expect((await admin.post('/api/admin/user/pass', { name: u.name, password: NEW_PASSWORD })).body).toEqual({ ok: true });
    expect(await out).toEqual({ reason: 'password' });
    expect((await u.on(cluster.b).get('/api/me')).status).toBe(401);
    expect((await new Client(cluster.b).post('/api/login', { username: u.name, password: PASSWORD })).status).toBe(401);
    const login = await new Client(cluster.b).post('/api/login', { username: u.name, password: NEW_PASSWORD });
    expect(login.body).toMatchObject({ ok: true, mustChange: true });
    expect((await admin.post('/api/admin/user/pass', { name: u.name, password: 'weak' })).body.error).toBe('api.register.weakPassword');
    expect((await admin.post('/api/admin/user/pass', { name: 'nobody_x3', password: NEW_PASSWORD })).status).toBe(404);
  });
});

describe('user/role', () => {
  it('grants and removes administrator at once on every node', async () => {
    const admin = await adminClient(cluster);
    const u = await newUser(cluster);
    expect((await u.on(cluster.b).get('/api/admin/users')).status).toBe(403);
    const socket = await u.socket({ node: cluster.b });
    const changed = waitFor(socket, 'me.changed');
    expect((await admin.post('/api/admin/user/role', { name: u.name, role: 'admin' })).body).toEqual({ ok: true });
    expect(await changed).toEqual({ name: u.name });
    socket.close();
    expect((await u.on(cluster.b).get('/api/me')).body.role).toBe('admin');
    expect((await u.on(cluster.b).get('/api/admin/users')).status).toBe(200);
    expect((await admin.post('/api/admin/user/role', { name: u.name, role: 'user' })).status).toBe(200);
    expect((await u.on(cluster.b).get('/api/admin/users')).status).toBe(403);
    expect((await admin.post('/api/admin/user/role', { name: u.name, role: 'owner' })).body.error).toBe('api.admin.badRole');
    expect((await admin.post('/api/admin/user/role', { name: 'nobody_x4', role: 'admin' })).status).toBe(404);
  });

  it('the last usable administrator can be neither demoted nor deleted (a banned one does not count)', async () => {
    const admin = await adminClient(cluster);
    // Leave the seeded administrator as the only one.
    const others = await db().query<{ name: string }>("select name from users where role = 'admin' and name <> $1", [admin.name]);
    for (const o of others) await admin.post('/api/admin/user/role', { name: o.name, role: 'user' });

    const demote = await admin.post('/api/admin/user/role', { name: admin.name, role: 'user' });
    expect([demote.status, demote.body.error]).toEqual([409, 'api.admin.lastAdmin']);
    const del = await admin.post('/api/admin/user/del', { name: admin.name });
    expect([del.status, del.body.error]).toEqual([409, 'api.admin.lastAdmin']);

    const banned = await newUser(cluster);
    await admin.post('/api/admin/user/role', { name: banned.name, role: 'admin' });
    await admin.post('/api/admin/penalties/add', { user: banned.name, action: 'ban', duration: 0 });
    expect((await admin.post('/api/admin/user/role', { name: admin.name, role: 'user' })).body.error).toBe('api.admin.lastAdmin');

    const second = await newUser(cluster);
    await admin.post('/api/admin/user/role', { name: second.name, role: 'admin' });
    expect((await admin.post('/api/admin/user/role', { name: admin.name, role: 'user' })).status).toBe(200);
    const secondAdmin = new Client(cluster.b);
    await secondAdmin.post('/api/login', { username: second.name, password: PASSWORD });
    expect((await secondAdmin.post('/api/admin/user/role', { name: second.name, role: 'user' })).body.error).toBe('api.admin.lastAdmin');
    expect((await secondAdmin.post('/api/admin/user/role', { name: admin.name, role: 'admin' })).status).toBe(200);
    expect((await secondAdmin.post('/api/admin/user/role', { name: second.name, role: 'user' })).status).toBe(200);
  });
});

describe('user/del', () => {
  it('deletes in one transaction: no row references the user afterwards; sockets on every node are told', async () => {
    const admin = await adminClient(cluster);
    const { u, id, victim } = await userWithEverything(admin);
    expect(Object.values(await references(id)).some((n) => n > 0)).toBe(true);
    const socket = await u.socket({ node: cluster.b });
    const out = waitFor(socket, 'logged.out');

    expect((await admin.post('/api/admin/user/del', { name: u.name })).body).toEqual({ ok: true });

    expect(await out).toEqual({ reason: 'deleted' });
    expect(await references(id)).toEqual(Object.fromEntries(Object.keys(await references(id)).map((k) => [k, 0])));
    expect(await idOf(u.name)).toBeUndefined();
    expect((await u.on(cluster.b).get('/api/me')).status).toBe(401);
    expect((await new Client(cluster.b).post('/api/login', { username: u.name, password: PASSWORD })).status).toBe(401);
    // What the user did as an administrator survives, under the name they had.
    const history = (await victim.get('/api/me/penalties')).body.penalties;
    expect(history[0].actor).toBe(u.name);
    expect((await admin.post('/api/admin/user/del', { name: u.name })).status).toBe(404);
  });

  it('runs the beforeUserDelete hooks inside the transaction, their after-commit work after it; a failing hook aborts', async () => {
    const admin = await adminClient(cluster);
    const hooks = cluster.a.app.ctx.hooks.beforeUserDelete;
    const seen: string[] = [];
    const hook = async (q: Queryable, userId: number) => {
      const rows = await q.query('select 1 from users where id = $1', [userId]);
      seen.push(`in tx, row present: ${rows.length === 1}`);
      return () => {
        seen.push('after commit');
      };
    };
    hooks.push(hook);
    try {
      const u = await newUser(cluster);
      await admin.post('/api/admin/user/del', { name: u.name });
      expect(seen).toEqual(['in tx, row present: true', 'after commit']);

      const failing = async () => {
        throw new Error('cannot move the groups');
      };
      hooks.push(failing);
      const kept = await newUser(cluster);
      expect((await admin.post('/api/admin/user/del', { name: kept.name })).status).toBe(500);
      expect(await idOf(kept.name)).toBeDefined();
      hooks.splice(hooks.indexOf(failing), 1);
    } finally {
      hooks.splice(hooks.indexOf(hook), 1);
    }
  });

  it('tells the social graph: owned groups pass to the oldest admin or member (or go when empty), other groups lose the member, friends and requesters drop them', async () => {
    const admin = await adminClient(cluster);
    const u = await newUser(cluster);
    const id = (await idOf(u.name))!;
    const member = await newUser(cluster);
    const owner = await newUser(cluster);
    const friend = await newUser(cluster);
    const requester = await newUser(cluster);
    const older = await newUser(cluster);
    const owned = await groupWith(u, { members: [older, member] });
    // The group admin wins over an older plain member.
    await u.post('/api/groups/member/role', { gid: owned, name: member.name, role: 'admin' });
    const lonely = await groupWith(u);
    const joined = await groupWith(owner, { members: [u] });
    await befriend(u, friend);
    expect((await requester.post('/api/friends/request', { name: u.name })).status).toBe(200);
    const sm = await member.socket({ node: cluster.b });
    const so = await owner.socket({ node: cluster.b });
    const sf = await friend.socket({ node: cluster.b });
    const sr = await requester.socket({ node: cluster.b });
    const transferred = waitFor(sm, 'groups.changed', (p: { gid: string; action: string }) => p.gid === owned && p.action === 'transfer');
    const removed = waitFor(so, 'group.members', (p: { gid: string }) => p.gid === joined);
    const unfriended = waitFor(sf, 'friends.changed');
    const dropped = waitFor(sr, 'friends.changed');

    expect((await admin.post('/api/admin/user/del', { name: u.name })).body).toEqual({ ok: true });

    expect(await transferred).toEqual({ gid: owned, action: 'transfer' });
    expect(await removed).toEqual({ gid: joined, name: u.name, action: 'remove' });
    expect(await unfriended).toEqual({ name: u.name, by: u.name, action: 'remove' });
    expect(await dropped).toEqual({ name: u.name, by: u.name, action: 'remove' });
    expect(Object.values(await references(id)).every((n) => n === 0)).toBe(true);
    const ownedNow = (await member.get('/api/groups')).body.groups.find((g: { gid: string }) => g.gid === owned);
    expect(ownedNow.owner).toBe(member.name);
    const roles = (await older.get('/api/groups/members', { gid: owned })).body.members.map((m: { name: string; role: string }) => [m.name, m.role]);
    expect(roles.sort()).toEqual([[member.name, 'owner'], [older.name, 'member']].sort());
    expect(await cluster.a.app.ctx.db.query('select 1 from groups where gid = $1', [lonely])).toEqual([]);
    const members = (await owner.get('/api/groups/members', { gid: joined })).body.members.map((m: { name: string }) => m.name);
    expect(members).toEqual([owner.name]);
    expect((await friend.get('/api/friends')).body.users).toEqual([]);
    expect((await requester.get('/api/friends')).body.sent).toEqual([]);
    for (const s of [sm, so, sf, sr]) s.close();
  });

  it('deleting a user lifts their ip ban (their penalties go with them)', async () => {
    const admin = await adminClient(cluster);
    const u = await newUser(cluster);
    const from = new Client(cluster.b);
    from.ip = u.ip;
    await admin.post('/api/admin/penalties/add', { user: u.name, action: 'ipban', duration: 0 });
    expect((await from.get('/api/health')).status).toBe(403);
    await admin.post('/api/admin/user/del', { name: u.name });
    expect((await from.get('/api/health')).status).toBe(200);
  });

  it('the message counters of a deleted user\'s direct rooms and of a dissolved group go with them', async () => {
    const admin = await adminClient(cluster);
    const [ann, bob] = [await newUser(cluster), await newUser(cluster)];
    await befriend(ann, bob);
    const gid = await groupWith(ann, { members: [bob] });
    const socket = await bob.socket({ node: cluster.a });
    for (const to of [{ dm: ann.name }, { gid }]) {
      const ack = await new Promise<{ ok: boolean }>((resolve) => socket.emit('msg', { ...to, type: 'text', content: 'hi' }, resolve));
      expect(ack.ok).toBe(true);
    }
    socket.close();
    const [annId, bobId] = [(await idOf(ann.name))!, (await idOf(bob.name))!];
    const direct = annId < bobId ? `d:${annId}:${bobId}` : `d:${bobId}:${annId}`;
    const counters = async () => (await db().query<{ room: string }>('select room from room_seq where room = any($1)', [[direct, `g:${gid}`]])).map((r) => r.room).sort();
    expect(await counters()).toEqual([direct, `g:${gid}`].sort());
    expect((await admin.post('/api/admin/user/del', { name: bob.name })).body).toEqual({ ok: true });
    expect(await counters()).toEqual([`g:${gid}`]);
    expect((await ann.del('/api/groups', { gid })).status).toBe(200);
    expect(await counters()).toEqual([]);
  });
});
