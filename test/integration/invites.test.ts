
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, newUser, uniqueName, waitFor, trackSockets } from '../helpers/client.ts';
import { startCluster, type TestCluster, } from '../helpers/server.ts';
import { createGroup, groupWith, recorder, settle } from '../helpers/social.ts';

type User = Client & { name: string };

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const connect = trackSockets();

const invitesOf = async (u: Client) => (await u.get('/api/groups/invites')).body.invites as Array<Record<string, unknown>>;
const isMember = async (u: User, gid: string) =>
  (await u.get('/api/groups')).body.groups.some((g: { gid: string }) => g.gid === gid);
const inviteRow = async (id: number) =>
  (await cluster.a.app.ctx.db.query<{ status: string }>('select status from group_invites where id = $1', [id]))[0]?.status;

describe('invitations awaiting the invitee', () => {
  it('invite → accept: the invitee becomes a member; the invitation is accepted', async () => {
    const owner = await newUser(cluster);
    const m = await newUser(cluster);
    const invitee = await newUser(cluster);
    const gid = await groupWith(owner, { members: [m] });
    expect((await m.post('/api/groups/invite', { gid, invitee: invitee.name })).body).toEqual({ ok: true });
    const [inv] = await invitesOf(invitee);
    expect(inv).toEqual({
      id: expect.any(Number),
      gid,
      groupName: 'Group',
      inviter: m.name,
      invitee: invitee.name,
      created: expect.any(Number),
      status: 'pending',
      awaiting: 'invitee',
    });
    // Managers have nothing to approve here.
    expect(await invitesOf(owner)).toEqual([]);
    expect((await invitee.post('/api/groups/invite/accept', { id: inv!.id })).body).toEqual({ ok: true });
    expect(await isMember(invitee, gid)).toBe(true);
    expect(await inviteRow(inv!.id as number)).toBe('accepted');
    expect(await invitesOf(invitee)).toEqual([]);
    const again = await invitee.post('/api/groups/invite/accept', { id: inv!.id });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('api.invite.processed');
    const late = await m.post('/api/groups/invite/reject', { id: inv!.id });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('api.invite.processed');
  });

  it('the inviter, the invitee or a manager may reject; others 403; a second reject is 409', async () => {
    const owner = await newUser(cluster);
    const a = await newUser(cluster);
    const m = await newUser(cluster);
    const bystander = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner, { admins: [a], members: [m, bystander] });
    for (const rejecter of [m, 'invitee', a, owner] as const) {
      const invitee = await newUser(cluster);
      await m.post('/api/groups/invite', { gid, invitee: invitee.name });
      const id = (await invitesOf(invitee))[0]!.id;
      expect((await bystander.post('/api/groups/invite/reject', { id })).status).toBe(403);
      const out = await outsider.post('/api/groups/invite/reject', { id });
      expect(out.status).toBe(403);
      expect(out.body.error).toBe('api.group.noView');
      const who: User = rejecter === 'invitee' ? invitee : rejecter;
      expect((await who.post('/api/groups/invite/reject', { id })).body).toEqual({ ok: true });
      expect(await inviteRow(id as number)).toBe('rejected');
      const twice = await who.post('/api/groups/invite/reject', { id });
      expect(twice.status).toBe(409);
      expect(twice.body.error).toBe('api.invite.processed');
      expect((await invitee.post('/api/groups/invite/accept', { id })).status).toBe(409);
      expect(await isMember(invitee, gid)).toBe(false);
    }
  });

  it('refuses unknown users (404), outsiders (403 api.group.noView), members (409) and duplicates (409)', async () => {
    const owner = await newUser(cluster);
    const m = await newUser(cluster);
    const outsider = await newUser(cluster);
    const invitee = await newUser(cluster);
    const gid = await groupWith(owner, { members: [m] });
    const ghost = await owner.post('/api/groups/invite', { gid, invitee: uniqueName('ghost') });
    expect(ghost.status).toBe(404);
    expect(ghost.body.error).toBe('api.user.notFound');
    const notIn = await outsider.post('/api/groups/invite', { gid, invitee: invitee.name });
    expect(notIn.status).toBe(403);
    expect(notIn.body.error).toBe('api.group.noView');
    const already = await owner.post('/api/groups/invite', { gid, invitee: m.name });
    expect(already.status).toBe(409);
    expect(already.body.error).toBe('api.group.alreadyMember');
    await owner.post('/api/groups/invite', { gid, invitee: invitee.name });
    const dup = await m.post('/api/groups/invite', { gid, invitee: invitee.name });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('api.group.alreadyInvited');
    expect((await owner.post('/api/groups/invite', { gid: 'abababababababab', invitee: invitee.name })).status).toBe(404);
    expect((await owner.post('/api/groups/invite', { gid })).status).toBe(400);
    const pending = await newUser(cluster);
    await cluster.a.app.ctx.db.query("update users set status = 'pending' where name = $1", [pending.name]);
    expect((await owner.post('/api/groups/invite', { gid, invitee: pending.name })).status).toBe(404);
  });

  it('only the invitee accepts (403); unknown ids are 404; malformed ids 400', async () => {
    const owner = await newUser(cluster);
    const invitee = await newUser(cluster);
    const gid = await createGroup(owner);
    await owner.post('/api/groups/invite', { gid, invitee: invitee.name });
    const id = (await invitesOf(invitee))[0]!.id;
    expect((await owner.post('/api/groups/invite/accept', { id })).status).toBe(403);
    for (const path of ['/api/groups/invite/accept', '/api/groups/invite/reject', '/api/groups/invite/approve']) {
      const res = await invitee.post(path, { id: 987_654_321 });
      expect(res.status, path).toBe(404);
      expect(res.body.error).toBe('api.invite.notFound');
      for (const bad of [{}, { id: 'x' }, { id: -1 }, { id: 1.5 }]) expect((await invitee.post(path, bad)).status).toBe(400);
    }
    expect((await new Client(cluster.a).get('/api/groups/invites')).status).toBe(401);
  });

  it('an invitee who lets anyone add them joins at once: autoJoined, no invitation', async () => {
    const owner = await newUser(cluster);
    const open = await newUser(cluster);
    await open.post('/api/settings', { allowInvite: true });
    const gid = await createGroup(owner);
    const res = await owner.post('/api/groups/invite', { gid, invitee: open.name });
    expect(res.body).toEqual({ ok: true, autoJoined: true });
    expect(await isMember(open, gid)).toBe(true);
    const rows = await cluster.a.app.ctx.db.query<{ n: number }>('select count(*)::int as n from group_invites where gid = $1', [gid]);
    expect(rows[0]!.n).toBe(0);
  });

  it('joining by other means settles an open invitation', async () => {
    const owner = await newUser(cluster);
    const invitee = await newUser(cluster);
    const gid = await createGroup(owner);
    await owner.post('/api/groups/invite', { gid, invitee: invitee.name });
    const id = (await invitesOf(invitee))[0]!.id as number;
    await invitee.post('/api/groups/join', { gid });
    expect(await inviteRow(id)).toBe('accepted');
    expect(await invitesOf(invitee)).toEqual([]);
  });
});

