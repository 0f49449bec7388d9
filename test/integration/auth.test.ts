import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, newUser, PASSWORD, uniqueName } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const totp = (secret: string, at: number) => generate({ secret, epoch: Math.floor(at / 1000) });

describe('register', () => {
  it('creates an account and answers api.register.submitted', async () => {
    const c = new Client(cluster.a);
    const name = uniqueName();
    const res = await c.post('/api/register', { name, password: PASSWORD, email: `${name}@example.com` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, message: 'api.register.submitted' });
    // Open registration in this cluster: the account can log in at once.
    expect((await c.post('/api/login', { username: name, password: PASSWORD })).status).toBe(200);
  });

  it('accepts names in any script', async () => {
    for (const name of [`张伟${uniqueName('')}`.slice(0, 12), `さくら${uniqueName('')}`.slice(0, 12), `Ana.Lu-${uniqueName('')}`]) {
      const res = await new Client(cluster.a).post('/api/register', { name, password: PASSWORD, email: 'x@example.com' });
      expect(res.status, name).toBe(200);
    }
  });

  it.each([
    ['a', 'api.register.badName'],
    ['x'.repeat(33), 'api.register.badName'],
    ['has space', 'api.register.badName'],
    ['semi;colon', 'api.register.badName'],
    ['../etc', 'api.register.badName'],
  ])('refuses the name %j with 400', async (name, key) => {
    const res = await new Client(cluster.a).post('/api/register', { name, password: PASSWORD, email: 'a@example.com' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, error: key });
  });

  it.each(['short1', 'nodigitshere', '12345678901', 'password123', `${'x'.repeat(129)}1`])(
    'refuses the weak password %j with 400',
    async (password) => {
      const res = await new Client(cluster.a).post('/api/register', { name: uniqueName(), password, email: 'a@example.com' });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('api.register.weakPassword');
    },
  );

  it.each(['', 'no-at-sign', 'a@b', 'a b@example.com', `${'x'.repeat(190)}@example.com`])('refuses the email %j', async (email) => {
    const res = await new Client(cluster.a).post('/api/register', { name: uniqueName(), password: PASSWORD, email });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('api.register.badEmail');
  });

  it('refuses a taken name case-insensitively with 409', async () => {
    const name = uniqueName('Case');
    const c = new Client(cluster.a);
    expect((await c.post('/api/register', { name, password: PASSWORD, email: 'a@example.com' })).status).toBe(200);
    const again = await c.post('/api/register', { name: name.toUpperCase(), password: PASSWORD, email: 'a@example.com' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ ok: false, error: 'api.user.nameTaken' });
  });

  it('answers 400 for missing fields and malformed JSON, 413 for an oversized body', async () => {
    const c = new Client(cluster.a);
    expect((await c.post('/api/register', { name: 'abc' })).status).toBe(400);
    const bad = await c.request('POST', '/api/register', '{"name":', {});
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ ok: false, error: 'api.invalidJson' });
    const big = await c.post('/api/register', { name: 'x', password: 'y'.repeat(200_000), email: 'z' });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ ok: false, error: 'api.tooLarge' });
  });
});

