import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryCache } from '../../src/modules/messages/history-cache.ts';
import { adminClient, type Client, emitAck, newUser, trackSockets, uniqueName } from '../helpers/client.ts';
import { history, seedGroupMessages, sendMsg, sendText, userId } from '../helpers/messages.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { befriend, groupWith, statementsOf } from '../helpers/social.ts';
import { uniquePng, uploadSingle } from '../helpers/uploads.ts';

// Each node keeps a copy of the rooms it served (history-cache.ts), checked against the database's
// room version on every read. Here a room is read on node A (cluster.a), changed through node B
// (cluster.b, the same node in embedded mode), and read on A again.

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const connect = trackSockets();

/** Reads the page on node A twice: the second read must come from A's copy (no page statement). */
async function cachedOnA(c: Client, query: Record<string, string>): Promise<void> {
  const reader = c.on(cluster.a);
  expect((await reader.get('/api/messages', query)).status).toBe(200);
  // The access check and the version check, each one statement; not the page.
  expect(await statementsOf(cluster.a, () => reader.get('/api/messages', query))).toBeLessThanOrEqual(2);
}

describe('history served from a node’s copy', () => {
  it('shows on node A every change made through node B: new messages, reactions added and removed, recalls, file removals, renames, deleted accounts', async () => {
    const admin = await adminClient(cluster, cluster.b);
    const owner = await newUser(cluster);
    const member = await newUser(cluster, { node: cluster.b });
    const leaver = await newUser(cluster, { node: cluster.b });
    const gid = await groupWith(owner, { members: [member, leaver] });
    const [sMember, sLeaver] = await Promise.all([connect(member, cluster.b), connect(leaver, cluster.b)]);
    const first = await sendText(sMember, { gid }, 'first');
    const second = await sendText(sMember, { gid }, 'second');
    await sendText(sLeaver, { gid }, 'from an account about to go');
    const up = await uploadSingle(member.on(cluster.b), uniquePng(), 'photo.png');
    const image = (await sendMsg(sMember, { gid, type: 'image', content: up.body.url, name: 'photo.png', size: up.body.size })).message;
    const up2 = await uploadSingle(member.on(cluster.b), uniquePng(), 'other.png');
    const image2 = (await sendMsg(sMember, { gid, type: 'image', content: up2.body.url, name: 'other.png', size: up2.body.size })).message;
    const readA = () => history(owner.on(cluster.a), { gid });
    await cachedOnA(owner, { gid });
    const byIdx = async () => new Map((await readA()).map((m) => [m.idx, m]));

    // A new message.
    const third = await sendText(sMember, { gid }, 'third');
    expect((await readA()).map((m) => m.content)).toContain('third');

    // A reaction, then its removal.
    expect(await emitAck(sMember, 'react', { gid, idx: first.idx, emoji: '👍' })).toMatchObject({ ok: true });
    expect((await byIdx()).get(first.idx).reactions).toEqual({ '👍': [member.name] });
    expect(await emitAck(sMember, 'react', { gid, idx: first.idx, emoji: '👍' })).toMatchObject({ ok: true });
    expect((await byIdx()).get(first.idx).reactions).toEqual({});

    // A recall (with a reaction on the message, which goes with it).
    expect(await emitAck(sLeaver, 'react', { gid, idx: second.idx, emoji: '😮' })).toMatchObject({ ok: true });
    expect((await byIdx()).get(second.idx).reactions).toEqual({ '😮': [leaver.name] });
    expect(await emitAck(sMember, 'recall', { gid, idx: second.idx })).toEqual({ ok: true });
    expect((await byIdx()).get(second.idx)).toMatchObject({ recalled: true, content: '', reactions: {} });

    // A file removed from the group by its manager, and one deleted by a platform admin: file_expired.
    expect((await owner.on(cluster.b).post('/api/groups/file/delete', { gid, url: up.body.url })).body).toEqual({ ok: true, expired: 1 });
    expect((await byIdx()).get(image.idx)).toMatchObject({ file_expired: true });
    const del = await admin.post('/api/admin/file/del', { name: up2.body.url.slice('/uploads/'.length) });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await byIdx()).get(image2.idx)).toMatchObject({ file_expired: true });

    // A rename: the sender's name in records and in reactions.
    expect(await emitAck(sLeaver, 'react', { gid, idx: third.idx, emoji: '🎉' })).toMatchObject({ ok: true });
    const newName = uniqueName('rn');
    expect((await admin.post('/api/admin/user/rename', { name: member.name, newName })).body).toEqual({ ok: true });
    const renamed = await byIdx();
    expect(renamed.get(third.idx)).toMatchObject({ from: newName });
    expect(renamed.get(first.idx)).toMatchObject({ from: newName });

    // A deleted account: its messages and reactions go from the room.
    expect((await byIdx()).get(third.idx).reactions).toEqual({ '🎉': [leaver.name] });
    expect((await admin.post('/api/admin/user/del', { name: leaver.name })).body).toEqual({ ok: true });
    const after = await readA();
    expect(after.some((m) => m.content === 'from an account about to go')).toBe(false);
    expect(after.find((m) => m.idx === third.idx).reactions).toEqual({});
  });

  it('a full room: the trim that comes with a new message shows on node A', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster, { node: cluster.b });
    const gid = await groupWith(owner, { members: [member] });
    await seedGroupMessages(cluster.a, gid, await userId(cluster.a, owner.name), 500, 1_000);
    await cachedOnA(owner, { gid });
    const before = await history(owner.on(cluster.a), { gid });
    expect([before.length, before[0].idx, before.at(-1).idx]).toEqual([500, 1, 500]);
    const s = await connect(member, cluster.b);
    await sendText(s, { gid }, 'number 501');
    const after = await history(owner.on(cluster.a), { gid });
    expect([after.length, after[0].idx, after.at(-1).idx, after.at(-1).content]).toEqual([500, 2, 501, 'number 501']);
  });

  it('answers every window from the copy as the database would: limit, before, after, both', async () => {
    const owner = await newUser(cluster);
    const gid = await groupWith(owner);
    await seedGroupMessages(cluster.a, gid, await userId(cluster.a, owner.name), 30, 1_000);
    const reader = owner.on(cluster.a);
    await cachedOnA(owner, { gid });
    const idxs = async (q: Record<string, string | number>) => (await history(reader, { gid, ...q })).map((m) => m.idx);
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
    expect(await idxs({})).toEqual(range(1, 30));
    expect(await idxs({ limit: 5 })).toEqual(range(26, 30));
    expect(await idxs({ before: 10 })).toEqual(range(1, 9));
    expect(await idxs({ before: 10, limit: 3 })).toEqual(range(7, 9));
    expect(await idxs({ before: 1 })).toEqual([]);
    expect(await idxs({ after: 25 })).toEqual(range(26, 30));
    expect(await idxs({ after: 0, limit: 4 })).toEqual(range(1, 4));
    expect(await idxs({ after: 30 })).toEqual([]);
    expect(await idxs({ after: 5, before: 20, limit: 3 })).toEqual(range(6, 8));
    expect(await idxs({ after: 5, before: 9 })).toEqual(range(6, 8));
    expect(await idxs({ limit: 500 })).toEqual(range(1, 30));
  });

  it('direct conversations: each side’s copy, labelled with the other’s name, shows recalls and reactions made on the other node', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster, { node: cluster.b });
    await befriend(ann, bob);
    const sBob = await connect(bob, cluster.b);
    const m = await sendText(sBob, { dm: ann.name }, 'hello ann');
    await cachedOnA(ann, { dm: bob.name });
    await cachedOnA(bob, { dm: ann.name });
    expect((await history(ann.on(cluster.a), { dm: bob.name }))[0]).toMatchObject({ dm: bob.name, content: 'hello ann' });
    expect((await history(bob.on(cluster.a), { dm: ann.name }))[0]).toMatchObject({ dm: ann.name, content: 'hello ann' });
    expect(await emitAck(sBob, 'react', { dm: ann.name, idx: m.idx, emoji: '❤️' })).toMatchObject({ ok: true });
    expect((await history(ann.on(cluster.a), { dm: bob.name }))[0].reactions).toEqual({ '❤️': [bob.name] });
    expect(await emitAck(sBob, 'recall', { dm: ann.name, idx: m.idx })).toEqual({ ok: true });
    for (const [reader, dm] of [
      [ann, bob.name],
      [bob, ann.name],
    ] as const) {
      expect((await history(reader.on(cluster.a), { dm }))[0]).toMatchObject({ dm, recalled: true, content: '', reactions: {} });
    }
  });

  it('access is checked on every read as before: someone who left or was banned is refused though the room is held', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster);
    const admin = await adminClient(cluster, cluster.b);
    const banned = await newUser(cluster);
    const gid = await groupWith(owner, { members: [member, banned] });
    const s = await connect(owner);
    await sendText(s, { gid }, 'members only');
    await cachedOnA(member, { gid });
    await cachedOnA(banned, { gid });
    expect((await member.on(cluster.b).post('/api/groups/leave', { gid })).status).toBe(200);
    const left = await member.on(cluster.a).get('/api/messages', { gid });
    expect([left.status, left.body.error]).toEqual([403, 'api.group.noView']);
    const ban = await admin.post('/api/admin/penalties/add', { user: banned.name, action: 'ban', duration: 0 });
    expect(ban.status, JSON.stringify(ban.body)).toBe(200);
    expect([401, 403]).toContain((await banned.on(cluster.a).get('/api/messages', { gid })).status);
    expect((await history(owner.on(cluster.a), { gid })).map((x) => x.content)).toEqual(['members only']);
  });

  it('holds at most its limit of rooms, least recently used first out', async () => {
    const owner = await newUser(cluster);
    const gids = [await groupWith(owner), await groupWith(owner), await groupWith(owner)];
    const cache = new HistoryCache(cluster.a.app.ctx.db, { rooms: 2, chars: 1_000_000 });
    const page = async (gid: string) => {
      const room = `g:${gid}`;
      return cache.page(room, { key: 'gid', value: gid }, await cache.version(room), { limit: 500 });
    };
    for (const gid of gids) expect(await page(gid)).toBe('[]');
    expect(cache.size().rooms).toBe(2);
    const tiny = new HistoryCache(cluster.a.app.ctx.db, { rooms: 10, chars: 10 });
    const s = await connect(owner);
    await sendText(s, { gid: gids[0]! }, 'more than ten characters of JSON');
    const room = `g:${gids[0]}`;
    expect(JSON.parse(await tiny.page(room, { key: 'gid', value: gids[0]! }, await tiny.version(room), { limit: 500 }))).toHaveLength(1);
    expect(tiny.size()).toEqual({ rooms: 0, chars: 0 });
  });
});
