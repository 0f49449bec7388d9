
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import { adminClient, type Client, collect, emitAck, newUser, waitFor, trackSockets } from '../helpers/client.ts';
import { directRoom, history, sendMsg, sendText, storedCount, userId } from '../helpers/messages.ts';
import { startCluster, type TestCluster, } from '../helpers/server.ts';
import { storedFile } from '../helpers/uploads.ts';
import { befriend, groupWith, settle } from '../helpers/social.ts';
import { crossNodeDeliveryTests } from './shared-redis.suite.ts';

type User = Client & { name: string };

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const connect = trackSockets();

const groupRoom = (gid: string) => `g:${gid}`;
const idxs = (list: Array<{ idx: number }>) => list.map((m) => m.idx);

/**
 * Statements node a runs for a first send to each of three new conversations (`open` makes one)
 * and for a second send to each.
 */
async function firstAndSecondSends(sender: User, open: () => Promise<{ gid: string } | { dm: string }>): Promise<{ first: number[]; again: number[] }> {
  const s = await connect(sender, cluster.a);
  const db = cluster.a.app.ctx.db;
  const statements = async (to: { gid: string } | { dm: string }, content: string) => {
    const before = db.stats.queries;
    expect(await sendMsg(s, { ...to, type: 'text', content })).toMatchObject({ ok: true });
    return db.stats.queries - before;
  };
  const first: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < 3; i++) {
    const to = await open();
    first.push(await statements(to, 'first'));
    again.push(await statements(to, 'again'));
  }
  return { first, again };
}

