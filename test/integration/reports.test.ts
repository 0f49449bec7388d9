import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, newUser, trackSockets, waitFor } from '../helpers/client.ts';
import { sendText } from '../helpers/messages.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { befriend, groupWith } from '../helpers/social.ts';

let cluster: TestCluster;
let admin: Client & { name: string };
beforeAll(async () => {
  cluster = await startCluster();
  admin = await adminClient(cluster);
});
afterAll(() => cluster?.close());

const connect = trackSockets();

interface Report {
  id: number;
  status: string;
  [field: string]: unknown;
}

/** A group where `author` posted a message that `reporter` reports; returns the report id. */
async function messageReport(reason = 'rude') {
  const reporter = await newUser(cluster);
  const author = await newUser(cluster);
  const gid = await groupWith(reporter, { members: [author] });
  const m = await sendText(await connect(author), { gid }, 'something rude');
  const res = await reporter.post('/api/report', { type: 'message', gid, idx: m.idx, reason });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.id as number, reporter, author, gid, message: m };
}

async function reportById(id: number, status?: string): Promise<Report | undefined> {
  const res = await admin.on(cluster.b).get('/api/admin/reports', { limit: 1000, ...(status ? { status } : {}) });
  expect(res.status).toBe(200);
  return (res.body.reports as Report[]).find((r) => r.id === id);
}

async function auditEntry(action: string, target: string) {
  const { logs } = (await admin.get('/api/admin/logs', { action, target, pageSize: 1 })).body;
  expect(logs, `no ${action} entry about ${target}`).toHaveLength(1);
  return { ...logs[0], detail: JSON.parse(logs[0].detail) };
}

describe('access', () => {
  it('needs a login (401) and an administrator (403); bad ids are 400', async () => {
    const anon = new Client(cluster.a);
    const user = await newUser(cluster);
    for (const c of [anon, user]) {
      const expected = c === anon ? 401 : 403;
      expect((await c.get('/api/admin/reports')).status).toBe(expected);
      expect((await c.post('/api/admin/reports/dismiss', { id: 1 })).status).toBe(expected);
      expect((await c.post('/api/admin/reports/punish', { id: 1, user: user.name, action: 'mute', duration: 60 })).status).toBe(expected);
    }
    for (const body of [{}, { id: 'x' }, { id: -1 }]) {
      const res = await admin.post('/api/admin/reports/dismiss', body);
      expect([res.status, res.body.ok]).toEqual([400, false]);
    }
    expect((await admin.get('/api/admin/reports', { status: 'open' })).status).toBe(400);
    expect((await admin.get('/api/admin/reports', { limit: 0 })).status).toBe(400);
  });
});

