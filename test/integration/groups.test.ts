import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../../src/realtime/rooms.ts';
import { adminClient, Client, newUser, uniqueName, waitFor, trackSockets } from '../helpers/client.ts';
import { startCluster, type TestCluster, } from '../helpers/server.ts';
import { createGroup, groupWith, recorder, settle, statementsOf } from '../helpers/social.ts';

type User = Client & { name: string };

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const connect = trackSockets();

const GID_RE = /^[0-9a-f]{16}$/;
const names = (list: Array<{ name: string }>) => list.map((x) => x.name);
const myGroup = async (u: Client, gid: string) => (await u.get('/api/groups')).body.groups.find((g: { gid: string }) => g.gid === gid);
/** Sockets in a group's room, across every node. */
const roomSockets = async (gid: string) => (await cluster.a.app.io.in(rooms.group(gid)).fetchSockets()).length;

const ENDPOINTS: Array<[method: 'GET' | 'POST' | 'DELETE', path: string]> = [
  ['GET', '/api/groups'],
  ['POST', '/api/groups'],
  ['DELETE', '/api/groups'],
  ['GET', '/api/groups/members'],
  ['POST', '/api/groups/join'],
  ['POST', '/api/groups/leave'],
  ['POST', '/api/groups/rename'],
  ['POST', '/api/groups/avatar'],
  ['POST', '/api/groups/announce'],
  ['GET', '/api/groups/search'],
  ['GET', '/api/groups/all'],
  ['POST', '/api/groups/request'],
  ['GET', '/api/groups/manage'],
  ['GET', '/api/groups/logs'],
  ['POST', '/api/groups/request/approve'],
  ['POST', '/api/groups/request/reject'],
  ['POST', '/api/groups/members/remove'],
  ['POST', '/api/groups/transfer'],
  ['POST', '/api/groups/member/nickname'],
  ['POST', '/api/groups/member/role'],
  ['POST', '/api/groups/member/mute'],
  ['POST', '/api/groups/muteall'],
  ['POST', '/api/groups/invite/setting'],
  ['POST', '/api/groups/invite'],
  ['GET', '/api/groups/invites'],
  ['POST', '/api/groups/invite/approve'],
  ['POST', '/api/groups/invite/reject'],
  ['POST', '/api/groups/invite/accept'],
  ['POST', '/api/groups/remark'],
  ['GET', '/api/groups/remark'],
];

describe('every endpoint', () => {
  it.each(ENDPOINTS)('%s %s is 401 without a session', async (method, path) => {
    const res = await new Client(cluster.a).request(method, path, method === 'GET' ? undefined : {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ ok: false, error: 'api.unauthorized' });
  });

  // Every endpoint but the four lists that need no field.
  const NO_FIELDS = ['GET /api/groups', 'GET /api/groups/invites', 'GET /api/groups/search', 'GET /api/groups/all'];
  it.each(ENDPOINTS.filter(([method, path]) => !NO_FIELDS.includes(`${method} ${path}`)))(
    '%s %s is 400 when its fields are missing',
    async (method, path) => {
      const u = await sharedUser();
      const res = await u.request(method, path, method === 'GET' ? undefined : {});
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.ok).toBe(false);
    },
  );
});

let shared: User | undefined;
const sharedUser = async () => {
  shared ??= await newUser(cluster);
  return shared;
};

describe('creating groups', () => {
  it('makes the caller the owner of a new group with a 16-hex gid, open by default', async () => {
    const owner = await newUser(cluster);
    const res = await owner.post('/api/groups', { name: '  Book club  ', desc: 'We read' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, gid: expect.stringMatching(GID_RE), name: 'Book club' });
    const g = await myGroup(owner, res.body.gid);
    expect(g).toMatchObject({
      gid: res.body.gid,
      name: 'Book club',
      owner: owner.name,
      announce: '',
      avatar: '',
      desc: 'We read',
      joinMode: 'open',
      muteAll: false,
      memberInviteApprove: false,
      role: 'owner',
      remark: '',
      memberCount: 1,
    });
    const members = (await owner.get('/api/groups/members', { gid: res.body.gid })).body.members;
    expect(members).toEqual([
      { name: owner.name, online: false, role: 'owner', image: '', nickname: '', muted: false, joined: expect.any(Number) },
    ]);
  });

  it('takes names of 1–32 characters in any script; anything else is 400 api.group.badName', async () => {
    const owner = await newUser(cluster);
    for (const name of ['読書会', 'a', '🙂'.repeat(32), 'Клуб любителей']) {
      expect((await owner.post('/api/groups', { name })).status, name).toBe(200);
    }
    for (const name of ['', '   ', 'x'.repeat(33), 'tab\there', 5, null]) {
      const res = await owner.post('/api/groups', { name });
      expect(res.status, String(name)).toBe(400);
      expect(res.body).toEqual({ ok: false, error: 'api.group.badName', field: 'name' });
    }
  });

  it('refuses a bad join mode (400), an over-long description (413), and anonymous callers (401)', async () => {
    const owner = await newUser(cluster);
    expect((await owner.post('/api/groups', { name: 'g', joinMode: 'secret' })).status).toBe(400);
    expect((await owner.post('/api/groups', { name: 'g', desc: 'd'.repeat(501) })).status).toBe(413);
    expect((await new Client(cluster.a).post('/api/groups', { name: 'g' })).status).toBe(401);
    const review = await createGroup(owner, { joinMode: 'review' });
    expect((await myGroup(owner, review)).joinMode).toBe('review');
  });
});