describe('sending to a group', () => {
  it('stores the message and delivers it to every member connection on any node, the sender’s other devices included; the sending connection has it in its ack', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster, { node: cluster.b });
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner, { members: [member] });
    const [sOwner, sOwnerOther, sMember, sOutsider] = await Promise.all([
      connect(owner, cluster.a),
      connect(owner, cluster.b),
      connect(member, cluster.b),
      connect(outsider, cluster.b),
    ]);
    const outsiderGot = collect(sOutsider, 'msg');
    const toMember = waitFor(sMember, 'msg');
    const toOtherDevice = waitFor(sOwnerOther, 'msg');
    const senderGot = collect(sOwner, 'msg');

    const message = await sendText(sOwner, { gid }, 'hello group');
    expect(message).toEqual({
      idx: 1,
      from: owner.name,
      type: 'text',
      content: 'hello group',
      ts: expect.any(Number),
      md: 0,
      replyTo: null,
      reactions: {},
      recalled: false,
      file_expired: false,
      edited: null,
      gid,
    });
    expect(await toMember).toEqual(message);
    expect(await toOtherDevice).toEqual(message);
    await settle();
    expect(outsiderGot).toEqual([]);
    expect(senderGot).toEqual([]);
    expect(await history(member, { gid })).toEqual([message]);
  });

  it('numbers messages per room from 1 with no gaps; each room counts on its own', async () => {
    const owner = await newUser(cluster);
    const [g1, g2] = [await groupWith(owner), await groupWith(owner)];
    const s = await connect(owner);
    const sent = [];
    for (const [gid, text] of [[g1, 'a'], [g1, 'b'], [g2, 'c'], [g1, 'd']] as const) sent.push(await sendText(s, { gid }, text));
    expect(sent.map((m) => [m.gid, m.idx])).toEqual([
      [g1, 1],
      [g1, 2],
      [g2, 1],
      [g1, 3],
    ]);
  });

  it('keeps the markdown flag, and name and size for file types only', async () => {
    const owner = await newUser(cluster);
    const gid = await groupWith(owner);
    const s = await connect(owner);
    const md = await sendText(s, { gid }, '**bold**', { md: 1, name: 'ignored.txt', size: 5 });
    expect(md.md).toBe(1);
    expect(md).not.toHaveProperty('name');
    expect(md).not.toHaveProperty('size');
    expect((await sendText(s, { gid }, 'plain', { md: true })).md).toBe(1);
    const [png, txt] = await Promise.all([storedFile(owner), storedFile(owner, 'txt')]);
    const image = await sendMsg(s, { gid, type: 'image', content: png, name: 'cat.png', size: 2048 });
    expect(image.message).toMatchObject({ type: 'image', content: png, name: 'cat.png', size: 2048, file_expired: false });
    const file = await sendMsg(s, { gid, type: 'file', content: txt });
    expect(file.message).toMatchObject({ type: 'file', name: null, size: null });
    const merge = JSON.stringify({ title: 'Saved', items: [{ from: owner.name, type: 'text', content: 'hi' }] });
    expect((await sendMsg(s, { gid, type: 'merge', content: merge })).message).toMatchObject({ type: 'merge', content: merge });
  });

  it('refuses what the spec limits, storing nothing', async () => {
    const owner = await newUser(cluster);
    const gid = await groupWith(owner);
    const s = await connect(owner);
    const items = (n: number) => JSON.stringify({ items: Array.from({ length: n }, () => ({ from: 'x', type: 'text', content: 'y' })) });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ gid, type: 'text', content: 'x'.repeat(4097) }, 'api.msg.tooLong'],
      [{ gid, type: 'text', content: '   ' }, 'api.msg.empty'],
      [{ gid, type: 'merge', content: items(101) }, 'api.msg.tooLong'],
      [{ gid, type: 'merge', content: items(0) }, 'api.msg.badMerge'],
      [{ gid, type: 'merge', content: '{"items": "nope"}' }, 'api.msg.badMerge'],
      [{ gid, type: 'image', content: 'https://elsewhere.example/cat.png' }, 'api.msg.badFile'],
      // Well formed, but no such file is stored here.
      [{ gid, type: 'image', content: `/uploads/${'0f'.repeat(16)}.png` }, 'api.msg.badFile'],
      [{ gid, type: 'file', content: '/uploads/0123456789abcdef.pdf' }, 'api.msg.badFile'],
      [{ gid, dm: owner.name, type: 'text', content: 'two rooms' }, 'api.msg.noRoom'],
      [{ type: 'text', content: 'no room' }, 'api.msg.noRoom'],
      [{ gid, type: 'sticker', content: 'x' }, 'api.badRequest'],
      [{ gid, type: 'text' }, 'api.badRequest'],
      [{ gid, type: 'text', content: 'nul \u0000 byte' }, 'api.badRequest'],
      [{ gid, type: 'text', content: 'x', replyTo: -1 }, 'api.badRequest'],
      [{ gid, type: 'text', content: 'x', cid: 'has space' }, 'api.badRequest'],
    ];
    for (const [payload, error] of cases) {
      expect(await sendMsg(s, payload), JSON.stringify(payload).slice(0, 80)).toEqual({ ok: false, error });
    }
    expect(await sendMsg(s, { gid, type: 'text', content: '🙂'.repeat(4096) })).toMatchObject({ ok: true });
    expect(await storedCount(cluster.a, groupRoom(gid))).toBe(1);
  });

  it('refuses outsiders (api.group.noView) and unknown groups (api.group.notFound)', async () => {
    const owner = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner);
    const s = await connect(outsider);
    expect(await sendMsg(s, { gid, type: 'text', content: 'let me in' })).toEqual({ ok: false, error: 'api.group.noView' });
    expect(await sendMsg(s, { gid: 'ffffffffffffffff', type: 'text', content: 'x' })).toEqual({ ok: false, error: 'api.group.notFound' });
    expect(await storedCount(cluster.a, groupRoom(gid))).toBe(0);
  });

  it('mute-all blocks plain members only: the owner, group admins and platform admins still send', async () => {
    const owner = await newUser(cluster);
    const admin = await newUser(cluster);
    const member = await newUser(cluster);
    const platformAdmin = await adminClient(cluster);
    const gid = await groupWith(owner, { admins: [admin], members: [member, platformAdmin] });
    expect((await owner.post('/api/groups/muteall', { gid, val: true })).status).toBe(200);
    const table: Array<[User, string | undefined]> = [
      [owner, undefined],
      [admin, undefined],
      [platformAdmin, undefined],
      [member, 'api.msg.groupMuted'],
    ];
    for (const [u, error] of table) {
      const ack = await sendMsg(await connect(u), { gid, type: 'text', content: `from ${u.name}` });
      expect(ack.ok ? undefined : ack.error, u.name).toBe(error);
    }
    expect(await storedCount(cluster.a, groupRoom(gid))).toBe(3);
    expect((await owner.post('/api/groups/muteall', { gid, val: false })).status).toBe(200);
    expect(await sendMsg(await connect(member), { gid, type: 'text', content: 'free again' })).toMatchObject({ ok: true });
  });

  it('a per-member mute blocks that member, group admin or not, until unmuted', async () => {
    const owner = await newUser(cluster);
    const admin = await newUser(cluster);
    const member = await newUser(cluster);
    const gid = await groupWith(owner, { admins: [admin], members: [member] });
    for (const u of [admin, member]) expect((await owner.post('/api/groups/member/mute', { gid, name: u.name, muted: true })).status).toBe(200);
    const [sOwner, sAdmin, sMember] = await Promise.all([connect(owner), connect(admin), connect(member)]);
    expect(await sendMsg(sAdmin, { gid, type: 'text', content: 'x' })).toEqual({ ok: false, error: 'api.msg.groupMuted' });
    expect(await sendMsg(sMember, { gid, type: 'text', content: 'x' })).toEqual({ ok: false, error: 'api.msg.groupMuted' });
    expect(await sendMsg(sOwner, { gid, type: 'text', content: 'owner speaks' })).toMatchObject({ ok: true });
    expect((await owner.post('/api/groups/member/mute', { gid, name: member.name, muted: false })).status).toBe(200);
    expect(await sendMsg(sMember, { gid, type: 'text', content: 'back' })).toMatchObject({ ok: true });
  });

  it('a platform admin may post in a group without being a member: members and the admin’s own devices get it', async () => {
    const owner = await newUser(cluster);
    const platformAdmin = await adminClient(cluster);
    const gid = await groupWith(owner);
    const [sOwner, sAdmin, sAdminOther] = await Promise.all([connect(owner, cluster.b), connect(platformAdmin), connect(platformAdmin, cluster.b)]);
    const toOwner = waitFor(sOwner, 'msg');
    const toOther = waitFor(sAdminOther, 'msg');
    const message = await sendText(sAdmin, { gid }, 'announcement from the staff');
    expect(await toOwner).toEqual(message);
    expect(await toOther).toEqual(message);
  });
});

