import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type Client, emitAck, newUser, trackSockets, waitFor } from '../helpers/client.ts';
import { history, sendMsg } from '../helpers/messages.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { befriend, groupWith } from '../helpers/social.ts';
import { bytes, download, uniquePng, uploadSingle } from '../helpers/uploads.ts';

type User = Client & { name: string };

const DAY = 86_400_000;

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const connect = trackSockets();

/** Uploads `content` as `user`; answers the upload response body. */
async function upload(user: User, content: Buffer, name = 'photo.png') {
  const res = await uploadSingle(user, content, name);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { url: string; deduped: boolean; size: number; kind: string; name: string };
}

/** Sends a file message over the socket; answers the ack. */
async function sendFile(user: User, to: { gid: string } | { dm: string }, url: string) {
  return sendMsg(await connect(user), { ...to, type: 'image', content: url, name: 'photo.png', size: 100 });
}

/** Sends a file message over HTTP; answers the response. */
const postFile = (user: User, to: { gid: string } | { dm: string }, url: string) =>
  user.post('/api/messages', { ...to, type: 'image', content: url, name: 'photo.png', size: 100 });

const served = async (url: string) => (await download(cluster.b, url)).status;
const nameOf = (url: string) => url.slice('/uploads/'.length);

/** The file flags of a conversation's file messages, oldest first. */
async function expiredFlags(reader: User, query: { gid: string } | { dm: string }): Promise<boolean[]> {
  return (await history(reader, query)).filter((m) => m.type !== 'text').map((m) => m.file_expired as boolean);
}

describe("someone else's file cannot be posted, then deleted through one's own group", () => {
  it('a message may not carry a file that is neither the sender’s nor shared with them (socket and HTTP): 403 api.file.notYours, nothing stored', async () => {
    const victim = await newUser(cluster);
    const friend = await newUser(cluster, { node: cluster.b });
    const attacker = await newUser(cluster);
    await befriend(victim, friend);
    await befriend(attacker, friend);
    const victimGroup = await groupWith(victim, { members: [friend] });
    const own = await groupWith(attacker);
    const { url } = await upload(victim, uniquePng());
    expect((await sendFile(victim, { gid: victimGroup }, url)).ok).toBe(true);
    expect((await postFile(victim, { dm: friend.name }, url)).status).toBe(200);

    expect(await sendFile(attacker, { gid: own }, url)).toEqual({ ok: false, error: 'api.file.notYours' });
    expect(await sendFile(attacker, { dm: friend.name }, url)).toEqual({ ok: false, error: 'api.file.notYours' });
    const http = await postFile(attacker.on(cluster.b) as User, { gid: own }, url);
    expect(http.status).toBe(403);
    expect(http.body).toEqual({ ok: false, error: 'api.file.notYours' });
    expect(await history(attacker, { gid: own })).toEqual([]);

    // With nothing of it in the attacker's group, the group's file delete has nothing to delete.
    const del = await attacker.post('/api/groups/file/delete', { gid: own, url });
    expect(del.status).toBe(404);
    expect(del.body.error).toBe('api.admin.fileNotFound');
    expect(await served(url)).toBe(200);
    expect(await expiredFlags(friend, { gid: victimGroup })).toEqual([false]);
    expect(await expiredFlags(friend, { dm: victim.name })).toEqual([false]);
    // A file that does not exist stays a 400, as before.
    expect(await sendFile(attacker, { gid: own }, `/uploads/${'0f'.repeat(16)}.png`)).toEqual({ ok: false, error: 'api.msg.badFile' });
  });

  it('a manager who did not upload a file withdraws it from their group only; it is removed once nothing live uses it', async () => {
    const owner = await newUser(cluster);
    const uploader = await newUser(cluster, { node: cluster.b });
    const friend = await newUser(cluster);
    await befriend(uploader, friend);
    const gid = await groupWith(owner, { members: [uploader] });
    const elsewhere = await groupWith(uploader, { members: [friend] });
    const shared = await upload(uploader, uniquePng());
    const onlyHere = await upload(uploader, uniquePng());
    const avatar = await upload(uploader, uniquePng());
    expect((await uploader.post('/api/profile', { avatar: avatar.url })).status).toBe(200);
    for (const url of [shared.url, onlyHere.url, avatar.url]) expect((await sendFile(uploader, { gid }, url)).ok).toBe(true);
    expect((await sendFile(uploader, { gid: elsewhere }, shared.url)).ok).toBe(true);
    expect((await sendFile(uploader, { dm: friend.name }, shared.url)).ok).toBe(true);

    // Used in another group and a direct conversation: only this group's message is marked.
    expect((await owner.on(cluster.b).post('/api/groups/file/delete', { gid, url: shared.url })).body).toEqual({ ok: true, expired: 1 });
    expect(await served(shared.url)).toBe(200);
    expect(await expiredFlags(owner, { gid })).toEqual([true, false, false]);
    expect(await expiredFlags(friend, { gid: elsewhere })).toEqual([false]);
    expect(await expiredFlags(friend, { dm: uploader.name })).toEqual([false]);
    // Withdrawn already: nothing of it is left in this group.
    expect((await owner.post('/api/groups/file/delete', { gid, url: shared.url })).status).toBe(404);
    const admin = await adminClient(cluster);
    const audited = await admin.get('/api/admin/logs', { action: 'file.withdraw', target: nameOf(shared.url) });
    expect(audited.body.logs).toHaveLength(1);
    expect(JSON.parse(audited.body.logs[0].detail)).toMatchObject({ k: 'api.audit.fileWithdraw', v: { gid, expired: 1, removed: false } });

    // Used nowhere else: removed.
    expect((await owner.post('/api/groups/file/delete', { gid, url: onlyHere.url })).body).toEqual({ ok: true, expired: 1 });
    expect(await served(onlyHere.url)).toBe(404);
    // An avatar keeps its file.
    expect((await owner.post('/api/groups/file/delete', { gid, url: avatar.url })).body).toEqual({ ok: true, expired: 1 });
    expect(await served(avatar.url)).toBe(200);
  });

  it("the uploader's own delete through a group they manage removes the file everywhere", async () => {
    const uploader = await newUser(cluster);
    const friend = await newUser(cluster, { node: cluster.b });
    await befriend(uploader, friend);
    const gid = await groupWith(uploader, { members: [friend] });
    const { url } = await upload(uploader, uniquePng());
    expect((await sendFile(uploader, { gid }, url)).ok).toBe(true);
    expect((await postFile(uploader, { dm: friend.name }, url)).status).toBe(200);
    expect((await uploader.post('/api/groups/file/delete', { gid, url })).body).toEqual({ ok: true, expired: 2 });
    expect(await served(url)).toBe(404);
    expect(await expiredFlags(friend, { dm: uploader.name })).toEqual([true]);
  });

  it('a platform administrator deletes any file, through a group or file/del', async () => {
    const owner = await newUser(cluster);
    const gid = await groupWith(owner);
    const viaGroup = await upload(owner, uniquePng());
    const viaAdmin = await upload(owner, uniquePng());
    const other = await groupWith(owner);
    for (const url of [viaGroup.url, viaAdmin.url]) {
      expect((await sendFile(owner, { gid }, url)).ok).toBe(true);
      expect((await sendFile(owner, { gid: other }, url)).ok).toBe(true);
    }
    const admin = await adminClient(cluster, cluster.b);
    expect((await admin.post('/api/groups/file/delete', { gid, url: viaGroup.url })).body).toEqual({ ok: true, expired: 2 });
    expect((await admin.post('/api/admin/file/del', { name: nameOf(viaAdmin.url) })).body).toEqual({ ok: true, expired: 2 });
    expect(await served(viaGroup.url)).toBe(404);
    expect(await served(viaAdmin.url)).toBe(404);
    expect(await expiredFlags(owner, { gid: other })).toEqual([true, true]);
  });
});