describe('joining and leaving', () => {
  it('anyone may join an open group; the second time is 409', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const gid = await createGroup(owner);
    expect((await u.post('/api/groups/join', { gid: gid.toUpperCase() })).body).toEqual({ ok: true });
    expect((await myGroup(u, gid)).role).toBe('member');
    const again = await u.post('/api/groups/join', { gid });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('api.group.alreadyMember');
  });

  it('a review group refuses joins with 403; unknown groups are 404; malformed gids 400', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const gid = await createGroup(owner, { joinMode: 'review' });
    const res = await u.post('/api/groups/join', { gid });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('api.group.needsReview');
    const unknown = await u.post('/api/groups/join', { gid: '0123456789abcdef' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('api.group.notFound');
    for (const bad of ['xyz', '0123456789abcdeg', '', 12]) expect((await u.post('/api/groups/join', { gid: bad })).status).toBe(400);
    expect((await u.post('/api/groups/join', {})).status).toBe(400);
  });

  it('members leave; the owner cannot (409); outsiders get 403', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner, { members: [u] });
    await u.post('/api/groups/remark', { gid, remark: 'mine' });
    expect((await u.post('/api/groups/leave', { gid })).body).toEqual({ ok: true });
    expect(names((await owner.get('/api/groups/members', { gid })).body.members)).toEqual([owner.name]);
    expect(await myGroup(u, gid)).toBeUndefined();
    const ownerLeave = await owner.post('/api/groups/leave', { gid });
    expect(ownerLeave.status).toBe(409);
    expect(ownerLeave.body.error).toBe('api.group.ownerLeave');
    const notIn = await outsider.post('/api/groups/leave', { gid });
    expect(notIn.status).toBe(403);
    expect(notIn.body.error).toBe('api.group.noView');
    // Leaving forgets the private remark.
    await u.post('/api/groups/join', { gid });
    expect((await u.get('/api/groups/remark', { gid })).body.remark).toBe('');
  });
});

describe('group settings', () => {
  it('rename, announce and avatar change what members see', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const gid = await groupWith(owner, { members: [u] });
    expect((await owner.post('/api/groups/rename', { gid, name: 'Renamed' })).body).toEqual({ ok: true });
    expect((await owner.post('/api/groups/announce', { gid, announce: 'Meeting at 5' })).body).toEqual({ ok: true });
    expect((await owner.post('/api/groups/avatar', { gid, avatar: 'https://img.example.com/g.png' })).body).toEqual({ ok: true });
    expect(await myGroup(u, gid)).toMatchObject({ name: 'Renamed', announce: 'Meeting at 5', avatar: 'https://img.example.com/g.png' });
    await owner.post('/api/groups/avatar', { gid, avatar: '' });
    expect((await myGroup(u, gid)).avatar).toBe('');
  });

  it('an announcement over 500 characters is 413; exactly 500 (counted as characters) is fine', async () => {
    const owner = await newUser(cluster);
    const gid = await createGroup(owner);
    expect((await owner.post('/api/groups/announce', { gid, announce: '公'.repeat(500) })).status).toBe(200);
    expect((await owner.post('/api/groups/announce', { gid, announce: '🙂'.repeat(500) })).status).toBe(200);
    const big = await owner.post('/api/groups/announce', { gid, announce: 'a'.repeat(501) });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('api.tooLarge');
    expect((await owner.post('/api/groups/announce', { gid })).status).toBe(400);
  });

  it('an avatar must be an http(s) URL (400 api.group.badAvatar)', async () => {
    const owner = await newUser(cluster);
    const gid = await createGroup(owner);
    for (const avatar of ['http://x.example/a.png', 'HTTPS://x.example/a.png']) {
      expect((await owner.post('/api/groups/avatar', { gid, avatar })).status, avatar).toBe(200);
    }
    for (const avatar of ['ftp://x.example/a.png', '/uploads/abcdef0123.png', 'javascript:alert(1)', 'https://', 'x']) {
      const res = await owner.post('/api/groups/avatar', { gid, avatar });
      expect(res.status, avatar).toBe(400);
      expect(res.body.error).toBe('api.group.badAvatar');
    }
    expect((await owner.post('/api/groups/avatar', { gid, avatar: `https://x.example/${'a'.repeat(500)}` })).status).toBe(413);
  });

  it('mute-all, member-invite approval and the join mode are stored on the group', async () => {
    const owner = await newUser(cluster);
    const gid = await createGroup(owner);
    await owner.post('/api/groups/muteall', { gid, val: true });
    await owner.post('/api/groups/invite/setting', { gid, memberInviteApprove: true });
    expect(await myGroup(owner, gid)).toMatchObject({ muteAll: true, memberInviteApprove: true, joinMode: 'open' });
    await owner.post('/api/groups/invite/setting', { gid, joinMode: 'review' });
    expect(await myGroup(owner, gid)).toMatchObject({ memberInviteApprove: true, joinMode: 'review' });
    for (const body of [{ gid }, { gid, memberInviteApprove: 'yes' }, { gid, joinMode: 'closed' }]) {
      expect((await owner.post('/api/groups/invite/setting', body)).status).toBe(400);
    }
    expect((await owner.post('/api/groups/muteall', { gid, val: 1 })).status).toBe(400);
  });
});

