import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, newUser, PASSWORD, uniqueName } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { uniquePng, uploadSingle } from '../helpers/uploads.ts';

let cluster: TestCluster;
let admin: Client & { name: string };
let setupIp: string;

beforeAll(async () => {
  // No seeded administrator: the first one comes from /api/setup, which is audited too.
  cluster = await startCluster({ seedAdmin: false });
  const c = new Client(cluster.a);
  setupIp = c.ip;
  const res = await c.post('/api/setup', { name: cluster.admin.name, password: cluster.admin.password });
  if (res.status !== 200) throw new Error(`setup failed: ${JSON.stringify(res.body)}`);
  admin = await adminClient(cluster);
});
afterAll(() => cluster?.close());

interface Entry {
  actor: string;
  action: string;
  target: string;
  detail: string;
  ip: string;
  ts: number;
}

async function logs(query: Record<string, string | number>): Promise<{ logs: Entry[]; total: number; capacity: number }> {
  const res = await admin.on(cluster.b).get('/api/admin/logs', query);
  expect(res.status).toBe(200);
  return res.body;
}

/** The newest entry of `action` about `target`, its detail parsed. */
async function latest(action: string, target: string) {
  const { logs: found } = await logs({ action, target, pageSize: 1 });
  expect(found, `no ${action} entry about ${target}`).toHaveLength(1);
  const entry = found[0]!;
  return { ...entry, parsed: JSON.parse(entry.detail) as { k: string; v: Record<string, unknown> } };
}

const totp = (secret: string) => generate({ secret, epoch: Math.floor(cluster.clock.now() / 1000) });