describe('forwarding a file shared with the sender', () => {
  it('works from a group they are a member of or a direct conversation of theirs, while that message is live', async () => {
    const uploader = await newUser(cluster);
    const member = await newUser(cluster, { node: cluster.b });
    const outsider = await newUser(cluster);
    const buddy = await newUser(cluster);
    await befriend(member, buddy);
    await befriend(uploader, buddy);
    const gid = await groupWith(uploader, { members: [member] });
    const memberGroup = await groupWith(member);
    const outsiderGroup = await groupWith(outsider);
    const { url } = await upload(uploader, uniquePng());
    const recalledPic = await upload(uploader, uniquePng());
    const sUploader = await connect(uploader);
    expect((await sendMsg(sUploader, { gid, type: 'image', content: url })).ok).toBe(true);
    const recalled = await sendMsg(sUploader, { gid, type: 'image', content: recalledPic.url });
    expect(await emitAck(sUploader, 'recall', { gid, idx: recalled.message.idx })).toEqual({ ok: true });

    // Shared in a group the member reads: forwarded over the socket and over HTTP.
    expect((await sendFile(member, { gid: memberGroup }, url)).ok).toBe(true);
    expect((await postFile(member, { dm: buddy.name }, url)).status).toBe(200);
    // The friend got it in a direct conversation: they may pass it on too.
    expect((await sendFile(buddy, { dm: uploader.name }, url)).ok).toBe(true);
    // A recalled message shares nothing; an outsider has nothing shared.
    expect(await sendFile(member, { gid: memberGroup }, recalledPic.url)).toEqual({ ok: false, error: 'api.file.notYours' });
    expect(await sendFile(outsider, { gid: outsiderGroup }, url)).toEqual({ ok: false, error: 'api.file.notYours' });
    // Leaving the group ends what it shared (the member's own forwards still count, in a group they read).
    const lone = await upload(uploader, uniquePng());
    expect((await sendMsg(sUploader, { gid, type: 'image', content: lone.url })).ok).toBe(true);
    expect((await member.post('/api/groups/leave', { gid })).status).toBe(200);
    expect(await sendFile(member, { gid: memberGroup }, lone.url)).toEqual({ ok: false, error: 'api.file.notYours' });
    // A message withdrawn by a manager (marked file_expired) shares nothing either.
    const joiner = await newUser(cluster);
    const joinerGroup = await groupWith(joiner);
    expect((await joiner.post('/api/groups/join', { gid })).status).toBe(200);
    expect((await buddy.post('/api/groups/join', { gid })).status).toBe(200);
    const withdrawn = await upload(buddy, uniquePng());
    expect((await sendFile(buddy, { gid }, withdrawn.url)).ok).toBe(true);
    expect((await sendFile(buddy, { dm: uploader.name }, withdrawn.url)).ok).toBe(true);
    const sJoiner = await connect(joiner);
    const forwarded = await sendMsg(sJoiner, { gid: joinerGroup, type: 'image', content: withdrawn.url });
    expect(forwarded.ok).toBe(true);
    expect(await emitAck(sJoiner, 'recall', { gid: joinerGroup, idx: forwarded.message.idx })).toEqual({ ok: true });
    expect((await uploader.post('/api/groups/file/delete', { gid, url: withdrawn.url })).body).toEqual({ ok: true, expired: 1 });
    expect(await served(withdrawn.url)).toBe(200);
    expect(await sendMsg(sJoiner, { gid: joinerGroup, type: 'image', content: withdrawn.url })).toEqual({ ok: false, error: 'api.file.notYours' });
  });

  it('a platform administrator may send any live file', async () => {
    const uploader = await newUser(cluster);
    const admin = (await adminClient(cluster)) as User;
    const gid = await groupWith(await newUser(cluster));
    const { url } = await upload(uploader, uniquePng());
    expect((await sendFile(admin, { gid }, url)).ok).toBe(true);
  });
});