describe('roles, transfer, removal and muting', () => {
  it('the owner promotes and demotes; the owner role cannot change (400); non-members are 404', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner, { members: [u] });
    await owner.post('/api/groups/member/role', { gid, name: u.name, role: 'admin' });
    expect((await myGroup(u, gid)).role).toBe('admin');
    await owner.post('/api/groups/member/role', { gid, name: u.name, role: 'member' });
    expect((await myGroup(u, gid)).role).toBe('member');
    const ownerRole = await owner.post('/api/groups/member/role', { gid, name: owner.name, role: 'member' });
    expect(ownerRole.status).toBe(400);
    expect(ownerRole.body.error).toBe('api.group.ownerRole');
    expect((await owner.post('/api/groups/member/role', { gid, name: u.name, role: 'owner' })).status).toBe(400);
    const notMember = await owner.post('/api/groups/member/role', { gid, name: outsider.name, role: 'admin' });
    expect(notMember.status).toBe(404);
    expect(notMember.body.error).toBe('api.group.notMember');
    const ghost = await owner.post('/api/groups/member/role', { gid, name: uniqueName('ghost'), role: 'admin' });
    expect(ghost.status).toBe(404);
    expect(ghost.body.error).toBe('api.user.notFound');
  });

  it('transfer goes to members only (400); the old owner stays as an admin and may then leave', async () => {
    const owner = await newUser(cluster);
    const heir = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner, { members: [heir] });
    const refused = await owner.post('/api/groups/transfer', { gid, name: outsider.name });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('api.group.transferNonMember');
    expect((await owner.post('/api/groups/transfer', { gid, name: uniqueName('ghost') })).status).toBe(404);
    expect((await owner.post('/api/groups/transfer', { gid, name: owner.name })).body.error).toBe('api.group.alreadyOwner');
    expect((await owner.post('/api/groups/transfer', { gid, name: heir.name })).body).toEqual({ ok: true });
    expect(await myGroup(heir, gid)).toMatchObject({ owner: heir.name, role: 'owner' });
    expect((await myGroup(owner, gid)).role).toBe('admin');
    expect((await owner.post('/api/groups/rename', { gid, name: 'x' })).status).toBe(403);
    expect((await owner.post('/api/groups/leave', { gid })).status).toBe(200);
  });

  it('removal takes the member out; the owner cannot be removed (400)', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner, { members: [u] });
    expect((await owner.post('/api/groups/members/remove', { gid, name: u.name })).body).toEqual({ ok: true });
    expect(await myGroup(u, gid)).toBeUndefined();
    expect((await u.get('/api/groups/members', { gid })).status).toBe(403);
    const self = await owner.post('/api/groups/members/remove', { gid, name: owner.name });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('api.group.removeOwner');
    expect((await owner.post('/api/groups/members/remove', { gid, name: outsider.name })).status).toBe(404);
  });

  it('mute: shown on the member; never the owner or oneself (400); group admins cannot mute each other (403)', async () => {
    const owner = await newUser(cluster);
    const a1 = await newUser(cluster);
    const a2 = await newUser(cluster);
    const m = await newUser(cluster);
    const gid = await groupWith(owner, { admins: [a1, a2], members: [m] });
    expect((await a1.post('/api/groups/member/mute', { gid, name: m.name, muted: true })).body).toEqual({ ok: true });
    const muted = (await owner.get('/api/groups/members', { gid })).body.members.find((x: { name: string }) => x.name === m.name);
    expect(muted.muted).toBe(true);
    await a1.post('/api/groups/member/mute', { gid, name: m.name, muted: false });
    expect((await m.get('/api/groups/members', { gid })).body.members.find((x: { name: string }) => x.name === m.name).muted).toBe(false);

    const muteOwner = await a1.post('/api/groups/member/mute', { gid, name: owner.name, muted: true });
    expect(muteOwner.status).toBe(400);
    expect(muteOwner.body.error).toBe('api.group.muteOwner');
    const muteSelf = await a1.post('/api/groups/member/mute', { gid, name: a1.name, muted: true });
    expect(muteSelf.status).toBe(400);
    expect(muteSelf.body.error).toBe('api.group.muteSelf');
    expect((await a1.post('/api/groups/member/mute', { gid, name: a2.name, muted: true })).status).toBe(403);
    expect((await owner.post('/api/groups/member/mute', { gid, name: a2.name, muted: true })).status).toBe(200);
    expect((await owner.post('/api/groups/member/mute', { gid, name: m.name, muted: 'yes' })).status).toBe(400);
  });
});