describe('a send allowed by what the node read before (the group’s access_version)', () => {
  it('a member removed on another node is refused on the node that let them send before; nothing of it is stored', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster);
    const gid = await groupWith(owner, { members: [member] });
    const s = await connect(member, cluster.a);
    expect(await sendMsg(s, { gid, type: 'text', content: 'first' })).toMatchObject({ ok: true });
    expect((await owner.on(cluster.b).post('/api/groups/members/remove', { gid, name: member.name })).status).toBe(200);
    expect(await sendMsg(s, { gid, type: 'text', content: 'after removal' })).toEqual({ ok: false, error: 'api.group.noView' });
    expect(await storedCount(cluster.a, groupRoom(gid))).toBe(1);
  });

  it('a mute, then mute-all, set on another node take effect at the next send; lifted, the member sends again', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster);
    const gid = await groupWith(owner, { members: [member] });
    const s = await connect(member, cluster.a);
    const onB = owner.on(cluster.b);
    expect(await sendMsg(s, { gid, type: 'text', content: 'one' })).toMatchObject({ ok: true });
    expect((await onB.post('/api/groups/member/mute', { gid, name: member.name, muted: true })).status).toBe(200);
    expect(await sendMsg(s, { gid, type: 'text', content: 'muted' })).toEqual({ ok: false, error: 'api.msg.groupMuted' });
    expect((await onB.post('/api/groups/member/mute', { gid, name: member.name, muted: false })).status).toBe(200);
    expect(await sendMsg(s, { gid, type: 'text', content: 'two' })).toMatchObject({ ok: true });
    expect((await onB.post('/api/groups/muteall', { gid, val: true })).status).toBe(200);
    expect(await sendMsg(s, { gid, type: 'text', content: 'all muted' })).toEqual({ ok: false, error: 'api.msg.groupMuted' });
    expect((await onB.post('/api/groups/muteall', { gid, val: false })).status).toBe(200);
    expect(await sendMsg(s, { gid, type: 'text', content: 'three' })).toMatchObject({ ok: true });
    expect((await history(member, { gid })).map((m) => m.content)).toEqual(['one', 'two', 'three']);
  });

  it('a change that does not concern sending (the announcement) only makes the next send read the group again: it is stored', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster);
    const gid = await groupWith(owner, { members: [member] });
    const s = await connect(member, cluster.a);
    expect(await sendMsg(s, { gid, type: 'text', content: 'before' })).toMatchObject({ ok: true });
    expect((await owner.on(cluster.b).post('/api/groups/announce', { gid, announce: 'news' })).status).toBe(200);
    expect(await sendMsg(s, { gid, type: 'text', content: 'after' })).toMatchObject({ ok: true, message: { idx: 2 } });
  });

  it('a send the node has allowed before runs fewer statements than the first (no access read)', async () => {
    const owner = await newUser(cluster);
    const { first, again } = await firstAndSecondSends(owner, async () => ({ gid: await groupWith(owner) }));
    expect(Math.min(...again)).toBeLessThan(Math.min(...first));
  });
});

