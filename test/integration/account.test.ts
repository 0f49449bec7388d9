import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newUser, uniqueName } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { uniquePng, uploadSingle } from '../helpers/uploads.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

describe('GET /api/me', () => {
  it('reports the fields of spec 2.2', async () => {
    const u = await newUser(cluster);
    const me = await u.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      ok: true,
      username: u.name,
      role: 'user',
      online: false,
      platforms: [],
      penalties: 0,
      profile: { nickname: '', signature: '', avatar: '' },
    });
    expect(JSON.stringify(me.body)).not.toMatch(/password|hash|totp_secret|email/i);
  });

  it('counts effective penalties (permanent and unexpired, not revoked or warnings)', async () => {
    const u = await newUser(cluster);
    const { id } = (await cluster.a.app.ctx.db.query<{ id: number }>('select id from users where name = $1', [u.name]))[0]!;
    const now = cluster.clock.now();
    await cluster.a.app.ctx.db.query(
      `insert into penalties (user_id, action, duration, expires, created, revoked) values
        ($1, 'mute', 0, null, $2, false), ($1, 'mute', 60, $3, $2, false),
        ($1, 'mute', 60, $4, $2, false), ($1, 'warning', 0, null, $2, false), ($1, 'mute', 0, null, $2, true)`,
      [id, now, now + 60_000, now - 1],
    );
    expect((await u.get('/api/me')).body.penalties).toBe(2);
  });
});

describe('profile', () => {
  it('reads and updates own profile; reads another user by name', async () => {
    const u = await newUser(cluster);
    const other = await newUser(cluster);
    // An avatar must be an image uploaded here (docs/decisions.md, "Files").
    const avatar: string = (await uploadSingle(u, uniquePng(), 'me.png')).body.url;
    expect((await u.post('/api/profile', { nickname: '小明', signature: 'hello', avatar })).body).toEqual({ ok: true });
    expect((await u.get('/api/profile')).body.profile).toMatchObject({ nickname: '小明', signature: 'hello', avatar });
    // Omitted fields are unchanged; empty clears.
    await u.post('/api/profile', { signature: '' });
    expect((await u.get('/api/profile')).body.profile).toMatchObject({ nickname: '小明', signature: '' });
    expect((await other.get('/api/profile', { name: u.name })).body.profile.nickname).toBe('小明');
    const missing = await other.get('/api/profile', { name: uniqueName('ghost') });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('api.user.notFound');
  });

  it.each(['http://evil.example/x.png', '/uploads/../etc/passwd', '/uploads/abc', 'uploads/0123456789abcdef.png', '/uploads/0123456789abcdef.png?x'])(
    'refuses the avatar %j with 400',
    async (avatar) => {
      const u = await newUser(cluster);
      const res = await u.post('/api/profile', { avatar });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('api.profile.badAvatar');
    },
  );

  it('refuses over-long text with 413 and wrong types with 400', async () => {
    const u = await newUser(cluster);
    expect((await u.post('/api/profile', { nickname: 'x'.repeat(33) })).status).toBe(413);
    expect((await u.post('/api/profile', { signature: 'x'.repeat(201) })).status).toBe(413);
    expect((await u.post('/api/profile', { nickname: 5 })).status).toBe(400);
  });
});

describe('settings', () => {
  it('defaults, partial updates and validation', async () => {
    const u = await newUser(cluster);
    expect((await u.get('/api/settings')).body).toEqual({ ok: true, invisible: false, away: false, lang: 'en', allowInvite: false, readReceipts: true });
    expect((await u.post('/api/settings', { lang: 'ja', allowInvite: true })).body).toEqual({ ok: true });
    expect((await u.on(cluster.b).get('/api/settings')).body).toEqual({ ok: true, invisible: false, away: false, lang: 'ja', allowInvite: true, readReceipts: true });
    expect((await u.post('/api/settings', { readReceipts: 'no' })).status).toBe(400);
    expect((await u.post('/api/settings', { lang: 'fr' })).status).toBe(400);
    expect((await u.post('/api/settings', { invisible: 'yes' })).status).toBe(400);
  });
});

describe('health, setup and HTTP hygiene', () => {
  it('health reports mode and version', async () => {
    const res = await new Client(cluster.a).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, mode: cluster.mode, version: expect.any(String) });
    expect(typeof res.body.uptime).toBe('number');
  });

  it('setup is closed once an administrator exists', async () => {
    const c = new Client(cluster.a);
    expect((await c.get('/api/setup')).body).toEqual({ ok: true, needed: false });
    const res = await c.post('/api/setup', { name: uniqueName(), password: 'Another-admin-1' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('api.setup.done');
  });

  it('unknown /api routes answer JSON 404; responses carry security headers and a request id', async () => {
    const res = await new Client(cluster.a).get('/api/definitely/not/here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ ok: false, error: 'api.notFound' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('JSON answers carry the headers that protect an API answer; documents also the ones browsers read on pages', async () => {
    const json = await new Client(cluster.a).get('/api/setup');
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    // The configured policy, nothing of helmet's defaults merged in (no styles, fonts or images from anywhere).
    expect(json.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(json.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(json.headers.get('referrer-policy')).toBe('no-referrer');
    expect(json.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(json.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-permitted-cross-domain-policies']) {
      expect(json.headers.get(documentOnly), documentOnly).toBeNull();
    }
    const page = await new Client(cluster.a).get('/api/docs');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('x-permitted-cross-domain-policies')).toBe('none');
    expect(page.headers.get('x-dns-prefetch-control')).toBe('off');
    // Its own policy, not replaced by the general one.
    expect(page.headers.get('content-security-policy')).toContain('style-src');
  });

  it('JSON answers carry their type and exact length; HEAD gets the headers without the body', async () => {
    const u = await newUser(cluster);
    const get = await fetch(`${cluster.a.url}/api/me`, { headers: { cookie: u.cookie! } });
    const text = await get.text();
    expect(get.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(get.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toMatchObject({ ok: true, username: u.name });
    // Non-ASCII text: the length counts bytes, not characters.
    await u.post('/api/profile', { signature: 'héllo 世界' });
    const profile = await fetch(`${cluster.a.url}/api/profile`, { headers: { cookie: u.cookie! } });
    const bytes = Buffer.from(await profile.arrayBuffer());
    expect(Number(profile.headers.get('content-length'))).toBe(bytes.length);
    expect(JSON.parse(bytes.toString('utf8')).profile.signature).toBe('héllo 世界');
    const head = await fetch(`${cluster.a.url}/api/me`, { method: 'HEAD', headers: { cookie: u.cookie! } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  it('answers 413 from the declared Content-Length before the body is sent', async () => {
    const { request } = await import('node:http');
    const url = new URL(cluster.a.url);
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        { host: url.hostname, port: url.port, path: '/api/register', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) } },
        (res) => {
          let body = '';
          res.on('data', (d) => {
            body += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      // Send only the headers and a few bytes: the answer must come without the rest.
      req.write('{"name":');
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ ok: false, error: 'api.tooLarge' });
  });
});