describe('nicknames and remarks', () => {
  it('a nickname is the caller’s own and public in the group; empty clears', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner, { members: [u] });
    expect((await u.post('/api/groups/member/nickname', { gid, nickname: ' Captain ' })).body).toEqual({ ok: true });
    const seen = (await owner.get('/api/groups/members', { gid })).body.members.find((x: { name: string }) => x.name === u.name);
    expect(seen.nickname).toBe('Captain');
    await u.post('/api/groups/member/nickname', { gid, nickname: '' });
    expect((await owner.get('/api/groups/members', { gid })).body.members[1].nickname).toBe('');
    expect((await u.post('/api/groups/member/nickname', { gid, nickname: 'n'.repeat(33) })).status).toBe(413);
    const notIn = await outsider.post('/api/groups/member/nickname', { gid, nickname: 'x' });
    expect(notIn.status).toBe(403);
    expect(notIn.body.error).toBe('api.group.noView');
  });

  it('a remark is private to the caller; GET answers empty when unset; outsiders 403', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner, { members: [u] });
    expect((await u.get('/api/groups/remark', { gid })).body).toEqual({ ok: true, remark: '' });
    expect((await u.post('/api/groups/remark', { gid, remark: 'Work' })).body).toEqual({ ok: true });
    expect((await u.get('/api/groups/remark', { gid })).body.remark).toBe('Work');
    expect((await myGroup(u, gid)).remark).toBe('Work');
    expect((await owner.get('/api/groups/remark', { gid })).body.remark).toBe('');
    await u.post('/api/groups/remark', { gid, remark: '' });
    expect((await u.get('/api/groups/remark', { gid })).body.remark).toBe('');
    expect((await outsider.post('/api/groups/remark', { gid, remark: 'x' })).status).toBe(403);
    expect((await outsider.get('/api/groups/remark', { gid })).status).toBe(403);
    expect((await u.post('/api/groups/remark', { gid, remark: 'r'.repeat(33) })).status).toBe(413);
  });
});

describe('dissolving', () => {
  it('removes members, invitations, requests, remarks and nicknames; keeps the log entry', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const invitee = await newUser(cluster);
    const requester = await newUser(cluster);
    const gid = await groupWith(owner, { members: [u] });
    await u.post('/api/groups/member/nickname', { gid, nickname: 'nick' });
    await u.post('/api/groups/remark', { gid, remark: 'remark' });
    await owner.post('/api/groups/invite', { gid, invitee: invitee.name });
    await owner.post('/api/groups/invite/setting', { gid, joinMode: 'review' });
    await requester.post('/api/groups/request', { gid });
    const su = await connect(u, cluster.b);
    expect(await roomSockets(gid)).toBe(1);

    const dissolved = waitFor(su, 'groups.changed', (p) => p.action === 'dissolve');
    expect((await owner.del('/api/groups', { gid })).body).toEqual({ ok: true });
    expect(await dissolved).toEqual({ gid, action: 'dissolve' });
    const db = cluster.a.app.ctx.db;
    for (const table of ['groups', 'group_members', 'group_remarks', 'group_invites', 'group_join_requests']) {
      expect((await db.query<{ n: number }>(`select count(*)::int as n from ${table} where gid = $1`, [gid]))[0]!.n, table).toBe(0);
    }
    const log = await db.query<{ action: string }>('select action from group_log where gid = $1 order by id desc limit 1', [gid]);
    expect(log[0]!.action).toBe('dissolve');
    expect((await u.get('/api/groups/members', { gid })).status).toBe(404);
    expect((await invitee.get('/api/groups/invites')).body.invites).toEqual([]);
    await settle();
    expect(await roomSockets(gid)).toBe(0);
  });

  it('only the owner or a platform admin may dissolve; unknown groups are 404', async () => {
    const owner = await newUser(cluster);
    const a = await newUser(cluster);
    const gid = await groupWith(owner, { admins: [a] });
    expect((await a.del('/api/groups', { gid })).status).toBe(403);
    const admin = await adminClient(cluster);
    expect((await admin.del('/api/groups', { gid })).status).toBe(200);
    expect((await owner.del('/api/groups', { gid })).status).toBe(404);
  });
});