describe('avatars hold their file: only its uploader may place one', () => {
  it("a profile avatar of someone else's upload is 403 api.file.notYours, even one shared with the user", async () => {
    const uploader = await newUser(cluster);
    const other = await newUser(cluster, { node: cluster.b });
    const gid = await groupWith(uploader, { members: [other] });
    const { url } = await upload(uploader, uniquePng());
    expect((await sendFile(uploader, { gid }, url)).ok).toBe(true);
    const res = await other.post('/api/profile', { avatar: url });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ ok: false, error: 'api.file.notYours' });
    expect((await other.get('/api/profile')).body.profile.avatar).toBe('');
    // Not an avatar, so administrators can still delete it.
    const admin = await adminClient(cluster);
    expect((await admin.post('/api/admin/file/del', { name: nameOf(url) })).status).toBe(200);
    // The same bytes uploaded by the user make an avatar of their own.
    const pic = uniquePng();
    await upload(uploader, pic);
    const mine = await upload(other, pic);
    expect(mine.deduped).toBe(true);
    expect((await other.post('/api/profile', { avatar: mine.url })).body).toEqual({ ok: true });
  });

  it("a group avatar naming someone else's upload here is 403; one's own, or a URL elsewhere, is accepted", async () => {
    const owner = await newUser(cluster);
    const stranger = await newUser(cluster);
    const gid = await groupWith(owner);
    const theirs = await upload(stranger, uniquePng());
    const mine = await upload(owner, uniquePng());
    const res = await owner.post('/api/groups/avatar', { gid, avatar: `${cluster.a.url}${theirs.url}?v=1` });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('api.file.notYours');
    expect((await owner.post('/api/groups/avatar', { gid, avatar: `https://elsewhere.example${theirs.url}` })).status).toBe(403);
    expect((await owner.post('/api/groups/avatar', { gid, avatar: `${cluster.a.url}${mine.url}` })).status).toBe(200);
    expect((await owner.post('/api/groups/avatar', { gid, avatar: 'https://elsewhere.example/cat.png' })).status).toBe(200);
    const admin = await adminClient(cluster);
    expect((await admin.post('/api/admin/file/del', { name: nameOf(theirs.url) })).status).toBe(200);
  });

  it('an administrator may set any live image as a user’s avatar (admin/user/image)', async () => {
    const uploader = await newUser(cluster);
    const target = await newUser(cluster);
    const { url } = await upload(uploader, uniquePng());
    const admin = await adminClient(cluster);
    expect((await admin.post('/api/admin/user/image', { name: target.name, image: url })).status).toBe(200);
    expect((await target.get('/api/profile')).body.profile.avatar).toBe(url);
  });
});