describe('a direct message allowed by what the node read before (the recipient and the friendship)', () => {
  it('a friendship ended on another node is refused at the next send; nothing of it is stored', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster);
    await befriend(ann, bob);
    const s = await connect(ann, cluster.a);
    expect(await sendMsg(s, { dm: bob.name, type: 'text', content: 'first' })).toMatchObject({ ok: true });
    expect((await bob.on(cluster.b).post('/api/friends/remove', { name: ann.name })).status).toBe(200);
    expect(await sendMsg(s, { dm: bob.name, type: 'text', content: 'after' })).toEqual({ ok: false, error: 'api.msg.notFriend' });
    expect(await storedCount(cluster.a, directRoom(await userId(cluster.a, ann.name), await userId(cluster.a, bob.name)))).toBe(1);
  });

  it('a recipient renamed on another node: the old name names nobody, the new one reaches the same conversation', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster);
    await befriend(ann, bob);
    const s = await connect(ann, cluster.a);
    expect(await sendMsg(s, { dm: bob.name, type: 'text', content: 'hi' })).toMatchObject({ ok: true, message: { idx: 1 } });
    const newName = `${bob.name}_r`;
    const admin = await adminClient(cluster, cluster.b);
    expect((await admin.post('/api/admin/user/rename', { name: bob.name, newName })).body).toEqual({ ok: true });
    expect(await sendMsg(s, { dm: bob.name, type: 'text', content: 'old name' })).toEqual({ ok: false, error: 'api.user.notFound' });
    expect(await sendMsg(s, { dm: newName, type: 'text', content: 'new name' })).toMatchObject({ ok: true, message: { idx: 2, dm: newName } });
  });

  it('a send the node has allowed before runs fewer statements than the first (no recipient lookup)', async () => {
    const ann = await newUser(cluster);
    const { first, again } = await firstAndSecondSends(ann, async () => {
      const friend = await newUser(cluster);
      await befriend(ann, friend);
      return { dm: friend.name };
    });
    expect(Math.min(...again)).toBeLessThan(Math.min(...first));
  });
});

describe('direct messages', () => {
  it('reach both people, each seeing the other’s name as dm', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster, { node: cluster.b });
    await befriend(ann, bob);
    const [sAnn, sAnnOther, sBob] = await Promise.all([connect(ann), connect(ann, cluster.b), connect(bob, cluster.b)]);
    const toBob = waitFor(sBob, 'msg');
    const toAnnOther = waitFor(sAnnOther, 'msg');
    const message = await sendText(sAnn, { dm: bob.name.toUpperCase() }, 'hi bob');
    expect(message).toMatchObject({ idx: 1, from: ann.name, content: 'hi bob', dm: bob.name });
    expect(message).not.toHaveProperty('gid');
    expect(await toAnnOther).toEqual(message);
    expect(await toBob).toEqual({ ...message, dm: ann.name });
    const reply = await sendText(sBob, { dm: ann.name }, 'hi ann');
    expect(reply).toMatchObject({ idx: 2, from: bob.name, dm: ann.name });
    expect(idxs(await history(ann, { dm: bob.name }))).toEqual([1, 2]);
  });

  it('to a non-friend: refused with api.msg.notFriend; nothing stored, the recipient hears nothing', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster);
    const [sAnn, sBob] = await Promise.all([connect(ann), connect(bob, cluster.b)]);
    const bobGot = collect(sBob, 'msg');
    expect(await sendMsg(sAnn, { dm: bob.name, type: 'text', content: 'psst' })).toEqual({ ok: false, error: 'api.msg.notFriend' });
    await settle();
    expect(bobGot).toEqual([]);
    expect(await storedCount(cluster.a, directRoom(await userId(cluster.a, ann.name), await userId(cluster.a, bob.name)))).toBe(0);
    // Friends once, then no longer: the gate closes again.
    await befriend(ann, bob);
    await sendText(sAnn, { dm: bob.name }, 'now we are friends');
    expect((await ann.post('/api/friends/remove', { name: bob.name })).status).toBe(200);
    expect(await sendMsg(sAnn, { dm: bob.name, type: 'text', content: 'still there?' })).toEqual({ ok: false, error: 'api.msg.notFriend' });
  });

  it('to oneself is 403 api.msg.self; to an unknown user 404 api.user.notFound', async () => {
    const ann = await newUser(cluster);
    const s = await connect(ann);
    expect(await sendMsg(s, { dm: ann.name, type: 'text', content: 'me' })).toEqual({ ok: false, error: 'api.msg.self' });
    expect(await sendMsg(s, { dm: 'nobody_here_42', type: 'text', content: '?' })).toEqual({ ok: false, error: 'api.user.notFound' });
  });
});