describe('invitations awaiting a manager', () => {
  it('a plain member’s invitation waits for a manager, then for the invitee', async () => {
    const owner = await newUser(cluster);
    const a = await newUser(cluster);
    const m = await newUser(cluster);
    const invitee = await newUser(cluster);
    const gid = await groupWith(owner, { admins: [a], members: [m] });
    await owner.post('/api/groups/invite/setting', { gid, memberInviteApprove: true });
    expect((await m.post('/api/groups/invite', { gid, invitee: invitee.name })).body).toEqual({ ok: true });

    expect(await invitesOf(invitee)).toEqual([]);
    const forOwner = await invitesOf(owner);
    expect(forOwner).toEqual([expect.objectContaining({ inviter: m.name, invitee: invitee.name, status: 'pending', awaiting: 'manager' })]);
    expect(await invitesOf(a)).toEqual(forOwner);
    const id = forOwner[0]!.id;
    const early = await invitee.post('/api/groups/invite/accept', { id });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('api.invite.awaitingManager');
    expect((await m.post('/api/groups/invite/approve', { id })).status).toBe(403);

    expect((await a.post('/api/groups/invite/approve', { id })).body).toEqual({ ok: true });
    expect(await invitesOf(owner)).toEqual([]);
    expect(await invitesOf(invitee)).toEqual([expect.objectContaining({ id, awaiting: 'invitee', status: 'pending' })]);
    const twice = await owner.post('/api/groups/invite/approve', { id });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('api.invite.processed');
    await invitee.post('/api/groups/invite/accept', { id });
    expect(await isMember(invitee, gid)).toBe(true);
  });

  it('managers’ own invitations skip approval; approval joins an invitee who lets anyone add them', async () => {
    const owner = await newUser(cluster);
    const a = await newUser(cluster);
    const m = await newUser(cluster);
    const gid = await groupWith(owner, { admins: [a], members: [m] });
    await owner.post('/api/groups/invite/setting', { gid, memberInviteApprove: true });
    const direct = await newUser(cluster);
    await a.post('/api/groups/invite', { gid, invitee: direct.name });
    expect((await invitesOf(direct))[0]).toMatchObject({ awaiting: 'invitee' });

    const open = await newUser(cluster);
    await open.post('/api/settings', { allowInvite: true });
    // The group asked for approval: the invitee's own setting does not bypass the managers.
    expect((await m.post('/api/groups/invite', { gid, invitee: open.name })).body).toEqual({ ok: true });
    expect(await isMember(open, gid)).toBe(false);
    const id = (await invitesOf(owner))[0]!.id;
    expect((await owner.post('/api/groups/invite/approve', { id })).body).toEqual({ ok: true, autoJoined: true });
    expect(await isMember(open, gid)).toBe(true);
    expect(await inviteRow(id as number)).toBe('accepted');
  });

  it('a platform admin may approve; a manager may reject while it awaits approval', async () => {
    const owner = await newUser(cluster);
    const m = await newUser(cluster);
    const gid = await groupWith(owner, { members: [m] });
    await owner.post('/api/groups/invite/setting', { gid, memberInviteApprove: true });
    const i1 = await newUser(cluster);
    const i2 = await newUser(cluster);
    await m.post('/api/groups/invite', { gid, invitee: i1.name });
    await m.post('/api/groups/invite', { gid, invitee: i2.name });
    const pending = await invitesOf(owner);
    const id1 = pending.find((i) => i.invitee === i1.name)!.id;
    const id2 = pending.find((i) => i.invitee === i2.name)!.id;
    const admin = await adminClient(cluster);
    expect((await admin.post('/api/groups/invite/approve', { id: id1 })).status).toBe(200);
    expect((await owner.post('/api/groups/invite/reject', { id: id2 })).status).toBe(200);
    expect(await invitesOf(i1)).toHaveLength(1);
    expect(await invitesOf(i2)).toEqual([]);
  });

  it('group.invites reaches the people an invitation concerns, on every node, and nobody else', async () => {
    const owner = await newUser(cluster);
    const a = await newUser(cluster);
    const m = await newUser(cluster);
    const bystander = await newUser(cluster);
    const invitee = await newUser(cluster);
    const gid = await groupWith(owner, { admins: [a], members: [m, bystander] });
    await owner.post('/api/groups/invite/setting', { gid, memberInviteApprove: true });
    const so = await connect(owner);
    const sa = await connect(a, cluster.b);
    const sm = await connect(m, cluster.b);
    const si = await connect(invitee, cluster.b);
    const sb = await connect(bystander);
    const inviteeSaw = recorder(si, ['group.invites']);
    const bystanderSaw = recorder(sb, ['group.invites', 'group.members']);

    const made = [so, sa, sm].map((s) => waitFor(s, 'group.invites', (p) => p.action === 'invite'));
    await m.post('/api/groups/invite', { gid, invitee: invitee.name });
    const [first] = await Promise.all(made);
    expect(first).toEqual({ gid, id: expect.any(Number), action: 'invite', status: 'pending', awaiting: 'manager' });
    await settle();
    // Not the invitee's business until a manager approves.
    expect(inviteeSaw['group.invites']).toEqual([]);

    const approved = [so, sa, sm, si].map((s) => waitFor(s, 'group.invites', (p) => p.action === 'approve'));
    await a.post('/api/groups/invite/approve', { id: first.id });
    for (const p of await Promise.all(approved)) expect(p).toEqual({ gid, id: first.id, action: 'approve', status: 'pending', awaiting: 'invitee' });

    const accepted = [sm, si].map((s) => waitFor(s, 'group.invites', (p) => p.action === 'accept'));
    const joined = [so, sb, si].map((s) => waitFor(s, 'group.members', (p) => p.action === 'join'));
    await invitee.post('/api/groups/invite/accept', { id: first.id });
    for (const p of await Promise.all(accepted)) expect(p).toEqual({ gid, id: first.id, action: 'accept', status: 'accepted', awaiting: null });
    for (const p of await Promise.all(joined)) expect(p).toEqual({ gid, action: 'join', name: invitee.name });
    await settle();
    expect(bystanderSaw['group.invites']).toEqual([]);
  });

  it('a rejection reaches the inviter and, once it had reached them, the invitee', async () => {
    const owner = await newUser(cluster);
    const invitee = await newUser(cluster);
    const other = await newUser(cluster);
    const gid = await groupWith(owner, { members: [other] });
    const si = await connect(invitee, cluster.b);
    const sx = await connect(other);
    const otherSaw = recorder(sx, ['group.invites']);
    await owner.post('/api/groups/invite', { gid, invitee: invitee.name });
    const id = (await invitesOf(invitee))[0]!.id;
    const heard = waitFor(si, 'group.invites', (p) => p.action === 'reject');
    await owner.post('/api/groups/invite/reject', { id });
    expect(await heard).toEqual({ gid, id, action: 'reject', status: 'rejected', awaiting: null });
    await settle();
    expect(otherSaw['group.invites']).toEqual([]);
  });
});