describe('deduplication keeps each upload its uploader’s', () => {
  it('two users uploading the same bytes get a record each; deleting one leaves the other intact', async () => {
    const [u1, u2] = [await newUser(cluster), await newUser(cluster, { node: cluster.b })];
    const content = bytes(700);
    const first = await upload(u1, content, 'one.txt');
    const second = await upload(u2.on(cluster.b) as User, content, 'two.txt');
    expect(first.deduped).toBe(false);
    expect(second).toMatchObject({ deduped: true, kind: 'document', size: 700, name: 'two.txt' });
    expect(second.url).not.toBe(first.url);
    // The same person again: the record they have.
    expect(await upload(u1, content, 'again.txt')).toMatchObject({ url: first.url, deduped: true, name: 'again.txt' });
    expect((await download(cluster.a, second.url)).body.equals(content)).toBe(true);

    const admin = await adminClient(cluster);
    const listed = await admin.get('/api/admin/files', { q: nameOf(first.url) });
    expect(listed.body.files).toEqual([{ name: nameOf(first.url), origin: 'one.txt', size: 700, ts: expect.any(Number), kind: 'document', used: 0, avatar: false }]);
    expect((await admin.get('/api/admin/files', { q: nameOf(second.url) })).body.files[0]).toMatchObject({ origin: 'two.txt' });

    // u1's file goes; u2's, backed by the same bytes, stays.
    const gid = await groupWith(u1);
    expect((await sendFile(u1, { gid }, first.url)).ok).toBe(true);
    expect((await u1.post('/api/groups/file/delete', { gid, url: first.url })).body).toEqual({ ok: true, expired: 1 });
    expect(await served(first.url)).toBe(404);
    expect((await download(cluster.a, second.url)).body.equals(content)).toBe(true);
    // The bytes are still stored: a new upload of them is deduplicated onto a new record of u1's.
    const third = await upload(u1, content, 'three.txt');
    expect(third.deduped).toBe(true);
    expect(third.url).not.toBe(first.url);
    // Once the last record of them goes, so do the bytes.
    for (const url of [second.url, third.url]) expect((await admin.post('/api/admin/file/del', { name: nameOf(url) })).status).toBe(200);
    expect(await served(second.url)).toBe(404);
    expect((await upload(u2, content, 'four.txt')).deduped).toBe(false);
  });

  it('concurrent uploads of the same bytes by several users each get one record, on one blob', async () => {
    const users = await Promise.all([0, 1, 2, 3].map((i) => newUser(cluster, { node: i % 2 ? cluster.b : cluster.a })));
    const content = bytes(900);
    const results = await Promise.all(users.flatMap((u) => [upload(u, content, 'same.txt'), upload(u, content, 'same.txt')]));
    const urls = results.map((r) => r.url);
    // Each user's two uploads share a record; the four users have four.
    for (let i = 0; i < users.length; i++) expect(urls[2 * i]).toBe(urls[2 * i + 1]);
    expect(new Set(urls).size).toBe(users.length);
    expect(results.filter((r) => !r.deduped)).toHaveLength(1);
    const blobs = await cluster.a.app.ctx.db.query<{ blob: string }>('select distinct blob from files where name = any($1::text[])', [urls.map(nameOf)]);
    expect(blobs).toHaveLength(1);
  });
});

// Moves the shared clock forward: runs last.
describe('retention', () => {
  it('expires each record by its own age; the bytes go with the last record', async () => {
    const [u1, u2] = [await newUser(cluster), await newUser(cluster)];
    const gid = await groupWith(u1, { members: [u2] });
    const content = bytes(800);
    const early = await upload(u1, content, 'early.txt');
    expect((await sendFile(u1, { gid }, early.url)).ok).toBe(true);
    cluster.clock.advance(10 * DAY);
    const late = await upload(u2, content, 'late.txt');
    expect(late.deduped).toBe(true);
    cluster.clock.advance(6 * DAY);
    // The member reading the group on the other node is told at once.
    const reader = await u2.socket({ node: cluster.b });
    const told = waitFor(reader, 'file.expired');
    await cluster.a.app.ctx.jobs.runNow('files.expire', {});
    expect(await served(early.url)).toBe(404);
    expect(await expiredFlags(u2, { gid })).toEqual([true]);
    expect(await told).toEqual({ gid, idxs: [1] });
    reader.close();
    expect((await download(cluster.b, late.url)).body.equals(content)).toBe(true);
    cluster.clock.advance(10 * DAY);
    await cluster.b.app.ctx.jobs.runNow('files.expire', {});
    expect(await served(late.url)).toBe(404);
    expect((await upload(u1, content, 'again.txt')).deduped).toBe(false);
  });
});