describe('what is recorded', () => {
  it('setup', async () => {
    const e = await latest('setup', cluster.admin.name);
    expect(e).toMatchObject({ actor: cluster.admin.name, ip: setupIp, parsed: { k: 'api.audit.setup', v: { user: cluster.admin.name } } });
    expect(e.ts).toBeGreaterThan(0);
  });

  it('logins, failures (known and unknown names), refusals and lockouts', async () => {
    const u = await newUser(cluster);
    const ok = await latest('login', u.name);
    expect(ok).toMatchObject({ actor: u.name, ip: u.ip, parsed: { k: 'api.audit.login', v: { via: 'password' } } });

    const c = new Client(cluster.a);
    await c.post('/api/login', { username: u.name, password: 'Wrong-pass-1' });
    expect(await latest('login.fail', u.name)).toMatchObject({ actor: u.name, ip: c.ip, parsed: { v: { step: 'password' } } });
    const ghost = uniqueName('ghost');
    await c.post('/api/login', { username: ghost, password: 'Wrong-pass-1' });
    expect(await latest('login.fail', ghost)).toMatchObject({ actor: ghost, ip: c.ip });
    for (let i = 0; i < 3; i++) await c.post('/api/login', { username: ghost, password: 'Wrong-pass-1' });
    expect(await latest('login.lock', c.ip)).toMatchObject({ ip: c.ip, parsed: { k: 'api.audit.loginLock', v: { ip: c.ip } } });

    await admin.post('/api/admin/penalties/add', { user: u.name, action: 'ban', duration: 60 });
    await new Client(cluster.b).post('/api/login', { username: u.name, password: PASSWORD });
    expect(await latest('login.refused', u.name)).toMatchObject({ parsed: { v: { reason: 'api.login.banned', via: 'password' } } });
  });

  it('password change and 2FA switches', async () => {
    const u = await newUser(cluster);
    await u.post('/api/pass', { oldPassword: PASSWORD, newPassword: 'Another-pass-9' });
    expect(await latest('password.change', u.name)).toMatchObject({ actor: u.name, ip: u.ip });
    const { secret } = (await u.post('/api/twofa/setup')).body;
    expect((await u.post('/api/twofa/enable', { code: await totp(secret) })).status).toBe(200);
    expect(await latest('twofa.enable', u.name)).toMatchObject({ actor: u.name, parsed: { k: 'api.audit.twofaEnable' } });
    cluster.clock.advance(30_000);
    expect((await u.post('/api/twofa/disable', { code: await totp(secret) })).status).toBe(200);
    expect(await latest('twofa.disable', u.name)).toMatchObject({ actor: u.name, parsed: { k: 'api.audit.twofaDisable' } });
  });

  it('API key changes', async () => {
    const u = await newUser(cluster);
    const { key } = (await u.post('/api/keys', { name: 'deploy', scopes: ['profile.read'] })).body;
    expect(await latest('key.create', u.name)).toMatchObject({ parsed: { k: 'api.audit.keyCreate', v: { id: key.id, name: 'deploy', prefix: key.prefix } } });
    await u.post('/api/keys/update', { id: key.id, name: 'deploy2', revoked: true });
    expect(await latest('key.update', u.name)).toMatchObject({ parsed: { v: { name: 'deploy2' } } });
    await u.post('/api/keys/delete', { id: key.id });
    expect(await latest('key.delete', u.name)).toMatchObject({ actor: u.name, ip: u.ip });
  });

  it('review, user management, penalties, appeals and announcements', async () => {
    const pendingName = uniqueName('pend');
    await cluster.a.app.services.auth.createAccount({ name: pendingName, password: PASSWORD, role: 'user', status: 'pending' });
    await admin.post('/api/admin/review/approve', { name: pendingName });
    expect(await latest('review.approve', pendingName)).toMatchObject({ actor: admin.name, ip: admin.ip });
    const rejected = uniqueName('rej');
    await cluster.a.app.services.auth.createAccount({ name: rejected, password: PASSWORD, role: 'user', status: 'pending' });
    await admin.post('/api/admin/review/reject', { name: rejected });
    expect(await latest('review.reject', rejected)).toMatchObject({ parsed: { k: 'api.audit.reviewReject' } });

    const name = uniqueName('mgd');
    await admin.post('/api/admin/user/add', { name, password: PASSWORD });
    expect(await latest('user.add', name)).toMatchObject({ actor: admin.name });
    // An avatar must be an image uploaded here (docs/decisions.md, "Files").
    const image: string = (await uploadSingle(admin, uniquePng(), 'avatar.png')).body.url;
    expect((await admin.post('/api/admin/user/image', { name, image })).status).toBe(200);
    expect(await latest('user.image', name)).toMatchObject({ parsed: { v: { image } } });
    await admin.post('/api/admin/user/pass', { name, password: 'Reset-pass-77' });
    expect(await latest('user.pass', name)).toMatchObject({ parsed: { k: 'api.audit.userPass' } });
    await admin.post('/api/admin/user/role', { name, role: 'admin' });
    expect(await latest('user.role', name)).toMatchObject({ parsed: { v: { role: 'admin' } } });
    await admin.post('/api/admin/user/role', { name, role: 'user' });
    const renamed = uniqueName('rn');
    await admin.post('/api/admin/user/rename', { name, newName: renamed });
    expect(await latest('user.rename', name)).toMatchObject({ parsed: { v: { user: name, newName: renamed } } });

    const { penalty } = (await admin.post('/api/admin/penalties/add', { user: renamed, action: 'mute', duration: 60, reason: 'r' })).body;
    expect(await latest('penalty.add', renamed)).toMatchObject({ parsed: { k: 'api.audit.penaltyAdd', v: { id: penalty.id, action: 'mute', duration: 60 } } });
    const asUser = new Client(cluster.a);
    await asUser.post('/api/login', { username: renamed, password: 'Reset-pass-77' });
    const appeal = (await asUser.post('/api/appeal', { penaltyId: penalty.id, reason: 'sorry' })).body.id;
    await admin.post('/api/admin/appeals/handle', { id: appeal, approve: true });
    expect(await latest('appeal.approve', renamed)).toMatchObject({ parsed: { v: { id: appeal, penalty: penalty.id } } });
    // Approving revoked the penalty, in the same transaction, audited too.
    expect(await latest('penalty.revoke', renamed)).toMatchObject({ parsed: { v: { id: penalty.id } } });
    const second = (await admin.post('/api/admin/penalties/add', { user: renamed, action: 'warning', duration: 0 })).body.penalty;
    const appeal2 = (await asUser.post('/api/appeal', { penaltyId: second.id, reason: 'no' })).body.id;
    await admin.post('/api/admin/appeals/handle', { id: appeal2, approve: false });
    expect(await latest('appeal.reject', renamed)).toMatchObject({ parsed: { v: { id: appeal2 } } });

    await admin.post('/api/admin/user/del', { name: renamed });
    expect(await latest('user.del', renamed)).toMatchObject({ actor: admin.name });

    const { id } = (await admin.post('/api/admin/announcements', { title: 'Audited' })).body;
    expect(await latest('announcement.add', String(id))).toMatchObject({ parsed: { v: { title: 'Audited' } } });
    await admin.del('/api/admin/announcements', { id });
    expect(await latest('announcement.delete', String(id))).toMatchObject({ actor: admin.name });
  });

  it('OAuth configuration (the secret never appears in the log)', async () => {
    // No OAUTH_SECRET_KEY is set: cluster nodes cannot store a secret, embedded mode generated a key and can.
    const withSecret = await admin.post('/api/admin/oauth', { clientId: 'abc', clientSecret: 'top-secret-value' });
    if (cluster.mode === 'cluster') expect([withSecret.status, withSecret.body.error]).toEqual([400, 'api.oauth.noSecretKey']);
    else expect(withSecret.status).toBe(200);
    expect((await admin.post('/api/admin/oauth', { clientId: 'abc' })).status).toBe(200);
    const e = await latest('oauth.config', 'github');
    expect(e.parsed.v).toEqual({ provider: 'github', clientId: 'abc', secretChanged: false });
    expect(JSON.stringify(await logs({ pageSize: 200 }))).not.toContain('top-secret-value');
  });

  it('group management by owners and group admins; members\' own comings and goings stay in the group log', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster);
    const created = await owner.post('/api/groups', { name: 'Audited club', joinMode: 'review' });
    expect(created.status).toBe(200);
    const { gid } = created.body;
    expect(await latest('group.create', gid)).toMatchObject({
      actor: owner.name,
      ip: owner.ip,
      parsed: { k: 'api.audit.group', v: { gid, group: 'Audited club', op: 'create' } },
    });
    expect((await member.post('/api/groups/request', { gid })).status).toBe(200);
    expect((await owner.post('/api/groups/request/approve', { gid, name: member.name })).status).toBe(200);
    expect(await latest('group.request.approve', gid)).toMatchObject({ parsed: { v: { op: 'request.approve', member: member.name } } });
    const steps: Array<[path: string, body: Record<string, unknown>, action: string, member?: string]> = [
      ['/api/groups/rename', { gid, name: 'Renamed club' }, 'group.rename'],
      ['/api/groups/announce', { gid, announce: 'x'.repeat(500) }, 'group.announce'],
      ['/api/groups/muteall', { gid, val: true }, 'group.muteAll'],
      ['/api/groups/member/role', { gid, name: member.name, role: 'admin' }, 'group.role', member.name],
      ['/api/groups/member/role', { gid, name: member.name, role: 'member' }, 'group.role', member.name],
      ['/api/groups/member/mute', { gid, name: member.name, muted: true }, 'group.mute', member.name],
      ['/api/groups/members/remove', { gid, name: member.name }, 'group.remove', member.name],
    ];
    for (const [path, body, action, who] of steps) {
      const res = await owner.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
      const e = await latest(action, gid);
      expect(e).toMatchObject({ actor: owner.name, ip: owner.ip, parsed: { k: 'api.audit.group', v: { gid } } });
      if (who) expect(e.parsed.v.member).toBe(who);
      // The announcement text itself is not copied into the log.
      expect(e.detail.length).toBeLessThanOrEqual(300);
    }
    expect((await owner.del('/api/groups', { gid })).status).toBe(200);
    expect(await latest('group.dissolve', gid)).toMatchObject({ actor: owner.name, parsed: { v: { group: 'Renamed club' } } });
    // Requests and joins are the members' own business: not in the audit log.
    const { logs: own } = await logs({ target: gid, action: 'group.request', pageSize: 10 });
    expect(own).toEqual([]);
    const all = (await logs({ target: gid, pageSize: 100 })).logs.map((e) => e.action);
    expect(all.every((a) => a.startsWith('group.'))).toBe(true);
    expect(all).not.toContain('group.join');
  });

  it('an over-long detail is cut to 300 characters, keeping its key', async () => {
    const u = await newUser(cluster);
    await admin.post('/api/admin/penalties/add', { user: u.name, action: 'warning', duration: 0, reason: `${'é'.repeat(400)}\u{1F600}`.slice(0, 500) });
    const e = await latest('penalty.add', u.name);
    expect(e.detail.length).toBeLessThanOrEqual(300);
    expect(e.parsed.k).toBe('api.audit.penaltyAdd');
    expect(String(e.parsed.v.reason)).toMatch(/^é+…$/);
    expect(e.parsed.v.user).toBe(u.name);
  });
});