describe('join requests', () => {
  it('pending → approved adds the member; a second decision is 409', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const gid = await createGroup(owner, { joinMode: 'review' });
    expect((await u.post('/api/groups/request', { gid })).body).toEqual({ ok: true });
    expect((await owner.get('/api/groups/manage', { gid })).body.requests).toEqual([{ name: u.name, created: expect.any(Number) }]);
    const dup = await u.post('/api/groups/request', { gid });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('api.group.alreadyRequested');

    expect((await owner.post('/api/groups/request/approve', { gid, name: u.name })).body).toEqual({ ok: true });
    expect(await isMember(u, gid)).toBe(true);
    expect((await owner.get('/api/groups/manage', { gid })).body.requests).toEqual([]);
    const again = await owner.post('/api/groups/request/approve', { gid, name: u.name });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('api.group.requestProcessed');
    expect((await owner.post('/api/groups/request/reject', { gid, name: u.name })).status).toBe(409);
    const member = await u.post('/api/groups/request', { gid });
    expect(member.status).toBe(409);
    expect(member.body.error).toBe('api.group.alreadyMember');
  });

  it('pending → rejected leaves the requester out; they may ask again', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const gid = await createGroup(owner, { joinMode: 'review' });
    await u.post('/api/groups/request', { gid });
    expect((await owner.post('/api/groups/request/reject', { gid, name: u.name })).body).toEqual({ ok: true });
    expect(await isMember(u, gid)).toBe(false);
    const statuses = await cluster.a.app.ctx.db.query<{ status: string }>(
      'select r.status from group_join_requests r join users u on u.id = r.user_id where r.gid = $1 and u.name = $2',
      [gid, u.name],
    );
    expect(statuses).toEqual([{ status: 'rejected' }]);
    expect((await u.post('/api/groups/request', { gid })).status).toBe(200);
  });

  it('open groups refuse requests (400); unknown groups 404; requests nobody made 404', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const open = await createGroup(owner);
    const res = await u.post('/api/groups/request', { gid: open });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('api.group.notReview');
    expect((await u.post('/api/groups/request', { gid: 'cdcdcdcdcdcdcdcd' })).status).toBe(404);
    const review = await createGroup(owner, { joinMode: 'review' });
    const none = await owner.post('/api/groups/request/approve', { gid: review, name: u.name });
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('api.group.requestNotFound');
    const ghost = await owner.post('/api/groups/request/approve', { gid: review, name: uniqueName('ghost') });
    expect(ghost.status).toBe(404);
    expect(ghost.body.error).toBe('api.user.notFound');
    expect((await owner.post('/api/groups/request/approve', { gid: review })).status).toBe(400);
  });

  it('the owner and platform admins review; group admins and members may not (403)', async () => {
    const owner = await newUser(cluster);
    const a = await newUser(cluster);
    const m = await newUser(cluster);
    const gid = await groupWith(owner, { admins: [a], members: [m], joinMode: 'review' });
    const u1 = await newUser(cluster);
    const u2 = await newUser(cluster);
    await u1.post('/api/groups/request', { gid });
    await u2.post('/api/groups/request', { gid });
    expect((await a.post('/api/groups/request/approve', { gid, name: u1.name })).status).toBe(403);
    expect((await m.post('/api/groups/request/reject', { gid, name: u1.name })).status).toBe(403);
    const admin = await adminClient(cluster);
    expect((await admin.post('/api/groups/request/approve', { gid, name: u1.name })).status).toBe(200);
    expect((await owner.post('/api/groups/request/reject', { gid, name: u2.name })).status).toBe(200);
    expect(await isMember(u1, gid)).toBe(true);
    expect(await isMember(u2, gid)).toBe(false);
  });

  it('an invitation settles a pending request', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const gid = await createGroup(owner, { joinMode: 'review' });
    await u.post('/api/groups/request', { gid });
    await owner.post('/api/groups/invite', { gid, invitee: u.name });
    await u.post('/api/groups/invite/accept', { id: (await invitesOf(u))[0]!.id });
    expect((await owner.get('/api/groups/manage', { gid })).body.requests).toEqual([]);
  });

  it('group.requests reaches the managers and the requester; approval announces the new member to the room', async () => {
    const owner = await newUser(cluster);
    const a = await newUser(cluster);
    const m = await newUser(cluster);
    const u = await newUser(cluster);
    const gid = await groupWith(owner, { admins: [a], members: [m], joinMode: 'review' });
    const so = await connect(owner);
    const sa = await connect(a, cluster.b);
    const sm = await connect(m, cluster.b);
    const su = await connect(u, cluster.b);
    const memberSaw = recorder(sm, ['group.requests']);

    const asked = [so, sa, su].map((s) => waitFor(s, 'group.requests', (p) => p.action === 'request'));
    await u.post('/api/groups/request', { gid });
    for (const p of await Promise.all(asked)) expect(p).toEqual({ gid, name: u.name, action: 'request' });

    const decided = [so, sa, su].map((s) => waitFor(s, 'group.requests', (p) => p.action === 'approve'));
    const joined = [so, sm, su].map((s) => waitFor(s, 'group.members', (p) => p.action === 'join'));
    await owner.post('/api/groups/request/approve', { gid, name: u.name });
    for (const p of await Promise.all(decided)) expect(p).toEqual({ gid, name: u.name, action: 'approve' });
    for (const p of await Promise.all(joined)) expect(p).toEqual({ gid, name: u.name, action: 'join' });
    await settle();
    expect(memberSaw['group.requests']).toEqual([]);
  });
});