describe('lists', () => {
  it('members: owner, admins, then members; online across nodes; members and platform admins only', async () => {
    const owner = await newUser(cluster);
    const a = await newUser(cluster);
    const m = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner, { members: [m], admins: [a] });
    await connect(m, cluster.b);
    const list = (await owner.get('/api/groups/members', { gid })).body.members;
    expect(list.map((x: { name: string; role: string; online: boolean }) => [x.name, x.role, x.online])).toEqual([
      [owner.name, 'owner', false],
      [a.name, 'admin', false],
      [m.name, 'member', true],
    ]);
    const denied = await outsider.get('/api/groups/members', { gid });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ ok: false, error: 'api.group.noView' });
    expect((await (await adminClient(cluster)).get('/api/groups/members', { gid })).status).toBe(200);
    expect((await owner.get('/api/groups/members', { gid: 'ffffffffffffffff' })).status).toBe(404);
    expect((await owner.get('/api/groups/members')).status).toBe(400);
  });

  it('search lists open groups by name substring, paged; all lists joinable groups (everything for a platform admin)', async () => {
    const tag = uniqueName('Grp');
    const owner = await newUser(cluster);
    const viewer = await newUser(cluster);
    const open1 = await createGroup(owner, { name: `${tag} one` });
    const open2 = await createGroup(owner, { name: `${tag.toUpperCase()} two` });
    const review = await createGroup(owner, { name: `${tag} three`, joinMode: 'review' });
    await viewer.post('/api/groups/join', { gid: open2 });

    const search = (await viewer.get('/api/groups/search', { q: tag.toLowerCase() })).body.groups;
    expect(search.map((g: { gid: string }) => g.gid)).toEqual([open1, open2]);
    expect(search[0]).toMatchObject({ gid: open1, name: `${tag} one`, owner: owner.name, joinMode: 'open', memberCount: 1, joined: false });
    expect(search[1]).toMatchObject({ memberCount: 2, joined: true });
    expect((await viewer.get('/api/groups/search', { q: tag, limit: 1, offset: 1 })).body.groups.map((g: { gid: string }) => g.gid)).toEqual([open2]);
    expect((await viewer.get('/api/groups/search', { q: `${tag}%` })).body.groups).toEqual([]);

    const all = (await viewer.get('/api/groups/all', { q: tag })).body.groups;
    expect(all.map((g: { gid: string }) => g.gid)).toEqual([open1]);
    const admin = await adminClient(cluster);
    const everything = (await admin.get('/api/groups/all', { q: tag })).body.groups;
    expect(everything.map((g: { gid: string }) => g.gid).sort()).toEqual([open1, open2, review].sort());
    expect((await viewer.get('/api/groups/search', { limit: -1 })).status).toBe(400);
  });

  it('GET /api/groups lists only joined groups, by name', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const g1 = await createGroup(owner, { name: 'b group' });
    const g2 = await createGroup(owner, { name: 'A group' });
    await createGroup(owner, { name: 'not joined' });
    await u.post('/api/groups/join', { gid: g1 });
    await u.post('/api/groups/join', { gid: g2 });
    const res = await u.get('/api/groups');
    expect(res.body.groups.map((g: { gid: string }) => g.gid)).toEqual([g2, g1]);
    expect(Object.keys(res.body.groups[0])).toEqual(expect.arrayContaining(['gid', 'name', 'owner', 'announce', 'avatar']));
  });

  it('each list is a constant number of statements whatever its size', async () => {
    const small = await newUser(cluster);
    const big = await newUser(cluster);
    const others: User[] = [];
    for (let i = 0; i < 6; i++) others.push(await newUser(cluster));
    const smallGid = await groupWith(small, { members: [others[0]!] });
    const bigGid = await groupWith(big, { members: others.slice(1), admins: [others[0]!] });
    for (let i = 0; i < 3; i++) await others[i]!.post('/api/groups/join', { gid: await createGroup(big) }).then(() => {});
    for (let i = 0; i < 4; i++) await big.post('/api/groups/rename', { gid: bigGid, name: `n${i}` });
    await big.post('/api/groups/invite/setting', { gid: bigGid, joinMode: 'review', memberInviteApprove: true });
    await (await newUser(cluster)).post('/api/groups/request', { gid: bigGid });
    await others[3]!.post('/api/groups/invite', { gid: bigGid, invitee: (await newUser(cluster)).name });

    const cases: Array<[string, Record<string, string>, Record<string, string>]> = [
      ['/api/groups', {}, {}],
      ['/api/groups/members', { gid: smallGid }, { gid: bigGid }],
      ['/api/groups/manage', { gid: smallGid }, { gid: bigGid }],
      ['/api/groups/logs', { gid: smallGid }, { gid: bigGid }],
      ['/api/groups/search', { q: 'zzzz-none' }, {}],
      ['/api/groups/all', { q: 'zzzz-none' }, {}],
      ['/api/groups/invites', {}, {}],
    ];
    await small.get('/api/groups');
    await big.get('/api/groups');
    for (const [path, smallQuery, bigQuery] of cases) {
      const s = await statementsOf(cluster.a, () => small.get(path, smallQuery));
      const b = await statementsOf(cluster.a, () => big.get(path, bigQuery));
      expect(b, path).toBe(s);
      expect(s, path).toBeLessThanOrEqual(4);
    }
  });
});

