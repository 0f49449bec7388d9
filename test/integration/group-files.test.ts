import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, newUser, waitFor } from '../helpers/client.ts';
import { history, sendMsg } from '../helpers/messages.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { befriend, groupWith, recorder, settle } from '../helpers/social.ts';
import { download, uniquePng, uploadSingle } from '../helpers/uploads.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

describe('POST /api/groups/file/delete', () => {
  it('managers remove a file shared in their group; its messages stay, marked file_expired', async () => {
    const owner = await newUser(cluster);
    const groupAdmin = await newUser(cluster);
    const member = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner, { admins: [groupAdmin], members: [member] });
    const other = await groupWith(outsider);
    const up = await uploadSingle(member, uniquePng(), 'photo.png');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const url: string = up.body.url;
    const s = await member.socket();
    expect((await sendMsg(s, { gid, type: 'image', content: url, name: 'photo.png', size: up.body.size })).ok).toBe(true);
    s.close();

    // Plain members, outsiders and managers of another group cannot.
    expect((await member.post('/api/groups/file/delete', { gid, url })).status).toBe(403);
    const outside = await outsider.post('/api/groups/file/delete', { gid, url });
    expect(outside.status).toBe(403);
    expect(outside.body.error).toBe('api.group.noView');
    const elsewhere = await outsider.post('/api/groups/file/delete', { gid: other, url });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toBe('api.admin.fileNotFound');
    // Bad input.
    expect((await owner.post('/api/groups/file/delete', { gid, url: '/uploads/../etc/passwd' })).body.error).toBe('api.admin.fileInvalid');
    expect((await owner.post('/api/groups/file/delete', { gid: 'nothex', url })).status).toBe(400);
    expect((await owner.post('/api/groups/file/delete', { gid: '0123456789abcdef', url })).status).toBe(404);

    const res = await groupAdmin.on(cluster.b).post('/api/groups/file/delete', { gid, url });
    expect(res.body).toEqual({ ok: true, expired: 1 });
    expect((await download(cluster.b, url)).status).toBe(404);
    const [msg] = await history(member, { gid });
    expect(msg).toMatchObject({ type: 'image', file_expired: true });
    // Already gone.
    expect((await owner.post('/api/groups/file/delete', { gid, url })).status).toBe(404);
  });

  it('a platform administrator may, without being a member', async () => {
    const owner = await newUser(cluster);
    const admin = await adminClient(cluster);
    const gid = await groupWith(owner);
    const up = await uploadSingle(owner, uniquePng(), 'a.png');
    const s = await owner.socket();
    expect((await sendMsg(s, { gid, type: 'file', content: up.body.url, name: 'a.png', size: up.body.size })).ok).toBe(true);
    s.close();
    expect((await admin.post('/api/groups/file/delete', { gid, url: up.body.url })).body).toEqual({ ok: true, expired: 1 });
  });

  it('announces file.expired, after the commit, to the rooms whose messages it marked and to no one else, on every node', async () => {
    const owner = await newUser(cluster);
    const groupAdmin = await newUser(cluster);
    const uploader = await newUser(cluster);
    const friend = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner, { admins: [groupAdmin], members: [uploader] });
    await befriend(uploader, friend);
    const up = await uploadSingle(uploader, uniquePng(), 'shared.png');
    const url: string = up.body.url;
    const sUploader = await uploader.socket();
    const sOwner = await owner.on(cluster.b).socket();
    const sFriend = await friend.on(cluster.b).socket();
    const sOutsider = await outsider.socket();
    const file = { type: 'image', content: url, name: 'shared.png', size: up.body.size };
    const inGroup = (await sendMsg(sUploader, { gid, ...file })).message.idx as number;
    const inDm = (await sendMsg(sUploader, { dm: friend.name, ...file })).message.idx as number;
    const heardByOutsider = recorder(sOutsider, ['file.expired'])['file.expired']!;
    const heardByFriend = recorder(sFriend, ['file.expired'])['file.expired']!;

    // A group admin who did not upload it withdraws it from the group: the group hears, the direct conversation keeps it.
    const ownerHears = waitFor(sOwner, 'file.expired');
    const uploaderHearsGroup = waitFor(sUploader, 'file.expired', (p) => p.gid === gid);
    expect((await groupAdmin.post('/api/groups/file/delete', { gid, url })).body).toEqual({ ok: true, expired: 1 });
    expect(await ownerHears).toEqual({ gid, idxs: [inGroup] });
    expect(await uploaderHearsGroup).toEqual({ gid, idxs: [inGroup] });
    const [dmMessage] = await history(friend, { dm: uploader.name });
    expect(dmMessage).toMatchObject({ idx: inDm, file_expired: false });

    // The administrator deletes the file: each side of the direct conversation hears it, named from its side.
    const friendHears = waitFor(sFriend, 'file.expired');
    const uploaderHearsDm = waitFor(sUploader, 'file.expired', (p) => p.dm !== undefined);
    const admin = await adminClient(cluster);
    expect((await admin.post('/api/admin/file/del', { name: url.slice('/uploads/'.length) })).body).toEqual({ ok: true, expired: 1 });
    expect(await friendHears).toEqual({ dm: uploader.name, idxs: [inDm] });
    expect(await uploaderHearsDm).toEqual({ dm: friend.name, idxs: [inDm] });
    const [after] = await history(friend, { dm: uploader.name });
    expect(after).toMatchObject({ idx: inDm, file_expired: true });

    // A refused deletion (already gone) announces nothing; no one outside the rooms heard anything.
    expect((await admin.post('/api/admin/file/del', { name: url.slice('/uploads/'.length) })).status).toBe(404);
    await settle();
    expect(heardByFriend).toHaveLength(1);
    expect(heardByOutsider).toEqual([]);
    for (const s of [sUploader, sOwner, sFriend, sOutsider]) s.close();
  });
});
