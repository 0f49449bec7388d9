import { describe, expect, it } from 'vitest';
import { compileTrust } from '../../src/lib/client-address.ts';
import { SecretBox } from '../../src/lib/secret-box.ts';
import { AUDIT_DETAIL_MAX, formatDetail } from '../../src/modules/audit/audit.policy.ts';
import { inForce, isPermanent, MAX_PENALTY_SECONDS, penaltyExpiry } from '../../src/modules/moderation/penalties.policy.ts';

describe('formatDetail', () => {
  it('keeps short details as they are', () => {
    expect(formatDetail('api.audit.login', { via: 'password' })).toBe('{"k":"api.audit.login","v":{"via":"password"}}');
  });

  it('shortens the longest strings to fit 300 characters and keeps the key and the other values', () => {
    const out = formatDetail('api.audit.penaltyAdd', { user: 'bob', reason: 'x'.repeat(1000), note: 'y'.repeat(200), id: 7 });
    expect(out.length).toBeLessThanOrEqual(AUDIT_DETAIL_MAX);
    const parsed = JSON.parse(out);
    expect(parsed.k).toBe('api.audit.penaltyAdd');
    expect(parsed.v).toMatchObject({ user: 'bob', id: 7 });
    expect(parsed.v.reason).toMatch(/^x+…$/);
  });

  it('counts escaped characters and never leaves half a surrogate pair', () => {
    const out = formatDetail('api.audit.userRename', { user: '"\\'.repeat(200), newName: '😀'.repeat(200) });
    expect(out.length).toBeLessThanOrEqual(AUDIT_DETAIL_MAX);
    const parsed = JSON.parse(out);
    expect(parsed.v.newName).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('drops values as a last resort', () => {
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`key${i}`, i]));
    const out = formatDetail('api.audit.login', many);
    expect(out.length).toBeLessThanOrEqual(AUDIT_DETAIL_MAX);
    expect(JSON.parse(out).k).toBe('api.audit.login');
  });
});

describe('penalty durations', () => {
  it('0 and anything above 3650 days are permanent', () => {
    expect(isPermanent(0)).toBe(true);
    expect(isPermanent(MAX_PENALTY_SECONDS)).toBe(false);
    expect(isPermanent(MAX_PENALTY_SECONDS + 1)).toBe(true);
    expect(penaltyExpiry(0, 1000)).toBeNull();
    expect(penaltyExpiry(60, 1000)).toBe(61_000);
  });

  it('in force: not revoked, and permanent or not yet expired', () => {
    expect(inForce({ revoked: false, expires: null }, 5)).toBe(true);
    expect(inForce({ revoked: false, expires: 6 }, 5)).toBe(true);
    expect(inForce({ revoked: false, expires: 5 }, 5)).toBe(false);
    expect(inForce({ revoked: true, expires: null }, 5)).toBe(false);
  });
});

describe('SecretBox', () => {
  it('round-trips, uses a fresh nonce each time, and refuses tampering or another key', () => {
    const box = new SecretBox('a passphrase of some length', 'test');
    const a = box.seal('client-secret');
    const b = box.seal('client-secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('client-secret');
    expect(box.open(a)).toBe('client-secret');
    const flipped = `${a.slice(0, -2)}${a.at(-2) === 'A' ? 'B' : 'A'}${a.slice(-1)}`;
    expect(() => box.open(flipped)).toThrow();
    expect(() => new SecretBox('another passphrase entirely', 'test').open(a)).toThrow();
    expect(() => box.open('plain text')).toThrow();
  });
});

describe('compileTrust (the handshake\'s X-Forwarded-For rule)', () => {
  it('matches Express: nothing, everything, a hop count or a list of addresses', () => {
    expect(compileTrust(undefined)('10.0.0.1', 0)).toBe(false);
    expect(compileTrust(true)('10.0.0.1', 5)).toBe(true);
    expect(compileTrust(1)('10.0.0.1', 0)).toBe(true);
    expect(compileTrust(1)('10.0.0.1', 1)).toBe(false);
    const list = compileTrust('loopback, 10.0.0.0/8');
    expect(list('127.0.0.1', 0)).toBe(true);
    expect(list('10.2.3.4', 0)).toBe(true);
    expect(list('192.168.1.1', 0)).toBe(false);
  });
});
