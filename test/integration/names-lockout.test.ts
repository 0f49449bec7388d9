import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, newUser, PASSWORD, uniqueName } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';

// Issue 13, "Look-alike names" and "Lockout", over HTTP against started nodes (both modes).

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const register = (name: string, c = new Client(cluster.a)) =>
  c.post('/api/register', { name, password: PASSWORD, email: 'x@example.com' });

describe('look-alike user names', () => {
  beforeAll(async () => {
    expect((await register('admin')).status).toBe(200);
  });

  it.each([
    ['admin + U+034F (combining grapheme joiner)', 'admin\u034F', 400, 'api.register.badName'],
    ['admin + U+FE0F (variation selector)', 'admin\uFE0F', 400, 'api.register.badName'],
    ['admin + U+E0100 (variation selector supplement)', 'admin\u{E0100}', 400, 'api.register.badName'],
    ['ad + zero-width space + min', 'ad\u200Bmin', 400, 'api.register.badName'],
    ['ad + right-to-left override + min', 'ad\u202Emin', 400, 'api.register.badName'],
    ['Cyrillic а + dmin (mixed scripts)', '\u0430dmin', 400, 'api.register.badName'],
    ['full-width ａdmin (NFKC admin)', '\uFF41dmin', 409, 'api.user.nameTaken'],
    ['admın with a dotless i (same skeleton)', 'adm\u0131n', 409, 'api.user.nameTaken'],
    ['adrnin (same skeleton)', 'adrnin', 409, 'api.user.nameTaken'],
    ['ADMIN (same name, another case)', 'ADMIN', 409, 'api.user.nameTaken'],
    ['..', '..', 400, 'api.register.badName'],
    ['.-', '.-', 400, 'api.register.badName'],
  ])('refuses %s', async (_label, name, status, error) => {
    const res = await register(name);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ ok: false, error });
  });

  it('keeps single-script names of any script valid', async () => {
    for (const name of ['张三丰', 'Иван_Петров', 'さくら.sato', '山田たろう', 'abc漢字', '홍길동', 'Ελένη', 'José.Ñ-_9', 'user.name']) {
      const res = await register(name);
      expect(res.status, name).toBe(200);
      expect((await new Client(cluster.a).post('/api/login', { username: name, password: PASSWORD })).status, name).toBe(200);
    }
  });

  it('stores names in NFKC and looks typed names up in NFKC', async () => {
    const name = `${uniqueName('nf')}`;
    const wide = [...name].map((ch) => String.fromCodePoint((ch.codePointAt(0) ?? 0) + 0xfee0)).join('');
    const res = await register(wide);
    expect(res.status).toBe(200);
    const login = await new Client(cluster.a).post('/api/login', { username: name, password: PASSWORD });
    expect(login.body).toMatchObject({ ok: true, username: name });
  });

  it('administrators cannot add or rename to a look-alike either', async () => {
    const admin = await adminClient(cluster);
    for (const [name, error] of [
      ['\u0430dmin', 'api.register.badName'],
      ['admin\uFE0F', 'api.register.badName'],
      ['adm\u0131n', 'api.user.nameTaken'],
    ] as const) {
      expect((await admin.post('/api/admin/user/add', { name, password: PASSWORD })).body).toEqual({ ok: false, error });
    }
    const u = await newUser(cluster);
    const renamed = await admin.post('/api/admin/user/rename', { name: u.name, newName: 'adm\u0131n' });
    expect(renamed.status).toBe(409);
    expect(renamed.body).toEqual({ ok: false, error: 'api.user.nameTaken' });
    expect((await admin.post('/api/admin/user/rename', { name: u.name, newName: '..' })).body.error).toBe('api.register.badName');
    // The account's own skeleton is not a collision.
    expect((await admin.post('/api/admin/user/rename', { name: u.name, newName: u.name.toUpperCase() })).status).toBe(200);
  });

  it('of two look-alikes registered at once on two nodes, one wins', async () => {
    // Each pair is single-script (Latin, Cyrillic) with one skeleton.
    for (const [latin, cyrillic] of [
      ['cope', '\u0441\u043e\u0440\u0435'],
      ['pace', '\u0440\u0430\u0441\u0435'],
      ['copy', '\u0441\u043e\u0440\u0443'],
      ['epoxy', '\u0435\u0440\u043e\u0445\u0443'],
    ] as const) {
      const both = await Promise.all([register(latin, new Client(cluster.a)), register(cyrillic, new Client(cluster.b))]);
      expect(both.map((r) => r.status).sort(), latin).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)?.body.error).toBe('api.user.nameTaken');
    }
  });
});

describe('login lockout', () => {
  it("another account's success from the same address resets nothing", async () => {
    const victim = await newUser(cluster);
    const own = await newUser(cluster);
    const attacker = new Client(cluster.a);
    const guess = () => attacker.post('/api/login', { username: victim.name, password: 'Wrong-pass-1' });
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) statuses.push((await guess()).status);
      statuses.push((await attacker.on(cluster.b).post('/api/login', { username: own.name, password: PASSWORD })).status);
    }
    // Guesses checked: the first five; then the address is locked for everything, own login included.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 200, 401]);
    expect(statuses.slice(6).every((s) => s === 429)).toBe(true);
    // The victim, from elsewhere, is not locked out.
    expect((await new Client(cluster.b).post('/api/login', { username: victim.name, password: PASSWORD })).status).toBe(200);
  });

  it('20 parallel wrong logins check at most 5 passwords', async () => {
    const victim = await newUser(cluster);
    const attacker = new Client(cluster.a);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        attacker.on(i % 2 ? cluster.b : cluster.a).post('/api/login', { username: victim.name, password: `Wrong-pass-${i}` }),
      ),
    );
    const checked = answers.filter((r) => r.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.every((r) => r.status === 401)).toBe(true);
    expect(answers.filter((r) => r.status === 429).every((r) => r.body.error === 'api.login.rateLimited')).toBe(true);
  });

  it('a new challenge (password proven again) does not forgive wrong 2FA codes', async () => {
    const u = await newUser(cluster);
    const secret: string = (await u.post('/api/twofa/setup')).body.secret;
    await u.post('/api/twofa/enable', { code: await generate({ secret, epoch: Math.floor(cluster.clock.now() / 1000) }) });
    cluster.clock.advance(30_000);
    const good = await generate({ secret, epoch: Math.floor(cluster.clock.now() / 1000) });
    const wrong = good === '000000' ? '000001' : '000000';
    const c = new Client(cluster.a);
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      const login = await c.post('/api/login', { username: u.name, password: PASSWORD });
      statuses.push(login.status);
      for (let i = 0; i < 4; i++) statuses.push((await c.post('/api/twofa/verify', { code: wrong, challenge: login.body.challenge })).status);
    }
    expect(statuses).toEqual([200, 401, 401, 401, 401, 200, 401, 429, 429, 429]);
  });
});
