import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, newUser } from '../helpers/client.ts';
import { history, sendMsg } from '../helpers/messages.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { groupWith } from '../helpers/social.ts';
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
});
