import net from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newUser, PASSWORD, uniqueName } from '../helpers/client.ts';
import { startCluster, type TestCluster, type TestNode } from '../helpers/server.ts';

/**
 * Cross-site requests (docs/decisions.md, "Cross-site requests"), non-JSON
 * bodies (415), the per-address limits of registration and setup, and the
 * 413 of an oversized body that must reach the client.
 */
const PUBLIC = 'https://chat.example.com';
const WEB = 'https://web.example.net';
const EVIL = 'https://evil.example';

let cluster: TestCluster;

beforeAll(async () => {
  cluster = await startCluster({
    env: { PUBLIC_URL: PUBLIC, CORS_ORIGINS: `${WEB}, http://localhost:5173`, REGISTER_RATE_LIMIT: '3', SETUP_RATE_LIMIT: '2' },
  });
});
afterAll(() => cluster.close());

const withOrigin = (origin: string) => ({ origin });

describe('cookie-authenticated unsafe requests', () => {
  it('from a foreign origin are refused with 403 api.originForbidden, bodyless POSTs included, and change nothing', async () => {
    const u = await newUser(cluster);
    const profile = await u.request('POST', '/api/profile', { nickname: 'evil' }, withOrigin(EVIL));
    expect(profile.status).toBe(403);
    expect(profile.body).toEqual({ ok: false, error: 'api.originForbidden' });
    expect((await u.request('POST', '/api/twofa/setup', undefined, withOrigin(EVIL))).body.error).toBe('api.originForbidden');
    const logout = await u.request('POST', '/api/logout', undefined, withOrigin(EVIL));
    expect(logout.status).toBe(403);
    expect(logout.body.error).toBe('api.originForbidden');
    // Still logged in, profile untouched.
    const own = await u.get('/api/profile');
    expect(own.status).toBe(200);
    expect(own.body.profile.nickname).toBe('');
    // `null` (sandboxed frames, file:) is no allowed origin either; nor is another port of our host.
    expect((await u.request('POST', '/api/profile', { nickname: 'x' }, withOrigin('null'))).status).toBe(403);
    const otherPort = new URL(u.node.url);
    otherPort.port = String(Number(otherPort.port) + 1);
    expect((await u.request('POST', '/api/profile', { nickname: 'x' }, withOrigin(otherPort.origin))).status).toBe(403);
  });

  it('pass from the origin they were sent to, from PUBLIC_URL and from CORS_ORIGINS (with CORS headers and credentials)', async () => {
    const u = await newUser(cluster);
    const self = await u.request('POST', '/api/profile', { nickname: 'self' }, withOrigin(u.node.url));
    expect(self.status).toBe(200);
    expect(self.headers.get('access-control-allow-origin')).toBeNull();
    expect((await u.request('POST', '/api/profile', { nickname: 'public' }, withOrigin(PUBLIC))).status).toBe(200);
    const web = await u.request('POST', '/api/profile', { nickname: 'web' }, withOrigin(WEB));
    expect(web.status).toBe(200);
    expect(web.headers.get('access-control-allow-origin')).toBe(WEB);
    expect(web.headers.get('access-control-allow-credentials')).toBe('true');
    expect(web.headers.get('vary')).toMatch(/origin/i);
    expect((await u.get('/api/profile')).body.profile.nickname).toBe('web');
    // A foreign origin gets no CORS header on what it may read (a GET is not refused, but unreadable to its page).
    const read = await u.request('GET', '/api/profile', undefined, withOrigin(EVIL));
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the preflight of a CORS origin, and not of another', async () => {
    const c = new Client(cluster.a);
    const preflight = {
      origin: WEB,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, x-api-key',
    };
    const ok = await c.request('OPTIONS', '/api/profile', undefined, preflight);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(WEB);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    expect(ok.headers.get('access-control-allow-methods')).toContain('POST');
    expect(ok.headers.get('access-control-allow-headers')).toBe('content-type, x-api-key');
    const evil = await c.request('OPTIONS', '/api/profile', undefined, { ...preflight, origin: EVIL });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('without Origin follow Sec-Fetch-Site; with neither header (curl, native apps) they pass', async () => {
    const u = await newUser(cluster);
    const cross = await u.request('POST', '/api/profile', { nickname: 'x' }, { 'sec-fetch-site': 'cross-site' });
    expect(cross.status).toBe(403);
    expect(cross.body.error).toBe('api.originForbidden');
    expect((await u.request('POST', '/api/profile', { nickname: 'x' }, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await u.request('POST', '/api/profile', { nickname: 'same' }, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await u.request('POST', '/api/profile', { nickname: 'none' }, { 'sec-fetch-site': 'none' })).status).toBe(200);
    expect((await u.post('/api/profile', { nickname: 'curl' })).status).toBe(200);
  });

  it('an API key or a session token as a bearer, with no cookie, is not checked: no browser adds either by itself', async () => {
    const u = await newUser(cluster);
    const key = (await u.post('/api/keys', { name: 'bot', scopes: ['profile.read', 'profile.write'] })).body.plaintext as string;
    const bot = new Client(cluster.b);
    bot.apiKey = key;
    expect((await bot.request('POST', '/api/profile', { nickname: 'bot' }, withOrigin(EVIL))).status).toBe(200);
    const native = new Client(cluster.b);
    const login = await native.post('/api/login', { username: u.name, password: PASSWORD, token: true });
    native.cookie = undefined;
    const bearer = { ...withOrigin(EVIL), authorization: `Bearer ${login.body.token}` };
    expect((await native.request('POST', '/api/profile', { nickname: 'app' }, bearer)).status).toBe(200);
    expect((await u.get('/api/profile')).body.profile.nickname).toBe('app');
  });
});

describe('Socket.IO handshake', () => {
  const handshake = (node: TestNode, headers: Record<string, string>, auth: Record<string, string> = {}) =>
    new Promise<string>((resolve) => {
      const s = io(node.url, { path: '/ws', transports: ['websocket'], extraHeaders: headers, auth, reconnection: false, forceNew: true });
      const done = (outcome: string) => {
        s.disconnect();
        resolve(outcome);
      };
      s.once('ready', () => done('ready'));
      s.once('connect_error', (err) => done(err.message));
    });

  it('with the cookie from a foreign origin is refused (connect_error api.originForbidden), even with a token beside it', async () => {
    const u = await newUser(cluster);
    const key = (await u.post('/api/keys', { name: 'sock', scopes: ['messages.read'] })).body.plaintext as string;
    const cookie = u.cookie!;
    expect(await handshake(cluster.b, { cookie, origin: EVIL })).toBe('api.originForbidden');
    expect(await handshake(cluster.b, { cookie, 'sec-fetch-site': 'cross-site' })).toBe('api.originForbidden');
    expect(await handshake(cluster.b, { cookie, origin: EVIL }, { token: key })).toBe('api.originForbidden');
    // Allowed origins, and credentials no browser adds by itself, connect.
    expect(await handshake(cluster.b, { cookie, origin: cluster.b.url })).toBe('ready');
    expect(await handshake(cluster.b, { cookie, origin: WEB })).toBe('ready');
    expect(await handshake(cluster.b, { cookie })).toBe('ready');
    expect(await handshake(cluster.b, { origin: EVIL }, { token: key })).toBe('ready');
  });
});

describe('tus', () => {
  it('sends no `Access-Control-Allow-Origin: *`; CORS only for CORS_ORIGINS', async () => {
    const u = await newUser(cluster);
    const tus = { 'tus-resumable': '1.0.0' };
    for (const origin of [EVIL, undefined]) {
      const res = await u.request('OPTIONS', '/api/tus', undefined, { ...tus, ...(origin ? { origin } : {}) });
      expect(res.status).toBe(204);
      expect(res.headers.get('tus-version')).toBeTruthy();
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    const web = await u.request('OPTIONS', '/api/tus', undefined, { ...tus, origin: WEB });
    expect(web.headers.get('access-control-allow-origin')).toBe(WEB);
    expect(web.headers.get('access-control-allow-credentials')).toBe('true');
    const metadata = `filename ${Buffer.from('a.txt').toString('base64')}`;
    const create = { ...tus, 'upload-length': '3', 'upload-metadata': metadata };
    const evil = await u.request('POST', '/api/tus', undefined, { ...create, origin: EVIL });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const created = await u.request('POST', '/api/tus', undefined, create);
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('a body that is not JSON', () => {
  it('answers 415 api.unsupportedMediaType on a JSON route, bodyless routes included, and changes nothing', async () => {
    const u = await newUser(cluster);
    const asText = await u.request('POST', '/api/profile', JSON.stringify({ nickname: 'text' }), { 'content-type': 'text/plain' });
    expect(asText.status).toBe(415);
    expect(asText.body).toEqual({ ok: false, error: 'api.unsupportedMediaType' });
    const form = await u.request('POST', '/api/profile', 'nickname=form', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const multipart = await u.request('POST', '/api/profile', '--b\r\n\r\nx\r\n--b--\r\n', { 'content-type': 'multipart/form-data; boundary=b' });
    expect(multipart.status).toBe(415);
    expect((await u.request('POST', '/api/logout', 'x', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await u.get('/api/profile')).body.profile.nickname).toBe('');
    // No content is no body, whatever the type says; upload routes keep their own types.
    expect((await u.request('POST', '/api/twofa/setup', '', { 'content-type': 'text/plain' })).status).toBe(200);
    const upload = await u.request('POST', '/api/upload', 'x', { 'content-type': 'text/plain' });
    expect(upload.body.error).toBe('api.upload.notMultipart');
  });
});

describe('per-address limits', () => {
  const register = (c: Client) => c.post('/api/register', { name: uniqueName(), password: PASSWORD, email: 'r@example.com' });

  it('registration: REGISTER_RATE_LIMIT attempts per address and hour across the nodes, then 429 with Retry-After', async () => {
    const c = new Client(cluster.a);
    expect((await register(c)).status).toBe(200);
    expect((await register(c.on(cluster.b))).status).toBe(200);
    // A failed attempt counts too.
    expect((await c.post('/api/register', { name: '', password: PASSWORD, email: 'r@example.com' })).status).toBe(400);
    const refused = await register(c.on(cluster.b));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('api.address.rateLimited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected; the window ends after the hour.
    expect((await register(new Client(cluster.a))).status).toBe(200);
    cluster.clock.advance(3_600_000);
    expect((await register(c)).status).toBe(200);
  });

  it('setup: SETUP_RATE_LIMIT attempts per address and hour, then 429', async () => {
    const c = new Client(cluster.a);
    const setup = (node: TestNode) => c.on(node).post('/api/setup', { name: uniqueName(), password: PASSWORD });
    expect((await setup(cluster.a)).body.error).toBe('api.setup.done');
    expect((await setup(cluster.b)).body.error).toBe('api.setup.done');
    const refused = await setup(cluster.a);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('api.address.rateLimited');
  });
});

describe('an oversized JSON body', () => {
  const BODY = Buffer.alloc(8 * 1024 * 1024, 0x20);

  /** Sends the body in pieces, each once the previous one is handed to the kernel, like a client on a real network. */
  const writeBody = async (socket: net.Socket) => {
    for (let at = 0; at < BODY.length; at += 256 * 1024) {
      await new Promise<void>((resolve, reject) => socket.write(BODY.subarray(at, at + 256 * 1024), (err) => (err ? reject(err) : resolve())));
    }
  };

  /**
   * POSTs 8 MB of JSON to /api/register over a new connection, as a client that writes its whole
   * request before it reads (or, with `Expect`, waits for `100 Continue` and then sends the body).
   * A server that closes while the body is still coming makes the kernel reset the connection, and
   * the answer is lost: this then rejects with EPIPE or ECONNRESET.
   */
  const post = (node: TestNode, expect100: boolean) =>
    new Promise<{ status: number; body: string; continued: boolean }>((resolve, reject) => {
      const url = new URL(node.url);
      const socket = net.connect(Number(url.port), url.hostname);
      const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      socket.write(
        `POST /api/register HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${BODY.length}\r\n` +
          `X-Forwarded-For: ${ip}\r\n${expect100 ? 'Expect: 100-continue\r\n' : ''}\r\n`,
      );
      socket.on('error', reject);
      let received = Buffer.alloc(0);
      let continued = false;
      const read = (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = received.subarray(0, end).toString();
        const status = Number(head.split(' ')[1]);
        if (status === 100) {
          continued = true;
          received = received.subarray(end + 4);
          void writeBody(socket).catch(reject);
          return;
        }
        const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (received.length < end + 4 + length) return;
        resolve({ status, body: received.subarray(end + 4, end + 4 + length).toString(), continued });
        socket.destroy();
      };
      if (expect100) socket.on('data', read);
      else void writeBody(socket).then(() => socket.on('data', read), reject);
    });

  for (const expect100 of [false, true]) {
    it(`gets its 413, 20 times in a row${expect100 ? ', refused before 100 Continue' : ''}`, async () => {
      for (let i = 0; i < 20; i++) {
        const res = await post(i % 2 ? cluster.b : cluster.a, expect100);
        expect(res.status).toBe(413);
        expect(JSON.parse(res.body)).toEqual({ ok: false, error: 'api.tooLarge' });
        expect(res.continued).toBe(false);
      }
    });
  }
});