describe('idempotent retries (cid)', () => {
  it('the same sender and cid give back the same message, stored once (a retry is announced again with the same idx)', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster);
    const gid = await groupWith(owner, { members: [member] });
    const [sOwner, sMember] = await Promise.all([connect(owner), connect(member, cluster.b)]);
    const memberGot = collect(sMember, 'msg');
    const first = await sendText(sOwner, { gid }, 'only once', { cid: 'c-1' });
    const retry = await sendText(sOwner, { gid }, 'only once', { cid: 'c-1' });
    expect(retry).toEqual(first);
    // Retries racing each other, on both nodes, in one batch or several.
    const sOwnerB = await connect(owner, cluster.b);
    const burst = await Promise.all([
      sendText(sOwner, { gid }, 'burst', { cid: 'c-2' }),
      sendText(sOwner, { gid }, 'burst', { cid: 'c-2' }),
      sendText(sOwnerB, { gid }, 'burst', { cid: 'c-2' }),
    ]);
    expect(new Set(burst.map((m) => m.idx)).size).toBe(1);
    expect(burst[0].idx).toBe(2);
    await settle();
    // Receivers drop a (room, idx) they hold: the first announcement of a retried send may have died with its node.
    expect([...new Set(idxs(memberGot))]).toEqual([1, 2]);
    expect(idxs(memberGot).slice(0, 2)).toEqual([1, 1]);
    expect(await storedCount(cluster.a, groupRoom(gid))).toBe(2);
  });

  it('a cid belongs to its sender: another sender’s identical cid is another message', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster);
    const gid = await groupWith(owner, { members: [member] });
    const [sOwner, sMember] = await Promise.all([connect(owner), connect(member)]);
    const a = await sendText(sOwner, { gid }, 'mine', { cid: 'same' });
    const b = await sendText(sMember, { gid }, 'mine too', { cid: 'same' });
    const c = await sendText(sOwner, { gid }, 'another', { cid: 'other' });
    expect([a.idx, b.idx, c.idx]).toEqual([1, 2, 3]);
  });
});

describe('concurrency and delivery across nodes', () => crossNodeDeliveryTests(() => cluster));