describe('manage and logs', () => {
  it('manage shows settings, my role, members, pending requests and open invitations', async () => {
    const owner = await newUser(cluster);
    const a = await newUser(cluster);
    const m = await newUser(cluster);
    const requester = await newUser(cluster);
    const invitee = await newUser(cluster);
    const gid = await groupWith(owner, { admins: [a], members: [m] });
    await owner.post('/api/groups/invite', { gid, invitee: invitee.name });
    await owner.post('/api/groups/invite/setting', { gid, joinMode: 'review' });
    await requester.post('/api/groups/request', { gid });
    await m.post('/api/groups/member/nickname', { gid, nickname: 'mm' });

    const res = await a.get('/api/groups/manage', { gid });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      group: {
        gid,
        name: 'Group',
        owner: owner.name,
        announce: '',
        avatar: '',
        desc: '',
        joinMode: 'review',
        muteAll: false,
        memberInviteApprove: false,
        created: expect.any(Number),
      },
      myRole: 'admin',
      members: [owner, a, m].map((u, i) => ({
        name: u.name,
        role: ['owner', 'admin', 'member'][i],
        nickname: i === 2 ? 'mm' : '',
        muted: false,
        joined: expect.any(Number),
        online: false,
        image: '',
      })),
      requests: [{ name: requester.name, created: expect.any(Number) }],
      invites: [
        {
          id: expect.any(Number),
          gid,
          groupName: 'Group',
          inviter: owner.name,
          invitee: invitee.name,
          created: expect.any(Number),
          status: 'pending',
          awaiting: 'invitee',
        },
      ],
    });
    expect((await m.get('/api/groups/manage', { gid })).status).toBe(403);
    const admin = await adminClient(cluster);
    expect((await admin.get('/api/groups/manage', { gid })).body.myRole).toBeNull();
  });

  it('every management operation leaves a log entry; newest first, paged, with the total', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const gid = await createGroup(owner);
    await u.post('/api/groups/join', { gid });
    await owner.post('/api/groups/rename', { gid, name: 'R' });
    await owner.post('/api/groups/announce', { gid, announce: 'A' });
    await owner.post('/api/groups/avatar', { gid, avatar: 'https://x.example/a.png' });
    await owner.post('/api/groups/member/role', { gid, name: u.name, role: 'admin' });
    await owner.post('/api/groups/member/mute', { gid, name: u.name, muted: true });
    await owner.post('/api/groups/muteall', { gid, val: true });
    await owner.post('/api/groups/invite/setting', { gid, memberInviteApprove: true });
    await owner.post('/api/groups/transfer', { gid, name: u.name });
    await owner.post('/api/groups/leave', { gid });

    const res = await u.get('/api/groups/logs', { gid });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(11);
    expect(res.body.logs.map((l: { action: string }) => l.action)).toEqual([
      'leave',
      'transfer',
      'settings',
      'muteAll',
      'mute',
      'role',
      'avatar',
      'announce',
      'rename',
      'join',
      'create',
    ]);
    expect(res.body.logs[1]).toEqual({ actor: owner.name, action: 'transfer', target: u.name, detail: JSON.stringify({ target: u.name }), ts: expect.any(Number) });
    expect(JSON.parse(res.body.logs[8].detail)).toEqual({ from: 'Group', to: 'R' });
    expect(JSON.parse(res.body.logs[5].detail)).toEqual({ target: u.name, role: 'admin' });
    const page = await u.get('/api/groups/logs', { gid, limit: 2, offset: 9 });
    expect(page.body).toMatchObject({ total: 11, logs: [{ action: 'join' }, { action: 'create' }] });
    const plain = await newUser(cluster);
    await plain.post('/api/groups/join', { gid });
    expect((await plain.get('/api/groups/logs', { gid })).status).toBe(403);
  });
});