describe('GET /api/admin/logs', () => {
  it('filters by actor, action, target, action prefix and excluded actions; pages newest first', async () => {
    const u = await newUser(cluster);
    await u.post('/api/keys', { name: 'one', scopes: ['profile.read'] });
    await u.post('/api/keys', { name: 'two', scopes: ['profile.read'] });
    const mine = await logs({ actor: u.name.toUpperCase() });
    expect(mine.logs.map((e) => e.action)).toEqual(['key.create', 'key.create', 'login']);
    expect(mine.total).toBe(3);
    expect(mine.capacity).toBe(5000);
    expect(mine.logs[0]!.ts).toBeGreaterThanOrEqual(mine.logs[1]!.ts);
    expect((await logs({ actor: u.name, actionPrefix: 'key.' })).total).toBe(2);
    expect((await logs({ actor: u.name, excludeActions: 'key.create,key.delete' })).logs.map((e) => e.action)).toEqual(['login']);
    const repeated = await admin.on(cluster.b).request('GET', `/api/admin/logs?actor=${u.name}&excludeActions=login&excludeActions=key.update`);
    expect(repeated.body.total).toBe(2);
    const page2 = await logs({ actor: u.name, page: 2, pageSize: 2 });
    expect(page2.logs.map((e) => e.action)).toEqual(['login']);
    expect((await logs({ actor: u.name, page: 9, pageSize: 2 })).logs).toEqual([]);
    expect((await logs({ actor: u.name, page: 9, pageSize: 2 })).total).toBe(3);
    expect((await logs({ target: u.name, action: 'login' })).total).toBe(1);
  });

  it('refuses bad paging with 400, non-administrators with 403, no login with 401', async () => {
    const u = await newUser(cluster);
    expect((await admin.get('/api/admin/logs', { page: 0 })).status).toBe(400);
    expect((await admin.get('/api/admin/logs', { pageSize: 201 })).status).toBe(400);
    expect((await u.get('/api/admin/logs')).status).toBe(403);
    expect((await new Client(cluster.a).get('/api/admin/logs')).status).toBe(401);
  });

  it('keeps 5000 entries: the oldest are trimmed in batches, and never shown beyond the capacity', async () => {
    const db = cluster.a.app.ctx.db;
    const [{ first }] = (await db.query<{ first: number }>(
      `with ins as (
         insert into audit_log (actor, action, detail, ts)
         select 'bulk', 'bulk.fill', '{"k":"api.audit.login","v":{}}', g from generate_series(1, 6000) g
         returning id)
       select min(id)::int as first from ins`,
    )) as [{ first: number }];
    const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from audit_log'))[0]!.n;
    expect(await count()).toBeGreaterThan(6000);
    // Beyond the capacity nothing is shown, even before the trim.
    expect((await logs({})).total).toBe(5000);

    // Every hundredth insert trims: a hundred audited actions are sure to pass one.
    for (let i = 0; i < 100; i++) await admin.post('/api/admin/announcements', { title: `fill ${i}` });
    expect(await count()).toBeLessThanOrEqual(5100);
    const [{ oldest }] = (await db.query<{ oldest: number }>('select min(id)::int as oldest from audit_log')) as [{ oldest: number }];
    expect(oldest).toBeGreaterThan(first + 1000);
    expect((await logs({ action: 'announcement.add', pageSize: 1 })).logs[0]!.detail).toContain('fill 99');

    expect(await cluster.b.app.services.audit.trim()).toBeGreaterThanOrEqual(0);
    expect(await count()).toBe(5000);
    expect((await logs({})).total).toBe(5000);
  });
});