describe('the newest 500 per room', () => {
  it('a send trims the oldest message, with its reactions, in the same statement', async () => {
    const owner = await newUser(cluster);
    const gid = await groupWith(owner);
    const ownerId = await userId(cluster.a, owner.name);
    const db = cluster.a.app.ctx.db;
    await db.query(
      `insert into messages (room, idx, from_id, gid, type, content, ts)
       select $1, i, $2, $3, 'text', 'seed ' || i, i from generate_series(1, 500) i`,
      [groupRoom(gid), ownerId, gid],
    );
    await db.query('insert into room_seq (room, last_idx) values ($1, 500)', [groupRoom(gid)]);
    await db.query(`insert into reactions (room, idx, emoji, user_id, ts) values ($1, 1, '👍', $2, 1)`, [groupRoom(gid), ownerId]);

    const s = await connect(owner);
    const m = await sendText(s, { gid }, 'number 501');
    expect(m.idx).toBe(501);
    expect(await storedCount(cluster.a, groupRoom(gid))).toBe(500);
    const page = await history(owner, { gid, limit: 1000 });
    expect(page).toHaveLength(500);
    expect(page[0].idx).toBe(2);
    expect(page.at(-1).idx).toBe(501);
    const left = await db.query<{ n: number }>('select count(*)::int as n from reactions where room = $1', [groupRoom(gid)]);
    expect(left[0]!.n).toBe(0);
    // A reply to the message that just fell out is not kept; to one still stored, it is.
    expect((await sendText(s, { gid }, 'to #1', { replyTo: 1 })).replyTo).toBeNull();
    expect((await sendText(s, { gid }, 'to #400', { replyTo: 400 })).replyTo).toBe(400);
    expect(await storedCount(cluster.a, groupRoom(gid))).toBe(500);
    // A burst is stored in batches of several messages: each trims as many as it adds, the oldest first.
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => sendText(s, { gid }, `burst ${i}`)));
    const newest = Math.max(...burst.map((b) => b.idx));
    expect(newest).toBe(515);
    expect(await storedCount(cluster.a, groupRoom(gid))).toBe(500);
    const after = await history(owner, { gid, limit: 1000 });
    expect(after.map((x: { idx: number }) => x.idx)).toEqual(Array.from({ length: 500 }, (_, i) => newest - 499 + i));
  });

  it('the hourly database.upkeep job gives trimmed messages\' space back to new ones and recycles the WAL (embedded: PGlite has no autovacuum or checkpointer); on Postgres it leaves both to the server', async () => {
    const owner = await newUser(cluster);
    const gid = await groupWith(owner);
    const ownerId = await userId(cluster.a, owner.name);
    const db = cluster.a.app.ctx.db;
    const room = groupRoom(gid);
    await db.query(
      `insert into messages (room, idx, from_id, gid, type, content, ts)
       select $1, i, $2, $3, 'text', 'seed ' || lpad(i::text, 4, '0'), i from generate_series(1, 500) i`,
      [room, ownerId, gid],
    );
    await db.query('insert into room_seq (room, last_idx) values ($1, 500)', [room]);
    const s = await connect(owner);
    const sendRound = async (label: string) => {
      for (let i = 0; i < 200; i++) await sendText(s, { gid }, `${label} ${String(i).padStart(4, '0')}`);
    };
    const heapBytes = async () => (await db.query<{ n: number }>(`select pg_relation_size('messages')::int as n`))[0]!.n;
    // Manual VACUUMs only: a server whose autovacuum is on may run one of its own meanwhile.
    const vacuums = async () =>
      (await db.query<{ n: number }>(`select vacuum_count::int as n from pg_stat_user_tables where relname = 'messages'`))[0]?.n ?? 0;
    const redo = async () => (await db.query<{ lsn: string }>('select redo_lsn::text as lsn from pg_control_checkpoint()'))[0]!.lsn;
    const walBytes = async () => (await db.query<{ n: number }>('select coalesce(sum(size), 0)::bigint::float8 as n from pg_ls_waldir()'))[0]!.n;
    await sendRound('trims'); // 200 sends, 200 seeded messages trimmed
    if (db.kind === 'pglite') {
      // More WAL than max_wal_size (64 MB), which nothing but a checkpoint recycles in PGlite.
      await db.exec(`create table upkeep_filler as select g, repeat('x', 500) as pad from generate_series(1, 200000) g; drop table upkeep_filler;`);
      expect(await walBytes()).toBeGreaterThan(96 * 1024 * 1024);
    }
    const vacuumsBefore = await vacuums();
    const redoBefore = await redo();
    await cluster.a.app.ctx.jobs.runNow('database.upkeep', {});
    const before = await heapBytes();
    await sendRound('reuse'); // 200 more, of the same size: they fit where the trimmed ones were
    expect(await storedCount(cluster.a, room)).toBe(500);
    if (db.kind === 'pglite') {
      expect(await heapBytes()).toBe(before);
      const moved = await db.query<{ n: number }>('select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::float8 as n', [await redo(), redoBefore]);
      expect(moved[0]!.n, 'a checkpoint was made').toBeGreaterThan(0);
      // max_wal_size (64 MB) and the segment being written.
      expect(await walBytes()).toBeLessThanOrEqual(80 * 1024 * 1024);
    } else {
      expect(await vacuums()).toBe(vacuumsBefore);
    }
  });
});

describe('replies', () => {
  it('keep replyTo only when it names a live message of the same room', async () => {
    const owner = await newUser(cluster);
    const friend = await newUser(cluster);
    await befriend(owner, friend);
    const [g1, g2] = [await groupWith(owner), await groupWith(owner)];
    const s = await connect(owner);
    await sendText(s, { gid: g1 }, 'one');
    await sendText(s, { gid: g1 }, 'two');
    const recalled = await sendText(s, { gid: g1 }, 'three, soon recalled');
    expect(await emitAck(s, 'recall', { gid: g1, idx: recalled.idx })).toEqual({ ok: true });
    await sendText(s, { gid: g2 }, 'g2 one');
    const table: Array<[{ gid: string } | { dm: string }, number, number | null]> = [
      [{ gid: g1 }, 2, 2], // live, same room
      [{ gid: g1 }, 99, null], // no such message
      [{ gid: g1 }, recalled.idx, null], // recalled
      [{ gid: g2 }, 3, null], // exists in g1 only
      [{ dm: friend.name }, 1, null], // the direct room is empty
    ];
    for (const [to, replyTo, kept] of table) {
      const m = await sendText(s, to, `re ${replyTo}`, { replyTo });
      expect(m.replyTo, `${JSON.stringify(to)} → ${replyTo}`).toBe(kept);
    }
    const stored = await history(owner, { gid: g1 });
    expect(stored.find((m) => m.content === 're 2').replyTo).toBe(2);
  });
});