describe('GET /api/admin/reports', () => {
  it('lists a message report with reporter, address, the reported item and the snapshot', async () => {
    const { id, reporter, author, gid, message } = await messageReport();
    const report = await reportById(id);
    expect(report).toEqual({
      id,
      type: 'message',
      reporter: reporter.name,
      ip: reporter.ip,
      user: author.name,
      room: { type: 'group', gid, name: expect.any(String) },
      idx: message.idx,
      reason: 'rude',
      snapshot: expect.objectContaining({ content: 'something rude', idx: message.idx }),
      status: 'pending',
      created: expect.any(Number),
      handled: null,
      handler: '',
      penaltyId: null,
    });
  });

  it('shows a direct conversation by its participants, and a user report without a room', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster);
    await befriend(ann, bob);
    const m = await sendText(await connect(bob), { dm: ann.name }, 'spam');
    const dm = (await ann.post('/api/report', { type: 'message', dm: bob.name, idx: m.idx, reason: 'spam' })).body.id;
    const direct = await reportById(dm);
    expect(direct?.room).toMatchObject({ type: 'direct' });
    expect([...((direct?.room as { users: string[] } | undefined)?.users ?? [])].sort()).toEqual([ann.name, bob.name].sort());
    const about = (await ann.post('/api/report', { type: 'user', name: bob.name, reason: 'impostor' })).body.id;
    expect(await reportById(about)).toMatchObject({ type: 'user', user: bob.name, room: null, idx: null, snapshot: null, reason: 'impostor' });
  });

  it('puts pending reports first (newest first), filters by status and pages', async () => {
    const closed = await messageReport();
    expect((await admin.post('/api/admin/reports/dismiss', { id: closed.id })).body).toEqual({ ok: true });
    const open = await messageReport();
    const all = (await admin.get('/api/admin/reports', { limit: 1000 })).body.reports as Report[];
    const statuses = all.map((r) => r.status);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.indexOf('dismissed'));
    const pendingIds = all.filter((r) => r.status === 'pending').map((r) => r.id);
    expect(pendingIds).toEqual([...pendingIds].sort((a, b) => b - a));
    expect(pendingIds).toContain(open.id);

    const dismissed = (await admin.get('/api/admin/reports', { status: 'dismissed' })).body.reports as Report[];
    expect(dismissed.every((r) => r.status === 'dismissed')).toBe(true);
    expect(dismissed.map((r) => r.id)).toContain(closed.id);
    expect(((await admin.get('/api/admin/reports', { status: 'pending' })).body.reports as Report[]).map((r) => r.id)).not.toContain(closed.id);

    const first = (await admin.get('/api/admin/reports', { limit: 1 })).body.reports as Report[];
    const second = (await admin.get('/api/admin/reports', { limit: 1, offset: 1 })).body.reports as Report[];
    expect(first).toHaveLength(1);
    expect([first[0]!.id, second[0]!.id]).toEqual(all.slice(0, 2).map((r) => r.id));
  });
});

describe('POST /api/admin/reports/dismiss', () => {
  it('closes the report as dismissed by the caller, audited; a second decision is 409, an unknown id 404', async () => {
    const { id, author, reporter, gid, message } = await messageReport();
    expect((await admin.post('/api/admin/reports/dismiss', { id })).body).toEqual({ ok: true });
    expect(await reportById(id)).toMatchObject({ status: 'dismissed', handler: admin.name, handled: expect.any(Number), penaltyId: null });
    const again = await admin.post('/api/admin/reports/dismiss', { id });
    expect([again.status, again.body.error]).toEqual([409, 'api.report.handled']);
    const punishLater = await admin.post('/api/admin/reports/punish', { id, user: author.name, action: 'mute', duration: 60 });
    expect([punishLater.status, punishLater.body.error]).toEqual([409, 'api.report.handled']);
    const missing = await admin.post('/api/admin/reports/dismiss', { id: 9_999_999 });
    expect([missing.status, missing.body.error]).toEqual([404, 'api.report.notFound']);
    expect(await auditEntry('report.dismiss', author.name)).toMatchObject({
      actor: admin.name,
      detail: { k: 'api.audit.reportDismiss', v: { id, user: author.name, reporter: reporter.name } },
    });
    // The reporter may report the same message again once the earlier report is closed.
    expect((await reporter.post('/api/report', { type: 'message', gid, idx: message.idx, reason: 'still rude' })).status).toBe(200);
  });
});