describe('the permission matrix over HTTP', () => {
  let owner: User;
  let groupAdmin: User;
  let member: User;
  let outsider: User;
  let victim: User;
  let newcomer: User;
  let platformAdmin: User;

  beforeAll(async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => newUser(cluster)));
    [owner, groupAdmin, member, outsider, victim, newcomer] = users as [User, User, User, User, User, User];
    platformAdmin = await adminClient(cluster);
  });

  type Call = (actor: Client, gid: string) => Promise<{ status: number; body: { error?: string } }>;
  /** Operation → the call, and the status of an allowed call when it is not 200. */
  const OPS: Record<string, { call: Call; allowed?: number; setup?: (gid: string) => Promise<void> }> = {
    dissolve: { call: (c, gid) => c.del('/api/groups', { gid }) },
    rename: { call: (c, gid) => c.post('/api/groups/rename', { gid, name: 'New name' }) },
    announce: { call: (c, gid) => c.post('/api/groups/announce', { gid, announce: 'hello' }) },
    avatar: { call: (c, gid) => c.post('/api/groups/avatar', { gid, avatar: 'https://x.example/a.png' }) },
    transfer: { call: (c, gid) => c.post('/api/groups/transfer', { gid, name: victim.name }) },
    setRole: { call: (c, gid) => c.post('/api/groups/member/role', { gid, name: victim.name, role: 'admin' }) },
    removeMember: { call: (c, gid) => c.post('/api/groups/members/remove', { gid, name: victim.name }) },
    // Nobody asked: an allowed caller gets as far as "no such request".
    reviewRequests: { call: (c, gid) => c.post('/api/groups/request/approve', { gid, name: newcomer.name }), allowed: 404 },
    inviteSetting: { call: (c, gid) => c.post('/api/groups/invite/setting', { gid, memberInviteApprove: true }) },
    mute: { call: (c, gid) => c.post('/api/groups/member/mute', { gid, name: victim.name, muted: true }) },
    muteAll: { call: (c, gid) => c.post('/api/groups/muteall', { gid, val: true }) },
    approveInvite: {
      setup: async (gid) => {
        await owner.post('/api/groups/invite/setting', { gid, memberInviteApprove: true });
        expect((await member.post('/api/groups/invite', { gid, invitee: newcomer.name })).status).toBe(200);
      },
      call: async (c, gid) => {
        const invite = (await owner.get('/api/groups/manage', { gid })).body.invites[0];
        return c.post('/api/groups/invite/approve', { id: invite.id });
      },
    },
    invite: { call: (c, gid) => c.post('/api/groups/invite', { gid, invitee: newcomer.name }) },
    nickname: { call: (c, gid) => c.post('/api/groups/member/nickname', { gid, nickname: 'nick' }) },
    remark: { call: (c, gid) => c.post('/api/groups/remark', { gid, remark: 'mine' }) },
    viewManage: { call: (c, gid) => c.get('/api/groups/manage', { gid }) },
    viewLog: { call: (c, gid) => c.get('/api/groups/logs', { gid }) },
    viewMembers: { call: (c, gid) => c.get('/api/groups/members', { gid }) },
    leave: { call: (c, gid) => c.post('/api/groups/leave', { gid }) },
  };

  // owner, group admin, platform admin (not a member), member, outsider; '-' means refused.
  const Y = 'yes';
  const N = 'no';
  const MATRIX: Array<[string, string[]]> = [
    ['dissolve', [Y, N, Y, N, N]],
    ['rename', [Y, N, Y, N, N]],
    ['announce', [Y, N, Y, N, N]],
    ['avatar', [Y, N, Y, N, N]],
    ['transfer', [Y, N, Y, N, N]],
    ['setRole', [Y, N, Y, N, N]],
    ['removeMember', [Y, N, Y, N, N]],
    ['reviewRequests', [Y, N, Y, N, N]],
    ['inviteSetting', [Y, N, Y, N, N]],
    ['mute', [Y, Y, Y, N, N]],
    ['muteAll', [Y, Y, Y, N, N]],
    ['approveInvite', [Y, Y, Y, N, N]],
    ['invite', [Y, Y, Y, Y, N]],
    ['nickname', [Y, Y, N, Y, N]],
    ['remark', [Y, Y, N, Y, N]],
    ['viewManage', [Y, Y, Y, N, N]],
    ['viewLog', [Y, Y, Y, N, N]],
    ['viewMembers', [Y, Y, Y, Y, N]],
    ['leave', [N, Y, N, Y, N]],
  ];
  const ACTORS = ['owner', 'groupAdmin', 'platformAdmin', 'member', 'outsider'] as const;
  const cases = MATRIX.flatMap(([op, row]) => ACTORS.map((actor, i) => [op, actor, row[i]!] as const));

  it.each(cases)('%s by %s: %s', async (op, actorName, verdict) => {
    const actor = { owner, groupAdmin, platformAdmin, member, outsider }[actorName];
    const spec = OPS[op]!;
    const gid = await groupWith(owner, { admins: [groupAdmin], members: [member, victim] });
    await spec.setup?.(gid);
    const res = await spec.call(actor, gid);
    if (verdict === Y) {
      expect(res.status, JSON.stringify(res.body)).toBe(spec.allowed ?? 200);
    } else if (op === 'leave' && actorName === 'owner') {
      expect(res.status).toBe(409);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      const outside = actorName === 'outsider' || actorName === 'platformAdmin';
      expect(res.body.error).toBe(outside ? 'api.group.noView' : 'api.forbidden');
    }
  });
});