describe('POST /api/messages', () => {
  it('with an API key (messages.send) stores and delivers like the socket event, to the sender’s own connections too', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster);
    const gid = await groupWith(owner, { members: [member] });
    const key = (await owner.post('/api/keys', { name: 'bot', scopes: ['messages.send'] })).body.plaintext;
    const bot = owner.on(cluster.b);
    bot.cookie = undefined;
    bot.apiKey = key;
    const [sMember, sOwner] = await Promise.all([connect(member, cluster.a), connect(owner, cluster.a)]);
    const heard = waitFor(sMember, 'msg');
    const ownerHeard = waitFor(sOwner, 'msg');
    const res = await bot.post('/api/messages', { gid, type: 'text', content: 'from a script', md: 1, cid: 'job-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, message: expect.objectContaining({ idx: 1, from: owner.name, content: 'from a script', md: 1, gid }) });
    expect(await heard).toEqual(res.body.message);
    // Sent over HTTP: no connection has it in an ack, so the owner's socket hears it.
    expect(await ownerHeard).toEqual(res.body.message);
    const retry = await bot.post('/api/messages', { gid, type: 'text', content: 'from a script', md: 1, cid: 'job-1' });
    expect(retry.body.message).toEqual(res.body.message);
    expect(await storedCount(cluster.a, groupRoom(gid))).toBe(1);
  });

  it('answers the spec statuses: 401, 403 without the scope, 413 too long, 400 blank, 403 not a friend, 404 unknown user', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster);
    const gid = await groupWith(ann);
    const readOnly = (await ann.post('/api/keys', { name: 'reader', scopes: ['messages.read'] })).body.plaintext;
    const reader = ann.on(cluster.a);
    reader.cookie = undefined;
    reader.apiKey = readOnly;
    const cases: Array<[Client, Record<string, unknown>, number, string]> = [
      [reader, { gid, type: 'text', content: 'x' }, 403, 'api.forbidden'],
      [ann, { gid, type: 'text', content: 'x'.repeat(4097) }, 413, 'api.msg.tooLong'],
      [ann, { gid, type: 'text', content: '' }, 400, 'api.msg.empty'],
      [ann, { gid, type: 'merge', content: 'x'.repeat(8001) }, 413, 'api.msg.tooLong'],
      [ann, { dm: bob.name, type: 'text', content: 'x' }, 403, 'api.msg.notFriend'],
      [ann, { dm: ann.name, type: 'text', content: 'x' }, 403, 'api.msg.self'],
      [ann, { dm: 'no_such_user_77', type: 'text', content: 'x' }, 404, 'api.user.notFound'],
      [ann, { gid: 'ffffffffffffffff', type: 'text', content: 'x' }, 404, 'api.group.notFound'],
      [ann, { gid, type: 'text', content: 'x', replyTo: 'one' }, 400, 'api.badRequest'],
    ];
    for (const [c, body, status, error] of cases) {
      const res = await c.post('/api/messages', body);
      expect([res.status, res.body.error], JSON.stringify(body).slice(0, 60)).toEqual([status, error]);
    }
    const anon = ann.on(cluster.a);
    anon.cookie = undefined;
    expect((await anon.post('/api/messages', { gid, type: 'text', content: 'x' })).status).toBe(401);
    expect(await storedCount(cluster.a, groupRoom(gid))).toBe(0);
  });

  it('a socket opened with an API key needs messages.send to act', async () => {
    const owner = await newUser(cluster);
    const gid = await groupWith(owner);
    const readOnly = (await owner.post('/api/keys', { name: 'r', scopes: ['messages.read'] })).body.plaintext;
    const both = (await owner.post('/api/keys', { name: 'rw', scopes: ['messages.read', 'messages.send'] })).body.plaintext;
    const keyless = owner.on(cluster.a);
    keyless.cookie = undefined;
    const sReader = await connect(keyless, cluster.a, readOnly);
    const sWriter = await connect(keyless, cluster.b, both);
    expect(await sendMsg(sReader, { gid, type: 'text', content: 'x' })).toEqual({ ok: false, error: 'api.forbidden' });
    expect(await emitAck(sReader, 'typing', { gid })).toEqual({ ok: false, error: 'api.forbidden' });
    expect(await sendMsg(sWriter, { gid, type: 'text', content: 'x' })).toMatchObject({ ok: true });
  });
});