describe('POST /api/admin/reports/punish', () => {
  it('imposes the penalty with all its effects, closes the report, notifies the user and audits both', async () => {
    const { id, author, gid } = await messageReport();
    const socket = await connect(author, cluster.b);
    const pushed = waitFor(socket, 'penalty');
    const notified = waitFor(socket, 'notification', (n: { kind: string }) => n.kind === 'penalty', 10_000);
    const res = await admin.post('/api/admin/reports/punish', { id, user: author.name, action: 'mute', duration: 3600, reason: 'be nice' });
    expect(res.body).toEqual({ ok: true, penaltyId: expect.any(Number) });
    const { penaltyId } = res.body;

    expect(await pushed).toEqual({ action: 'mute', expires: expect.any(Number), reason: 'be nice' });
    expect(await notified).toMatchObject({ kind: 'penalty', title: 'api.notify.penalty.mute' });
    expect(await reportById(id)).toMatchObject({ status: 'punished', handler: admin.name, penaltyId, handled: expect.any(Number) });
    const penalties = (await admin.get('/api/admin/penalties', { user: author.name })).body.penalties;
    expect(penalties).toEqual([expect.objectContaining({ id: penaltyId, action: 'mute', duration: 3600, reason: 'be nice', active: true })]);
    // The mute is in force on every send path.
    const send = await author.on(cluster.a).post('/api/messages', { gid, type: 'text', content: 'hello?' });
    expect([send.status, send.body.error]).toEqual([403, 'api.msg.muted']);

    expect(await auditEntry('report.punish', author.name)).toMatchObject({
      actor: admin.name,
      detail: { k: 'api.audit.reportPunish', v: { id, action: 'mute', punished: author.name, penalty: penaltyId } },
    });
    expect(await auditEntry('penalty.add', author.name)).toMatchObject({ detail: { v: { id: penaltyId } } });
    const twice = await admin.post('/api/admin/reports/punish', { id, user: author.name, action: 'mute', duration: 60 });
    expect([twice.status, twice.body.error]).toEqual([409, 'api.report.handled']);
  });

  it('a ban through a report ends the user\'s sessions; a permanent one has no expiry', async () => {
    const { id, author } = await messageReport();
    const res = await admin.post('/api/admin/reports/punish', { id, user: author.name, action: 'ban', duration: 0 });
    expect(res.status).toBe(200);
    expect((await author.get('/api/me')).status).toBe(401);
    const [penalty] = (await admin.get('/api/admin/penalties', { user: author.name })).body.penalties;
    expect(penalty).toMatchObject({ action: 'ban', expires: null, active: true });
  });

  it('an ip ban of the reporter covers the address recorded with the report', async () => {
    const { id, reporter } = await messageReport('false alarm');
    const res = await admin.post('/api/admin/reports/punish', { id, user: reporter.name, action: 'ipban', duration: 600 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [penalty] = (await admin.get('/api/admin/penalties', { user: reporter.name })).body.penalties;
    expect(penalty).toMatchObject({ action: 'ipban', ip: reporter.ip });
    const refused = await new Client(cluster.b).request('GET', '/api/health', undefined, { 'x-forwarded-for': reporter.ip });
    expect(refused.status).toBe(403);
  });

  it('refuses bad input without closing the report or imposing anything', async () => {
    const { id, author } = await messageReport();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ id, user: author.name, action: 'kick', duration: 60 }, 400, 'api.penalty.badAction'],
      [{ id, user: author.name, action: 'mute', duration: -5 }, 400, 'api.penalty.badDuration'],
      [{ id, user: author.name, action: 'mute', duration: 60, reason: 'x'.repeat(501) }, 413, 'api.tooLarge'],
      [{ id, user: 'nobody_here_zz', action: 'mute', duration: 60 }, 404, 'api.user.notFound'],
      [{ id, user: admin.name, action: 'mute', duration: 60 }, 400, 'api.penalty.self'],
      [{ id: 9_999_999, user: author.name, action: 'mute', duration: 60 }, 404, 'api.report.notFound'],
      [{ user: author.name, action: 'mute', duration: 60 }, 400, 'api.badRequest'],
    ];
    for (const [body, status, error] of cases) {
      const res = await admin.post('/api/admin/reports/punish', body);
      expect([res.status, res.body.error], JSON.stringify(body)).toEqual([status, error]);
    }
    // An ip ban of the administrator's own address fails inside the transaction: nothing is kept.
    const sameAddress = new Client(cluster.a);
    sameAddress.cookie = admin.cookie;
    sameAddress.ip = author.ip;
    const own = await sameAddress.post('/api/admin/reports/punish', { id, user: author.name, action: 'ipban', duration: 60 });
    expect([own.status, own.body.error]).toEqual([400, 'api.penalty.ownAddress']);
    expect(await reportById(id)).toMatchObject({ status: 'pending', penaltyId: null });
    expect((await admin.get('/api/admin/penalties', { user: author.name })).body.penalties).toEqual([]);
  });
});