describe('logs of admission', () => {
  it('requests, invitations and their decisions are logged', async () => {
    const owner = await newUser(cluster);
    const u = await newUser(cluster);
    const v = await newUser(cluster);
    const gid = await createGroup(owner, { joinMode: 'review' });
    await u.post('/api/groups/request', { gid });
    await owner.post('/api/groups/request/approve', { gid, name: u.name });
    await owner.post('/api/groups/invite', { gid, invitee: v.name });
    await v.post('/api/groups/invite/reject', { id: (await invitesOf(v))[0]!.id });
    const logs = (await owner.get('/api/groups/logs', { gid })).body.logs;
    expect(logs.map((l: { actor: string; action: string }) => [l.actor, l.action])).toEqual([
      [v.name, 'invite.reject'],
      [owner.name, 'invite'],
      [owner.name, 'request.approve'],
      [u.name, 'request'],
      [owner.name, 'create'],
    ]);
  });
});

describe('API-key scopes', () => {
  it('groups.write invites and accepts; approving needs groups.manage', async () => {
    const owner = await newUser(cluster);
    const m = await newUser(cluster);
    const invitee = await newUser(cluster);
    const gid = await groupWith(owner, { members: [m] });
    await owner.post('/api/groups/invite/setting', { gid, memberInviteApprove: true });
    const key = async (u: User, scopes: string[]) => {
      const c = new Client(cluster.a);
      c.apiKey = (await u.post('/api/keys', { name: 'k', scopes })).body.plaintext;
      return c;
    };
    expect((await (await key(m, ['groups.write'])).post('/api/groups/invite', { gid, invitee: invitee.name })).status).toBe(200);
    const id = (await invitesOf(owner))[0]!.id;
    expect((await (await key(owner, ['groups.write'])).post('/api/groups/invite/approve', { id })).status).toBe(403);
    expect((await (await key(owner, ['groups.manage'])).post('/api/groups/invite/approve', { id })).status).toBe(200);
    expect((await (await key(invitee, ['groups.read'])).get('/api/groups/invites')).body.invites).toHaveLength(1);
    expect((await (await key(invitee, ['groups.write'])).post('/api/groups/invite/accept', { id })).status).toBe(200);
  });
});