describe('send guards', () => {
  it('a registered guard runs after authorisation and before storage; its refusal is the answer', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster);
    const gid = await groupWith(owner, { members: [member] });
    const mutedId = await userId(cluster.a, member.name);
    const checked: number[] = [];
    const guard = async (id: number) => {
      checked.push(id);
      if (id === mutedId) throw new AppError(403, 'api.msg.muted');
    };
    for (const n of cluster.nodes) n.app.ctx.hooks.sendGuards.push(guard);
    try {
      const [sOwner, sMember] = await Promise.all([connect(owner), connect(member, cluster.b)]);
      expect(await sendMsg(sMember, { gid, type: 'text', content: 'x' })).toEqual({ ok: false, error: 'api.msg.muted' });
      expect((await member.post('/api/messages', { gid, type: 'text', content: 'x' })).body).toEqual({ ok: false, error: 'api.msg.muted' });
      expect(await sendMsg(sOwner, { gid, type: 'text', content: 'fine' })).toMatchObject({ ok: true });
      // Refused before the guard: the guard never hears of outsiders.
      const outsider = await newUser(cluster);
      expect(await sendMsg(await connect(outsider), { gid, type: 'text', content: 'x' })).toEqual({ ok: false, error: 'api.group.noView' });
      expect(checked).not.toContain(await userId(cluster.a, outsider.name));
      expect(await storedCount(cluster.a, groupRoom(gid))).toBe(1);
    } finally {
      for (const n of cluster.nodes) n.app.ctx.hooks.sendGuards.splice(n.app.ctx.hooks.sendGuards.indexOf(guard), 1);
    }
  });
});

describe('metrics', () => {
  it('count messages sent by the node that stored them and deliveries by the node that wrote them to a connection', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster);
    await befriend(ann, bob);
    const gid = await groupWith(ann, { members: [bob] });
    // Bob has two connections on node b.
    const [sAnn, sBob, sBob2] = await Promise.all([connect(ann, cluster.a), connect(bob, cluster.b), connect(bob, cluster.b)]);
    const before = await counters();
    const bobHeard = Promise.all([sBob, sBob2].map((s) => waitFor(s, 'msg', (m) => m.dm !== undefined)));
    await sendText(sAnn, { gid }, 'g');
    await sendText(sAnn, { dm: bob.name }, 'd');
    await bobHeard;
    await settle();
    const after = await counters();
    expect(after.sent.group - before.sent.group).toBe(1);
    expect(after.sent.dm - before.sent.dm).toBe(1);
    // Each message reaches both of Bob's connections as an event (Ann's sending connection has it in the ack).
    expect(after.delivered.group - before.delivered.group).toBe(2);
    expect(after.delivered.dm - before.delivered.dm).toBe(2);
    // The latency is observed once per message by the node that wrote it, not once per connection.
    expect(after.timed.group - before.timed.group).toBe(1);
    expect(after.timed.dm - before.timed.dm).toBe(1);
  });
});

/** Sums of the messaging counters over every node (`timed`: observations of the delivery latency). */
async function counters() {
  const out = { sent: { group: 0, dm: 0 }, delivered: { group: 0, dm: 0 }, timed: { group: 0, dm: 0 } };
  for (const n of cluster.nodes) {
    for (const [name, into] of [
      ['chat_messages_sent_total', out.sent],
      ['chat_messages_delivered_total', out.delivered],
      ['chat_message_delivery_seconds', out.timed],
    ] as const) {
      const metric = await n.app.ctx.metrics.registry.getSingleMetric(name)!.get();
      for (const v of metric.values) {
        if (name === 'chat_message_delivery_seconds' && (v as { metricName?: string }).metricName !== `${name}_count`) continue;
        into[v.labels.kind as 'group' | 'dm'] += v.value;
      }
    }
  }
  return out;
}
