import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, collect, newUser, sleep, waitFor } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

async function idOf(name: string): Promise<number> {
  return (await cluster.a.app.ctx.db.query<{ id: number }>('select id from users where name = $1', [name]))[0]!.id;
}

describe('announcements', () => {
  it('an administrator publishes; every connected user on every node receives it; the list is newest first', async () => {
    const admin = await adminClient(cluster);
    const reader = await newUser(cluster);
    const other = await newUser(cluster);
    const onB = await reader.socket({ node: cluster.b });
    const onA = await other.socket({ node: cluster.a });
    const seenB = waitFor(onB, 'announcement', (a: { title: string }) => a.title === 'Maintenance');
    const seenA = waitFor(onA, 'announcement', (a: { title: string }) => a.title === 'Maintenance');

    const first = await admin.post('/api/admin/announcements', { title: 'Welcome', content: 'Hello all' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, id: expect.any(Number) });
    const second = await admin.post('/api/admin/announcements', { title: '  Maintenance ', content: 'Tonight' });

    const pushed = await seenB;
    expect(pushed).toEqual({
      id: second.body.id, title: 'Maintenance', content: 'Tonight', actor: admin.name, created: expect.any(Number), updated: expect.any(Number),
    });
    expect(await seenA).toEqual(pushed);
    onA.close();
    onB.close();

    const list = await reader.on(cluster.b).get('/api/announcements');
    expect(list.status).toBe(200);
    const ids = list.body.announcements.map((a: { id: number }) => a.id);
    expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
    expect(list.body.announcements[ids.indexOf(first.body.id)]).toMatchObject({ title: 'Welcome', content: 'Hello all', actor: admin.name });
    expect((await reader.get('/api/announcements', { limit: 1 })).body.announcements).toHaveLength(1);
  });

  it('title is required and at most 100 characters, content at most 5000', async () => {
    const admin = await adminClient(cluster);
    const cases: Array<[unknown, number, string]> = [
      [{ content: 'no title' }, 400, 'api.announcement.badTitle'],
      [{ title: '   ' }, 400, 'api.announcement.badTitle'],
      [{ title: 5 }, 400, 'api.announcement.badTitle'],
      [{ title: 'x'.repeat(101) }, 413, 'api.tooLarge'],
      [{ title: 'ok', content: 'x'.repeat(5001) }, 413, 'api.tooLarge'],
    ];
    for (const [body, status, key] of cases) {
      const res = await admin.post('/api/admin/announcements', body);
      expect([res.status, res.body.error]).toEqual([status, key]);
    }
    expect((await admin.post('/api/admin/announcements', { title: 'x'.repeat(100), content: 'y'.repeat(5000) })).status).toBe(200);
    expect((await admin.post('/api/admin/announcements', { title: 'no content' })).status).toBe(200);
  });

  it('delete removes it (404 for an unknown id); only administrators publish or delete', async () => {
    const admin = await adminClient(cluster);
    const user = await newUser(cluster);
    const { id } = (await admin.post('/api/admin/announcements', { title: 'Temporary' })).body;
    expect((await user.post('/api/admin/announcements', { title: 'Mine' })).status).toBe(403);
    expect((await user.del('/api/admin/announcements', { id })).status).toBe(403);
    expect((await new Client(cluster.a).get('/api/announcements')).status).toBe(401);
    expect((await admin.on(cluster.b).del('/api/admin/announcements', { id })).body).toEqual({ ok: true });
    expect((await user.get('/api/announcements')).body.announcements.some((a: { id: number }) => a.id === id)).toBe(false);
    const again = await admin.del('/api/admin/announcements', { id });
    expect([again.status, again.body.error]).toEqual([404, 'api.announcement.notFound']);
    expect((await admin.del('/api/admin/announcements', {})).status).toBe(400);
    // The id may also come in the query string.
    const other = (await admin.post('/api/admin/announcements', { title: 'By query' })).body.id;
    expect((await admin.request('DELETE', `/api/admin/announcements?id=${other}`)).body).toEqual({ ok: true });
  });

  it('an API key reads announcements with profile.read', async () => {
    const user = await newUser(cluster);
    const bot = new Client(cluster.b);
    bot.apiKey = (await user.post('/api/keys', { name: 'reader', scopes: ['profile.read'] })).body.plaintext;
    expect((await bot.get('/api/announcements')).status).toBe(200);
    expect((await bot.get('/api/me/notifications')).status).toBe(200);
    expect((await bot.post('/api/me/notifications/read', { ids: [] })).status).toBe(403);
  });
});

