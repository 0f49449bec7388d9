import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../src/config.ts';
import { normalizeScopes } from '../../src/identity.ts';
import { loginRefusal } from '../../src/modules/auth/auth.policy.ts';
import { grantableScopes } from '../../src/modules/keys/keys.policy.ts';
import { nameSkeleton, parseUserName } from '../../src/modules/users/user-names.ts';
import { isStrongPassword, isUploadPath, isValidEmail } from '../../src/modules/users/users.policy.ts';

describe('account policy', () => {
  it.each([
    ['ab', true], ['张伟', true], ['さくら', true], ['José.Ñ-_9', true], ['a', false], ['x'.repeat(33), false],
    ['a b', false], ['a/b', false], ['<script>', false], ['ab\u0000', false], ['١٢٣عمر', true], ['Иван_Петров', true],
    ['山田たろう', true], ['abc漢字', true], ['홍길동abc', true], ['ΑΒΓ', true], ['user.name', true], ['_x', true],
    // Look-alikes (issue 13): invisible characters, mixed scripts, dot-only or dot-ended names.
    ['admin\u034F', false], ['admin\uFE0F', false], ['admin\u{E0100}', false], ['ad\u200Bmin', false], ['ad\u202Emin', false],
    ['\u0430dmin', false], ['١٢٣abc', false], ['Ива\u006E', false], ['..', false], ['._', false], ['.ab', false], ['ab.', false],
  ])('name %j valid: %s', (name, ok) => expect(parseUserName(name) !== undefined).toBe(ok));

  it('keeps names in NFKC and gives look-alikes one skeleton', () => {
    expect(parseUserName('\uFF41dmin')?.name).toBe('admin');
    for (const n of ['admin', 'ADMIN', 'adm\u0131n', 'adrnin', '\uFF41dmin']) expect(nameSkeleton(n)).toBe(nameSkeleton('admin'));
    expect(nameSkeleton('\u0430\u0441\u0435')).toBe(nameSkeleton('ace'));
    expect(nameSkeleton('admins')).not.toBe(nameSkeleton('admin'));
  });

  it.each([
    ['Correct-horse-42', true], ['abcdefg1', true], ['密码密码密码12', true], ['short1', false], ['abcdefgh', false],
    ['12345678', false], ['Password123', false], [`${'a'.repeat(128)}1`, false],
  ])('password %j strong: %s', (pw, ok) => expect(isStrongPassword(pw)).toBe(ok));

  it.each([['a@example.com', true], ['a.b+c@sub.example.org', true], ['a@b', false], ['a b@c.de', false], ['@x.de', false]])(
    'email %j valid: %s',
    (e, ok) => expect(isValidEmail(e)).toBe(ok),
  );

  it.each([['/uploads/0123456789abcdef.png', true], ['/uploads/../x.png', false], ['/uploads/ABC.png', false], ['/x/0123456789abcdef.png', false]])(
    'upload path %j valid: %s',
    (p, ok) => expect(isUploadPath(p)).toBe(ok),
  );

  it('refuses login for every non-active status and for a ban', () => {
    expect(loginRefusal('active', false)).toBeUndefined();
    expect(loginRefusal('active', true)).toBe('api.login.banned');
    expect(loginRefusal('pending', false)).toBe('api.login.pending');
    expect(loginRefusal('rejected', false)).toBe('api.login.rejected');
    expect(loginRefusal('banned', false)).toBe('api.login.banned');
  });
});

describe('scopes', () => {
  it('normalises to the canonical order, de-duplicated, unknown dropped', () => {
    expect(normalizeScopes(['admin', 'users.read', 'x', 'profile.read', 'users.read'])).toEqual(['profile.read', 'users.read', 'admin']);
  });

  it('plain users cannot grant admin', () => {
    expect(grantableScopes('user')).not.toContain('admin');
    expect(grantableScopes('admin')).toContain('admin');
  });
});

describe('configuration', () => {
  it('defaults to embedded mode on 127.0.0.1:3000 with approval registration', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', mode: 'embedded', registration: 'approval', trustProxy: undefined });
    expect([...c.roles]).toEqual(['api', 'realtime', 'worker']);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'x', REGISTRATION: 'maybe', DATABASE_URL: 'not a url', ADMIN_USER: 'root' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).message;
      expect(text).toContain('PORT');
      expect(text).toContain('REGISTRATION');
      expect(text).toContain('DATABASE_URL');
    }
  });

  it('DATABASE_URL selects cluster mode; TRUST_PROXY accepts hop counts and lists', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).mode).toBe('cluster');
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
  });
});
