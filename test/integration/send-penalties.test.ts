import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, newUser } from '../helpers/client.ts';
import { history, sendMsg, sendText } from '../helpers/messages.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { befriend, groupWith } from '../helpers/social.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

describe('penalties on the send path (the sendGuards hook)', () => {
  it('a mute blocks socket and HTTP sends with api.msg.muted, on every node; revoking restores sending', async () => {
    const admin = await adminClient(cluster);
    const u = await newUser(cluster);
    const friend = await newUser(cluster);
    await befriend(u, friend);
    const gid = await groupWith(friend, { members: [u] });
    const s = await u.socket({ node: cluster.b });
    expect((await sendText(s, { gid }, 'before')).content).toBe('before');

    const add = await admin.post('/api/admin/penalties/add', { user: u.name, action: 'mute', duration: 3600, reason: 'spam' });
    expect(add.status).toBe(200);
    expect(await sendMsg(s, { gid, type: 'text', content: 'muted group' })).toEqual({ ok: false, error: 'api.msg.muted' });
    expect(await sendMsg(s, { dm: friend.name, type: 'text', content: 'muted dm' })).toEqual({ ok: false, error: 'api.msg.muted' });
    const http = await u.post('/api/messages', { gid, type: 'text', content: 'muted http' });
    expect(http.status).toBe(403);
    expect(http.body.error).toBe('api.msg.muted');
    expect((await history(friend, { gid })).map((m) => m.content)).toEqual(['before']);

    const { penalties } = (await admin.get('/api/admin/penalties', { user: u.name })).body;
    expect((await admin.post('/api/admin/penalties/revoke', { id: penalties[0].id })).status).toBe(200);
    expect((await sendText(s, { gid }, 'after')).content).toBe('after');
    s.close();
  });

  it('a timed mute ends by itself (clock), permanent ones do not', async () => {
    const admin = await adminClient(cluster);
    const u = await newUser(cluster);
    const timed = await groupWith(u);
    expect((await admin.post('/api/admin/penalties/add', { user: u.name, action: 'mute', duration: 60 })).status).toBe(200);
    const muted = await u.post('/api/messages', { gid: timed, type: 'text', content: 'x' });
    expect(muted.status, JSON.stringify(muted.body)).toBe(403);
    cluster.clock.advance(61_000);
    expect((await u.post('/api/messages', { gid: timed, type: 'text', content: 'y' })).status).toBe(200);

    await admin.post('/api/admin/penalties/add', { user: u.name, action: 'mute', duration: 0 });
    cluster.clock.advance(20 * 86_400_000); // within the session lifetime
    expect((await u.post('/api/messages', { gid: timed, type: 'text', content: 'z' })).status).toBe(403);
  });
});