describe('notifications', () => {
  const write = (userId: number, sourceId: string, title = 'api.notify.penalty.warning') =>
    cluster.a.app.services.mailbox.handleNotificationWrite({ userId, kind: 'test', sourceId, title, body: `body ${sourceId}` });

  it('newest first with the unread count; written live to the user\'s sockets on every node', async () => {
    const user = await newUser(cluster);
    const id = await idOf(user.name);
    const socket = await user.socket({ node: cluster.b });
    const live = waitFor(socket, 'notification', (n: { body: string }) => n.body === 'body n2');
    await write(id, 'n1');
    await write(id, 'n2');
    expect(await live).toMatchObject({ kind: 'test', title: 'api.notify.penalty.warning', body: 'body n2', read: 0, created: expect.any(Number) });
    socket.close();
    const res = await user.on(cluster.b).get('/api/me/notifications');
    expect(res.status).toBe(200);
    expect(res.body.unread).toBe(2);
    expect(res.body.notifications.map((n: { body: string }) => n.body)).toEqual(['body n2', 'body n1']);
    expect(Object.keys(res.body.notifications[0]).sort()).toEqual(['body', 'created', 'id', 'kind', 'read', 'title']);
  });

  it('the same (user, kind, source) is written and pushed once', async () => {
    const user = await newUser(cluster);
    const id = await idOf(user.name);
    const socket = await user.socket({ node: cluster.a });
    const seen = collect(socket, 'notification');
    await write(id, 'dup');
    await write(id, 'dup');
    await cluster.b.app.services.mailbox.handleNotificationWrite({ userId: id, kind: 'test', sourceId: 'dup', title: 'x', body: 'y' });
    await sleep(200);
    expect(seen).toHaveLength(1);
    socket.close();
    expect((await user.get('/api/me/notifications')).body.notifications).toHaveLength(1);
  });

  it('enqueueNotification goes through the job layer: a worker writes and pushes it, once', async () => {
    const user = await newUser(cluster);
    const id = await idOf(user.name);
    const socket = await user.socket({ node: cluster.b });
    const seen = collect(socket, 'notification');
    const job = { userId: id, kind: 'test', sourceId: 'queued', title: 'api.notify.penalty.warning', body: 'queued' };
    await cluster.a.app.services.mailbox.enqueueNotification(job);
    await cluster.a.app.services.mailbox.enqueueNotification(job);
    const until = Date.now() + 15_000;
    while (seen.length === 0 && Date.now() < until) await sleep(50);
    expect(seen).toEqual([expect.objectContaining({ kind: 'test', body: 'queued' })]);
    // The second job finds the notification written and pushes nothing.
    await sleep(2_500);
    expect(seen).toHaveLength(1);
    socket.close();
    expect((await user.get('/api/me/notifications')).body.notifications).toHaveLength(1);
  });

  it('read marks only the caller\'s own ids', async () => {
    const user = await newUser(cluster);
    const other = await newUser(cluster);
    const [uid, oid] = [await idOf(user.name), await idOf(other.name)];
    await write(uid, 'a');
    await write(uid, 'b');
    await write(oid, 'c');
    const mine = (await user.get('/api/me/notifications')).body.notifications as Array<{ id: number; body: string }>;
    const theirs = (await other.get('/api/me/notifications')).body.notifications as Array<{ id: number }>;
    const a = mine.find((n) => n.body === 'body a')!;
    const res = await user.on(cluster.b).post('/api/me/notifications/read', { ids: [a.id, theirs[0]!.id] });
    expect(res.body).toEqual({ ok: true, unread: 1 });
    const after = (await user.get('/api/me/notifications')).body;
    expect(after.unread).toBe(1);
    expect(after.notifications.find((n: { id: number }) => n.id === a.id).read).toBe(1);
    expect((await other.get('/api/me/notifications')).body).toMatchObject({ unread: 1, notifications: [{ read: 0 }] });
  });

  it('upTo marks all of the caller\'s notifications up to an id, beyond the page read; a newer one and others\' stay unread', async () => {
    const user = await newUser(cluster);
    const other = await newUser(cluster);
    const [uid, oid] = [await idOf(user.name), await idOf(other.name)];
    for (const n of ['1', '2', '3']) await write(uid, n);
    await write(oid, 'theirs');
    // The client shows one notification (limit 1) and marks all read up to it; then one more arrives.
    const page = (await user.get('/api/me/notifications?limit=1')).body;
    expect(page).toMatchObject({ unread: 3, notifications: [{ body: 'body 3' }] });
    await write(uid, '4');
    const res = await user.on(cluster.b).post('/api/me/notifications/read', { upTo: page.notifications[0].id });
    expect(res.body).toEqual({ ok: true, unread: 1 });
    const after = (await user.get('/api/me/notifications')).body;
    expect(after.notifications.map((n: { body: string; read: number }) => [n.body, n.read])).toEqual([
      ['body 4', 0], ['body 3', 1], ['body 2', 1], ['body 1', 1],
    ]);
    expect((await other.get('/api/me/notifications')).body).toMatchObject({ unread: 1 });
    // ids and upTo together: both apply.
    const newest = after.notifications[0].id;
    expect((await user.post('/api/me/notifications/read', { ids: [newest], upTo: 1 })).body).toEqual({ ok: true, unread: 0 });
  });

  it('validates ids: 400 for a wrong type, 413 for more than 1000; 401 without a login', async () => {
    const user = await newUser(cluster);
    expect((await user.post('/api/me/notifications/read', { ids: 'all' })).status).toBe(400);
    expect((await user.post('/api/me/notifications/read', { ids: [1.5] })).status).toBe(400);
    expect((await user.post('/api/me/notifications/read', {})).status).toBe(400);
    for (const upTo of [0, -1, 1.5, 'all', null]) {
      expect((await user.post('/api/me/notifications/read', { upTo })).body).toMatchObject({ ok: false, error: 'api.badRequest' });
    }
    expect((await user.post('/api/me/notifications/read', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) })).status).toBe(413);
    expect((await new Client(cluster.a).get('/api/me/notifications')).status).toBe(401);
    expect((await new Client(cluster.a).post('/api/me/notifications/read', { ids: [] })).status).toBe(401);
  });
});