describe('login and sessions', () => {
  it('sets an HttpOnly SameSite cookie and reports mustChange', async () => {
    const u = await newUser(cluster);
    const c = new Client(cluster.a);
    const res = await c.post('/api/login', { username: u.name, password: PASSWORD });
    expect(res.body).toEqual({ ok: true, username: u.name, mustChange: false });
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith('chat_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect((await c.get('/api/me')).body.username).toBe(u.name);
  });

  it('answers 401 api.login.badCredentials for a wrong password or an unknown name', async () => {
    const u = await newUser(cluster);
    const c = new Client(cluster.a);
    const wrong = await c.post('/api/login', { username: u.name, password: 'Wrong-pass-1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ ok: false, error: 'api.login.badCredentials' });
    const unknown = await c.post('/api/login', { username: uniqueName('nobody'), password: PASSWORD });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('api.login.badCredentials');
    expect(c.cookie).toBeUndefined();
  });

  it('a session made on one node works on the other', async () => {
    const u = await newUser(cluster, { node: cluster.a });
    const onB = u.on(cluster.b);
    expect((await onB.get('/api/me')).body.username).toBe(u.name);
  });

  it('logout destroys the session everywhere', async () => {
    const u = await newUser(cluster);
    const stolen = u.cookie;
    const out = await u.post('/api/logout');
    expect(out.body).toEqual({ ok: true });
    expect(u.cookie).toBeUndefined();
    const replay = new Client(cluster.b);
    replay.cookie = stolen;
    expect((await replay.get('/api/me')).status).toBe(401);
  });

  it('refuses requests without a session with 401', async () => {
    const c = new Client(cluster.a);
    expect((await c.get('/api/me')).body).toEqual({ ok: false, error: 'api.unauthorized' });
    c.cookie = 'chat_token=not-a-real-token-000000000000';
    expect((await c.get('/api/me')).status).toBe(401);
  });

  it('a session expires after SESSION_DAYS', async () => {
    const u = await newUser(cluster);
    expect((await u.get('/api/me')).status).toBe(200);
    cluster.clock.advance(31 * 86_400_000);
    try {
      // The cached identity is dropped after its short TTL, then the expired row is refused.
      expect((await u.on(cluster.b).get('/api/me')).status).toBe(401);
    } finally {
      // Later tests keep their clock moving forward only; nothing else depends on absolute time.
    }
  });
});

describe('login lockout', () => {
  it('locks an address after 5 consecutive failures, on every node, for 10 minutes', async () => {
    const u = await newUser(cluster);
    const c = new Client(cluster.a);
    for (let i = 0; i < 5; i++) {
      const r = await c.post('/api/login', { username: u.name, password: 'Wrong-pass-1' });
      expect(r.status).toBe(401);
    }
    const locked = await c.post('/api/login', { username: u.name, password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ ok: false, error: 'api.login.rateLimited' });
    const onB = c.on(cluster.b);
    expect((await onB.post('/api/login', { username: u.name, password: PASSWORD })).status).toBe(429);
    // Another address is not affected.
    expect((await new Client(cluster.a).post('/api/login', { username: u.name, password: PASSWORD })).status).toBe(200);
    cluster.clock.advance(10 * 60_000 + 1000);
    expect((await onB.post('/api/login', { username: u.name, password: PASSWORD })).status).toBe(200);
  });

  it('a success resets the count of consecutive failures', async () => {
    const u = await newUser(cluster);
    const c = new Client(cluster.a);
    for (let i = 0; i < 4; i++) await c.post('/api/login', { username: u.name, password: 'Wrong-pass-1' });
    expect((await c.post('/api/login', { username: u.name, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 4; i++) await c.post('/api/login', { username: u.name, password: 'Wrong-pass-1' });
    expect((await c.post('/api/login', { username: u.name, password: PASSWORD })).status).toBe(200);
  });
});

describe('password change', () => {
  it('checks the old password, refuses a weak new one, and ends other sessions', async () => {
    const u = await newUser(cluster);
    const other = new Client(cluster.b);
    await other.post('/api/login', { username: u.name, password: PASSWORD });
    expect((await other.get('/api/me')).status).toBe(200);

    const wrongOld = await u.post('/api/pass', { oldPassword: 'Nope-nope-1', newPassword: 'Brand-new-pass-9' });
    expect(wrongOld.status).toBe(401);
    expect(wrongOld.body.error).toBe('api.pass.wrongOld');
    const weak = await u.post('/api/pass', { oldPassword: PASSWORD, newPassword: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe('api.register.weakPassword');

    expect((await u.post('/api/pass', { oldPassword: PASSWORD, newPassword: 'Brand-new-pass-9' })).body).toEqual({ ok: true });
    expect((await u.get('/api/me')).status).toBe(200);
    expect((await other.get('/api/me')).status).toBe(401);
    const relog = await new Client(cluster.a).post('/api/login', { username: u.name, password: 'Brand-new-pass-9' });
    expect(relog.status).toBe(200);
  });
});

describe('two-step verification (TOTP)', () => {
  it('setup → enable → login answers a challenge → verify creates the session', async () => {
    const u = await newUser(cluster);
    const setup = await u.post('/api/twofa/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(setup.body.otpauth).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(setup.body.otpauth).toContain('issuer=');
    const secret: string = setup.body.secret;

    const wrong = await u.post('/api/twofa/enable', { code: '000000' === (await totp(secret, cluster.clock.now())) ? '111111' : '000000' });
    expect(wrong.status).toBe(401);
    const on = await u.post('/api/twofa/enable', { code: await totp(secret, cluster.clock.now()), secret });
    expect(on.body).toEqual({ ok: true });
    expect((await u.get('/api/me')).body.twofa).toBe(true);

    const c = new Client(cluster.a);
    const login = await c.post('/api/login', { username: u.name, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.need2fa).toBe(true);
    expect(login.body.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(c.cookie).toBeUndefined();
    expect((await c.get('/api/me')).status).toBe(401);

    // Verify on the other node: challenges are shared.
    const v = c.on(cluster.b);
    cluster.clock.advance(30_000); // a fresh time step (the enable code's step cannot be replayed)
    const bad = await v.post('/api/twofa/verify', { code: '12345x', challenge: login.body.challenge });
    expect(bad.status).toBe(400);
    const ok = await v.post('/api/twofa/verify', { code: await totp(secret, cluster.clock.now()), challenge: login.body.challenge });
    expect(ok.status).toBe(200);
    expect(ok.body.username).toBe(u.name);
    expect(v.cookie).toBeDefined();
    expect((await v.get('/api/me')).body.username).toBe(u.name);

    // Single use.
    cluster.clock.advance(30_000);
    const again = await new Client(cluster.a).post('/api/twofa/verify', {
      code: await totp(secret, cluster.clock.now()),
      challenge: login.body.challenge,
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('api.twofa.badChallenge');
  });

  it('a wrong code is 401 and counts as a login failure; a challenge expires after 5 minutes', async () => {
    const u = await newUser(cluster);
    const secret: string = (await u.post('/api/twofa/setup')).body.secret;
    await u.post('/api/twofa/enable', { code: await totp(secret, cluster.clock.now()) });
    cluster.clock.advance(30_000);

    const c = new Client(cluster.a);
    const { challenge } = (await c.post('/api/login', { username: u.name, password: PASSWORD })).body;
    const good = await totp(secret, cluster.clock.now());
    const wrongCode = good === '000000' ? '000001' : '000000';
    const wrong = await c.post('/api/twofa/verify', { code: wrongCode, challenge });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('api.twofa.badCode');
    // 4 more failures of any kind from this address lock it.
    for (let i = 0; i < 4; i++) await c.post('/api/login', { username: u.name, password: 'Wrong-pass-1' });
    expect((await c.post('/api/twofa/verify', { code: good, challenge })).status).toBe(429);

    const d = new Client(cluster.a);
    const second = (await d.post('/api/login', { username: u.name, password: PASSWORD })).body.challenge;
    cluster.clock.advance(5 * 60_000 + 1000);
    const late = await d.post('/api/twofa/verify', { code: await totp(secret, cluster.clock.now()), challenge: second });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('api.twofa.badChallenge');
  });

  it('disable needs a valid code', async () => {
    const u = await newUser(cluster);
    expect((await u.post('/api/twofa/disable', { code: '123456' })).body.error).toBe('api.twofa.notOn');
    const secret: string = (await u.post('/api/twofa/setup')).body.secret;
    expect((await u.post('/api/twofa/enable', { code: await totp(secret, cluster.clock.now()) })).status).toBe(200);
    cluster.clock.advance(30_000);
    expect((await u.post('/api/twofa/disable', { code: 'abc' })).status).toBe(400);
    const code = await totp(secret, cluster.clock.now());
    expect((await u.post('/api/twofa/disable', { code })).body).toEqual({ ok: true });
    const login = await new Client(cluster.a).post('/api/login', { username: u.name, password: PASSWORD });
    expect(login.body.need2fa).toBeUndefined();
    expect(login.body.username).toBe(u.name);
  });
});

describe('approval flow', () => {
  it('admin sees pending registrations and approves or rejects them', async () => {
    const admin = await adminClient(cluster);
    // This cluster runs open registration; approvals are exercised in registration.test.ts.
    const approvals = await admin.get('/api/admin/approvals');
    expect(approvals.status).toBe(200);
    expect(Array.isArray(approvals.body.approvals)).toBe(true);
    const user = await newUser(cluster);
    expect((await user.get('/api/admin/approvals')).status).toBe(403);
    expect((await user.get('/api/admin/approvals')).body.error).toBe('api.forbidden');
  });
});