describe('events', () => {
  it('join, nickname, role, mute, removal and leave reach the room and the subject, on every node, and nobody else', async () => {
    const owner = await newUser(cluster);
    const m = await newUser(cluster);
    const joiner = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner, { members: [m] });
    const so = await connect(owner);
    const sm = await connect(m, cluster.b);
    const sj = await connect(joiner, cluster.b);
    const sx = await connect(outsider, cluster.b);
    const outsiderSaw = recorder(sx, ['group.members', 'groups.changed']);

    const step = async (action: string, name: string, run: () => Promise<unknown>, also: Socket[] = []) => {
      const waits = [so, sm, ...also].map((s) => waitFor(s, 'group.members', (p) => p.action === action && p.name === name));
      await run();
      for (const p of await Promise.all(waits)) expect(p).toEqual({ gid, action, name });
    };
    await step('join', joiner.name, () => joiner.post('/api/groups/join', { gid }), [sj]);
    expect(await roomSockets(gid)).toBe(3);
    await step('nickname', joiner.name, () => joiner.post('/api/groups/member/nickname', { gid, nickname: 'J' }), [sj]);
    const roleChanged = waitFor(sm, 'groups.changed', (p) => p.action === 'role');
    await step('role', joiner.name, () => owner.post('/api/groups/member/role', { gid, name: joiner.name, role: 'admin' }), [sj]);
    expect(await roleChanged).toEqual({ gid, action: 'role' });
    await step('mute', m.name, () => joiner.post('/api/groups/member/mute', { gid, name: m.name, muted: true }), [sj]);
    await step('remove', joiner.name, () => owner.post('/api/groups/members/remove', { gid, name: joiner.name }), [sj]);
    await settle();
    expect(await roomSockets(gid)).toBe(2);
    // Out of the room: later group events no longer reach the removed member.
    const joinerSaw = recorder(sj, ['groups.changed']);
    await step('leave', m.name, () => m.post('/api/groups/leave', { gid }));
    const renamed = waitFor(so, 'groups.changed', (p) => p.action === 'rename');
    await owner.post('/api/groups/rename', { gid, name: 'Quiet' });
    await renamed;
    await settle();
    expect(joinerSaw['groups.changed']).toEqual([]);
    expect(outsiderSaw['group.members']).toEqual([]);
    expect(outsiderSaw['groups.changed']).toEqual([]);
  });

  it('a socket connected before joining moves into the room and hears later changes', async () => {
    const owner = await newUser(cluster);
    const late = await newUser(cluster);
    const gid = await createGroup(owner);
    const sl = await connect(late, cluster.b);
    await late.post('/api/groups/join', { gid });
    const heard = waitFor(sl, 'groups.changed', (p) => p.action === 'announce');
    await owner.post('/api/groups/announce', { gid, announce: 'welcome' });
    expect(await heard).toEqual({ gid, action: 'announce' });
  });

  it('a new connection joins the rooms of its groups', async () => {
    const owner = await newUser(cluster);
    const m = await newUser(cluster);
    const gid = await groupWith(owner, { members: [m] });
    const sm = await connect(m, cluster.b);
    const heard = waitFor(sm, 'groups.changed', (p) => p.action === 'muteAll');
    await owner.post('/api/groups/muteall', { gid, val: true });
    expect(await heard).toEqual({ gid, action: 'muteAll' });
  });

  it('settings, avatar, transfer and dissolve are announced with groups.changed', async () => {
    const owner = await newUser(cluster);
    const m = await newUser(cluster);
    const gid = await groupWith(owner, { members: [m] });
    const sm = await connect(m, cluster.b);
    for (const [action, run] of [
      ['settings', () => owner.post('/api/groups/invite/setting', { gid, memberInviteApprove: true })],
      ['avatar', () => owner.post('/api/groups/avatar', { gid, avatar: 'https://x.example/p.png' })],
      ['transfer', () => owner.post('/api/groups/transfer', { gid, name: m.name })],
      ['dissolve', () => m.del('/api/groups', { gid })],
    ] as const) {
      const heard = waitFor(sm, 'groups.changed', (p) => p.action === action);
      expect((await run()).status).toBe(200);
      expect(await heard).toEqual({ gid, action });
    }
  });

  it('members see presence of co-members; outsiders do not', async () => {
    const owner = await newUser(cluster);
    const m = await newUser(cluster);
    const outsider = await newUser(cluster);
    await groupWith(owner, { members: [m] });
    const so = await connect(owner, cluster.b);
    const sx = await connect(outsider);
    const outsiderSaw = recorder(sx, ['presence']);
    const seen = waitFor(so, 'presence', (p) => p.name === m.name && p.online);
    await connect(m);
    await seen;
    await settle();
    expect(outsiderSaw.presence).toEqual([]);
  });
});

describe('API-key scopes', () => {
  async function keyClient(owner: User, scopes: string[]): Promise<Client> {
    const res = await owner.post('/api/keys', { name: 'k', scopes });
    const c = new Client(cluster.a);
    c.apiKey = res.body.plaintext;
    return c;
  }

  it('groups.read lists, groups.write joins and creates, groups.manage renames', async () => {
    const owner = await newUser(cluster);
    const gid = await createGroup(owner);
    const reader = await keyClient(owner, ['groups.read']);
    expect((await reader.get('/api/groups')).status).toBe(200);
    expect((await reader.get('/api/groups/members', { gid })).status).toBe(200);
    expect((await reader.post('/api/groups', { name: 'x' })).status).toBe(403);

    const writer = await keyClient(owner, ['groups.write']);
    expect((await writer.post('/api/groups', { name: 'by key' })).status).toBe(200);
    const denied = await writer.post('/api/groups/rename', { gid, name: 'nope' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('api.forbidden');
    expect((await writer.get('/api/groups')).status).toBe(403);

    const manager = await keyClient(owner, ['groups.manage']);
    expect((await manager.post('/api/groups/rename', { gid, name: 'by key' })).status).toBe(200);
    expect((await manager.get('/api/groups/manage', { gid })).status).toBe(200);
  });
});
