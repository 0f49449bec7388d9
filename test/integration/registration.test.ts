import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, PASSWORD, uniqueName } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';

describe('REGISTRATION=approval (the default)', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startCluster({ env: { REGISTRATION: 'approval' } });
  });
  afterAll(() => cluster?.close());

  it('pending accounts cannot log in until approved; approvals are listed oldest first', async () => {
    const first = uniqueName('p');
    const second = uniqueName('p');
    const c = new Client(cluster.a);
    for (const name of [first, second]) {
      expect((await c.post('/api/register', { name, password: PASSWORD, email: `${name}@example.com` })).body.message).toBe('api.register.submitted');
    }
    const denied = await c.post('/api/login', { username: first, password: PASSWORD });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('api.login.pending');
    // A wrong password still answers 401, so the state of an account does not leak.
    expect((await c.post('/api/login', { username: first, password: 'Wrong-pass-1' })).status).toBe(401);

    const admin = await adminClient(cluster);
    const list = (await admin.get('/api/admin/approvals')).body.approvals as Array<{ name: string; email: string; created: number }>;
    const names = list.map((a) => a.name);
    expect(names.indexOf(first)).toBeLessThan(names.indexOf(second));
    expect(list.find((a) => a.name === first)).toMatchObject({ email: `${first}@example.com`, created: expect.any(Number) });

    expect((await admin.on(cluster.b).post('/api/admin/review/approve', { name: first })).body).toEqual({ ok: true });
    expect((await c.post('/api/login', { username: first, password: PASSWORD })).status).toBe(200);
    const again = await admin.post('/api/admin/review/approve', { name: first });
    expect(again.status).toBe(404);

    expect((await admin.post('/api/admin/review/reject', { name: second })).body).toEqual({ ok: true });
    const rejected = await new Client(cluster.a).post('/api/login', { username: second, password: PASSWORD });
    expect(rejected.status).toBe(403);
    expect(rejected.body.error).toBe('api.login.rejected');
    expect((await admin.post('/api/admin/review/reject', { name: uniqueName('ghost') })).status).toBe(404);
    expect((await admin.get('/api/admin/approvals')).body.approvals.map((a: { name: string }) => a.name)).not.toContain(second);
  });
});

describe('REGISTRATION=closed', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startCluster({ env: { REGISTRATION: 'closed' } });
  });
  afterAll(() => cluster?.close());

  it('refuses registration with 403', async () => {
    const res = await new Client(cluster.a).post('/api/register', { name: uniqueName(), password: PASSWORD, email: 'a@example.com' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('api.register.closed');
  });
});

describe('first administrator through /api/setup', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startCluster({ seedAdmin: false, env: { SETUP_TOKEN: 'let-me-in-123' } });
  });
  afterAll(() => cluster?.close());

  it('needs the token, creates one administrator, then closes', async () => {
    const c = new Client(cluster.a);
    expect((await c.get('/api/setup')).body).toEqual({ ok: true, needed: true });
    const name = uniqueName('root');
    expect((await c.post('/api/setup', { name, password: 'Root-pass-123' })).status).toBe(403);
    expect((await c.post('/api/setup', { name, password: 'Root-pass-123', token: 'wrong' })).status).toBe(403);
    expect((await c.post('/api/setup', { name, password: 'weak', token: 'let-me-in-123' })).status).toBe(400);
    // Two racing setups: exactly one wins.
    const [r1, r2] = await Promise.all([
      c.post('/api/setup', { name, password: 'Root-pass-123', token: 'let-me-in-123' }),
      new Client(cluster.b).post('/api/setup', { name: uniqueName('root'), password: 'Root-pass-123', token: 'let-me-in-123' }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    expect((await c.get('/api/setup')).body.needed).toBe(false);
    const winner = (r1.status === 200 ? r1 : r2).body.name as string;
    const login = await new Client(cluster.a).post('/api/login', { username: winner, password: 'Root-pass-123' });
    expect(login.status).toBe(200);
    expect((await new Client(cluster.a).get('/api/me')).status).toBe(401);
    const me = await login.body;
    expect(me.username).toBe(winner);
  });
});
