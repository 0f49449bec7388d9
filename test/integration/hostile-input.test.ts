import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientEvents } from '../../src/realtime/events.ts';
import { adminClient, Client, emitAck, newUser, type Res } from '../helpers/client.ts';
import { checkedFetch } from '../helpers/contract.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';

/**
 * A sweep of every operation the OpenAPI document lists with input no client should send: wrong
 * types, huge and odd strings, malformed JSON and percent-encoding, in the body, the query and
 * the path. Whatever a route does with it, the answer is a status the operation declares with a
 * body the document allows (Client holds every answer to the contract), and a refusal is
 * `{ok: false, error: <key>}`: never a 500. Bodies and queries are sent by an administrator, so that
 * input reaches the validation behind every permission check, and by a member, who meets the checks.
 */

let cluster: TestCluster;
type Caller = 'admin' | 'member';
const callers = {} as Record<Caller, Client>;
const logIn: Record<Caller, () => Promise<Client>> = {
  admin: () => adminClient(cluster),
  member: () => newUser(cluster),
};

interface Operation {
  method: string;
  /** OpenAPI path, `{param}` placeholders included. */
  path: string;
  params: string[];
  query: string[];
  bodyFields: string[] | null;
  /** `x-access`: public, login, cookie or admin. */
  access: string;
}
let operations: Operation[] = [];

/**
 * Operations left out: those that end the caller's own session or credentials (the sweep needs
 * them), the file upload transports (multipart and tus bodies: their own suites send malformed
 * ones), and the server's own documents.
 */
const SKIPPED = [
  /^POST \/api\/logout/,
  /^POST \/api\/(account|password|me)\b.*(delete|password)/,
  /^(POST|PATCH|HEAD|DELETE|OPTIONS) \/api\/tus/,
  /^GET \/api\/(openapi|asyncapi)/,
];

/** Values of the wrong shape for any field: each goes where the route expects something else. */
const JUNK: unknown[] = [
  null,
  -1,
  1e308,
  0.5,
  true,
  [],
  {},
  [{ a: 1 }],
  { $gt: '' },
  'x'.repeat(20_000),
  '\u0000',
  '../../etc/passwd',
  '%00',
  '\ud800',
  '💬'.repeat(300),
];
/** Strings for the query and the path, where everything arrives as text (short enough that Node's 16 KiB header limit is not what answers). */
const TEXT_JUNK = ['', '-1', '1e400', 'NaN', '0x10', '[]', '{}', '\u0000', '%', '..', 'x'.repeat(1500), '9'.repeat(40), 'é', '1 or 1=1'];
const RAW_BODIES = ['{', '[]', '"text"', 'null', '42', 'true', `${'['.repeat(5000)}${']'.repeat(5000)}`, '{"a":'.repeat(2000)];

beforeAll(async () => {
  cluster = await startCluster();
  callers.admin = await logIn.admin();
  callers.member = await logIn.member();
  // biome-ignore lint/suspicious/noExplicitAny: the document is inspected loosely.
  const doc: any = (await callers.admin.get('/api/openapi.json')).body;
  // biome-ignore lint/suspicious/noExplicitAny: the document is inspected loosely.
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (SKIPPED.some((re) => re.test(key))) continue;
      // biome-ignore lint/suspicious/noExplicitAny: the document is inspected loosely.
      const parameters: any[] = op.parameters ?? [];
      const schema = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: schema ? Object.keys(schema.properties ?? {}) : null,
        access: op['x-access'],
      });
    }
  }
  operations = operations.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
});
afterAll(() => cluster.close());

/** The session ends if a sweep's request happened to end it: log in again so the rest still reach validation. */
async function send(who: Caller, method: string, path: string, body?: unknown): Promise<Res> {
  let res = await callers[who].request(method, path, body);
  if (res.status === 401) {
    callers[who] = await logIn[who]();
    res = await callers[who].request(method, path, body);
  }
  return res;
}

/** How often each status answered the sweeps, by caller: shows that input reached validation. */
const statuses = { admin: new Map<number, number>(), member: new Map<number, number>() };

function expectRefusedCleanly(res: Res, what: string, who?: Caller): void {
  if (who) statuses[who].set(res.status, (statuses[who].get(res.status) ?? 0) + 1);
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400 && res.headers.get('content-type')?.includes('application/json')) {
    expect(res.body.ok, what).toBe(false);
    expect(typeof res.body.error, what).toBe('string');
  }
}

const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, encodeURIComponent(value));

describe('hostile input on every documented operation', () => {
  it('the sweep sees the API', () => {
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.filter((o) => o.bodyFields?.length).length).toBeGreaterThan(40);
    expect(operations.filter((o) => o.query.length).length).toBeGreaterThan(10);
    // The API takes its arguments in bodies and queries (spec); the file route is the path-parameter one.
    expect(operations.some((o) => o.params.length)).toBe(true);
  });

  it('without credentials, every operation that needs them answers 401 whatever its input', async () => {
    const anonymous = new Client(cluster.a);
    const guarded = operations.filter((o) => o.access !== 'public');
    expect(guarded.length).toBeGreaterThan(60);
    for (const op of guarded) {
      const res = await anonymous.request(op.method, fill(op.path, 'x1'), op.bodyFields ? { [op.bodyFields[0] ?? 'x']: {} } : undefined);
      expect(res.status, `${op.method} ${op.path}`).toBe(401);
      expectRefusedCleanly(res, `${op.method} ${op.path}`);
    }
  });

  it.each(['admin', 'member'] as const)('JSON bodies of the wrong shape from %s: every field at once, each field alone, and bodies that are not objects', async (who) => {
    for (const op of operations.filter((o) => o.bodyFields)) {
      const path = fill(op.path, 'x1');
      const fields = op.bodyFields!;
      for (const junk of JUNK) {
        const all = Object.fromEntries(fields.map((f) => [f, junk]));
        expectRefusedCleanly(await send(who, op.method, path, all), `${op.method} ${path} all fields ${JSON.stringify(junk).slice(0, 40)}`, who);
      }
      for (const field of fields) {
        for (const junk of [null, 1e308, {}, 'x'.repeat(20_000)]) {
          expectRefusedCleanly(await send(who, op.method, path, { [field]: junk }), `${op.method} ${path} ${field}=${JSON.stringify(junk).slice(0, 40)}`, who);
        }
      }
      for (const raw of RAW_BODIES) {
        expectRefusedCleanly(await send(who, op.method, path, raw), `${op.method} ${path} body ${raw.slice(0, 20)}`, who);
      }
    }
    // Most of it is refused by the operations' own validation (400, 413), not only by permission checks.
    expect(statuses[who].get(400) ?? 0).toBeGreaterThan(1500);
    expect(statuses[who].get(413) ?? 0).toBeGreaterThan(5);
  });

  it.each(['admin', 'member'] as const)('query strings from %s: odd values for every documented parameter, repeated parameters, broken percent-encoding', async (who) => {
    for (const op of operations.filter((o) => o.query.length)) {
      const path = fill(op.path, 'x1');
      for (const junk of TEXT_JUNK) {
        const qs = new URLSearchParams(op.query.map((q): [string, string] => [q, junk]));
        expectRefusedCleanly(await send(who, op.method, `${path}?${qs}`), `${op.method} ${path}?${qs.toString().slice(0, 60)}`, who);
      }
      const repeated = op.query.map((q) => `${q}=1&${q}=2&${q}[a]=3`).join('&');
      expectRefusedCleanly(await send(who, op.method, `${path}?${repeated}`), `${op.method} ${path} repeated`, who);
      const broken = op.query.map((q) => `${q}=%E0%A4%A`).join('&');
      expectRefusedCleanly(await send(who, op.method, `${path}?${broken}`), `${op.method} ${path} broken encoding`, who);
    }
  });

  it('path parameters: odd values and broken percent-encoding', async () => {
    for (const op of operations.filter((o) => o.params.length)) {
      for (const junk of TEXT_JUNK.filter((j) => j !== '')) {
        const path = fill(op.path, junk);
        expectRefusedCleanly(await send('admin', op.method, path, op.bodyFields ? {} : undefined), `${op.method} ${path.slice(0, 80)}`);
      }
      const broken = op.path.replace(/\{[^}]+\}/g, '%E0%A4%A');
      expectRefusedCleanly(await send('admin', op.method, broken, op.bodyFields ? {} : undefined), `${op.method} ${broken}`);
    }
  });
});

describe('hostile payloads on every client socket event', () => {
  /** Every field name any client event reads, so that each payload reaches the schema's checks. */
  const FIELDS = ['gid', 'dm', 'pm', 'idx', 'type', 'content', 'emoji', 'cid', 'name', 'invisible', 'away'];

  it('each event refuses payloads of the wrong shape in its acknowledgement; the connection and the server stay up', async () => {
    const socket = await callers.admin.socket();
    try {
      const disconnected: string[] = [];
      socket.on('disconnect', (reason) => disconnected.push(reason));
      for (const event of Object.keys(clientEvents)) {
        const payloads = [...JUNK, 'text', ...JUNK.map((junk) => Object.fromEntries(FIELDS.map((f) => [f, junk])))];
        for (const payload of payloads) {
          const what = `${event} ${JSON.stringify(payload).slice(0, 60)}`;
          const ack = await emitAck<{ ok: boolean; error?: unknown }>(socket, event, payload);
          // A payload the event's own schema takes may be carried out (`status` with no known field is
          // a no-op); a missing one counts as `{}`, as everywhere (lib/validate.ts).
          if (clientEvents[event as keyof typeof clientEvents].payload.safeParse(payload ?? {}).success) {
            expect(typeof ack.ok, what).toBe('boolean');
          } else {
            expect(ack.ok, what).toBe(false);
            expect(typeof ack.error, what).toBe('string');
          }
        }
        // Without an acknowledgement, with extra arguments, and with something else where the callback goes.
        socket.emit(event, { gid: null });
        socket.emit(event, 1, 2, 3);
        socket.emit(event);
        expect((await emitAck<{ ok: boolean }>(socket, event, 42)).ok).toBe(false);
      }
      // Events the server does not know, including names that are properties of every object.
      for (const event of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'x'.repeat(1000), 'error', 'ping']) {
        socket.emit(event, { gid: 'x' });
      }
      const after = await emitAck<{ ok: boolean }>(socket, 'status', { away: true });
      expect(after.ok).toBe(true);
      expect(disconnected).toEqual([]);
      expect((await callers.admin.get('/api/me')).status).toBe(200);
    } finally {
      socket.disconnect();
    }
  });
});

describe('hostile credentials', () => {
  /** Header sets no client should send: each names no one, and must be refused as such. */
  const HEADERS: Array<Record<string, string>> = [
    { authorization: `Bearer ${'x'.repeat(5000)}` },
    { authorization: 'Bearer' },
    { authorization: 'Bearer  ' },
    { authorization: 'Basic YWRtaW46YWRtaW4=' },
    { authorization: 'Bearer key_00000000_' },
    { authorization: `Bearer key_${'0'.repeat(8)}_${'z'.repeat(48)}` },
    { 'x-api-key': 'x'.repeat(5000) },
    { 'x-api-key': ' ' },
    { cookie: 'chat_token=%E0%A4%A' },
    { cookie: `chat_token=${'x'.repeat(4000)}` },
    { cookie: 'chat_token=a; chat_token=b' },
    { cookie: '=; ;;=chat_token' },
    { 'x-forwarded-for': 'not an address, ::ffff:zz, 999.1.1.1' },
  ];

  it('HTTP: an unusable credential is 401 (or 400 for a malformed one), never a 500', async () => {
    const anonymous = new Client(cluster.a);
    for (const headers of HEADERS) {
      const res = await anonymous.request('GET', '/api/me', undefined, headers);
      expect([400, 401], JSON.stringify(headers).slice(0, 80)).toContain(res.status);
      expectRefusedCleanly(res, JSON.stringify(headers).slice(0, 80));
    }
  });

  it('Socket.IO: a handshake with an unusable or oddly typed credential is refused with a key, not api.internal', async () => {
    const auths: Array<Record<string, unknown>> = [
      { token: {} },
      { token: ['a'] },
      { token: 12 },
      { token: 'x'.repeat(5000) },
      { token: `key_${'0'.repeat(8)}_${'z'.repeat(48)}` },
      { platform: { toString: 1 }, token: null },
    ];
    for (const [i, auth] of auths.entries()) {
      const socket = io(cluster.a.url, {
        path: '/ws',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth,
        extraHeaders: HEADERS[i] ?? {},
      });
      const error = await new Promise<string>((resolve) => socket.once('connect_error', (err) => resolve(err.message)));
      socket.close();
      expect(error, JSON.stringify(auth).slice(0, 60)).toMatch(/^api\.(unauthorized|key\.bad)$/);
    }
  });
});

describe('hostile multipart bodies', () => {
  const B = 'b0undary';
  const part = (headers: string, body: string) => `--${B}\r\n${headers}\r\n\r\n${body}\r\n`;
  const file = (name: string, body = 'hello') => part(`Content-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain`, body);
  const END = `--${B}--\r\n`;
  const typed = `multipart/form-data; boundary=${B}`;
  /** [what, Content-Type, body]: each malformed, or well-formed with names no file may keep. */
  const BODIES: Array<[string, string, string | Buffer]> = [
    ['no boundary', 'multipart/form-data', file('a.txt') + END],
    ['an empty boundary', 'multipart/form-data; boundary=', file('a.txt') + END],
    ['another boundary than declared', 'multipart/form-data; boundary=other', file('a.txt') + END],
    ['no closing delimiter', typed, file('a.txt')],
    ['cut inside a part', typed, `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhel`],
    ['cut inside the headers', typed, `--${B}\r\nContent-Disposition: form-da`],
    ['a part without Content-Disposition', typed, part('Content-Type: text/plain', 'x') + END],
    ['only the closing delimiter', typed, END],
    ['junk before the first part', typed, `junk\r\n${file('a.txt')}${END}`],
    ['two files', typed, file('a.txt') + file('b.txt') + END],
    ['a path in the name', typed, file('../../../etc/passwd.txt') + END],
    ['a Windows path in the name', typed, file('..\\..\\boot.ini.txt') + END],
    ['a NUL in the name', typed, file('a\u0000.txt') + END],
    ['a malformed filename*', typed, part(`Content-Disposition: form-data; name="file"; filename*=UTF-8''%E0%A4%A.txt`, 'x') + END],
    ['a 20,000-character header', typed, file(`${'a'.repeat(20_000)}.txt`) + END],
    ['10,000 fields', typed, Array.from({ length: 10_000 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, 'v')).join('') + END],
    ['random bytes', typed, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
  ];

  async function post(c: Client, path: string, contentType: string, body: string | Buffer, what: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const headers: Record<string, string> = { 'content-type': contentType, 'x-forwarded-for': c.ip, cookie: c.cookie ?? '' };
    const res = await checkedFetch(cluster.a.url + path, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) }).catch((err: Error) => {
      throw new Error(`${path} ${what}: ${err.message}`);
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  }

  it('single and chunked uploads answer each with a declared 4xx, or store a file under a clean name; the server keeps taking uploads', async () => {
    const member = await newUser(cluster);
    for (const [what, contentType, body] of BODIES) {
      const init = await member.post('/api/upload/init', { name: 'a.txt', size: 5 });
      expect(init.status).toBe(200);
      for (const path of ['/api/upload', `/api/upload/chunk?uploadId=${init.body.uploadId}&index=0`]) {
        const res = await post(member, path, contentType, body, what);
        expect(res.status, `${path} ${what}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.body.ok, `${path} ${what}`).toBe(false);
          expect(typeof res.body.error, `${path} ${what}`).toBe('string');
        } else if (path === '/api/upload') {
          const name = String(res.body.name);
          expect(name.includes('/') || name.includes('\\') || name.includes('\u0000'), `${what}: ${name}`).toBe(false);
          expect(String(res.body.url), what).toMatch(/^\/uploads\/[^/]+$/);
        }
      }
    }
    const healthy = await post(member, '/api/upload', typed, file('after.txt', 'still here') + END, 'after the sweep');
    expect(healthy.status).toBe(200);
  });
});

describe('hostile tus requests', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64');

  it('odd headers and bodies at creation and on PATCH are refused below 500, and uploads still work', async () => {
    const member = await newUser(cluster);
    const base = { cookie: member.cookie ?? '', 'x-forwarded-for': member.ip };
    const tus = (path: string, method: string, headers: Record<string, string>, body?: string | Buffer) =>
      checkedFetch(cluster.a.url + path, { method, headers: { ...base, ...headers }, body, signal: AbortSignal.timeout(10_000) });
    const creations: Array<Record<string, string>> = [
      {},
      { 'tus-resumable': '0.2.2', 'upload-length': '5' },
      { 'tus-resumable': '1.0.0', 'upload-length': '-1' },
      { 'tus-resumable': '1.0.0', 'upload-length': 'abc' },
      { 'tus-resumable': '1.0.0', 'upload-length': '1e30' },
      { 'tus-resumable': '1.0.0', 'upload-length': '99999999999999999999' },
      { 'tus-resumable': '1.0.0', 'upload-length': '5', 'upload-metadata': 'filename !!!not-base64' },
      { 'tus-resumable': '1.0.0', 'upload-length': '5', 'upload-metadata': `filename ${b64('../../etc/passwd')}` },
      { 'tus-resumable': '1.0.0', 'upload-length': '5', 'upload-metadata': `filename ${b64('a\u0000.exe')}` },
      { 'tus-resumable': '1.0.0', 'upload-length': '5', 'upload-metadata': `filename ${b64('x'.repeat(4000))}.txt` },
      { 'tus-resumable': '1.0.0', 'upload-defer-length': '1' },
    ];
    for (const headers of creations) {
      const res = await tus('/api/tus', 'POST', headers);
      expect(res.status, JSON.stringify(headers).slice(0, 80)).toBeLessThan(500);
      await res.arrayBuffer();
    }
    const created = await tus('/api/tus', 'POST', { 'tus-resumable': '1.0.0', 'upload-length': '5', 'upload-metadata': `filename ${b64('a.txt')}` });
    expect(created.status).toBe(201);
    const where = new URL(created.headers.get('location') ?? '', cluster.a.url).pathname;
    const patches: Array<[Record<string, string>, string]> = [
      [{ 'tus-resumable': '1.0.0', 'upload-offset': '3', 'content-type': 'application/offset+octet-stream' }, 'hello'],
      [{ 'tus-resumable': '1.0.0', 'upload-offset': '-1', 'content-type': 'application/offset+octet-stream' }, 'hello'],
      [{ 'tus-resumable': '1.0.0', 'upload-offset': 'x', 'content-type': 'application/offset+octet-stream' }, 'hello'],
      [{ 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'text/plain' }, 'hello'],
      [{ 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, 'far too many bytes for five'],
    ];
    for (const [headers, body] of patches) {
      const res = await tus(where, 'PATCH', headers, body);
      expect(res.status, JSON.stringify(headers)).toBeLessThan(500);
      await res.arrayBuffer();
    }
    for (const path of ['/api/tus/..%2F..%2Fetc', '/api/tus/%E0%A4%A', `/api/tus/${'f'.repeat(2000)}`]) {
      for (const method of ['HEAD', 'PATCH', 'DELETE']) {
        const res = await tus(path, method, { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, method === 'PATCH' ? 'x' : undefined);
        expect(res.status, `${method} ${path.slice(0, 40)}`).toBeLessThan(500);
        await res.arrayBuffer();
      }
    }
    // The upload is still usable: the right bytes at the right offset finish it.
    const finished = await tus(where, 'PATCH', { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, 'hello');
    expect(finished.status).toBe(204);
    expect(finished.headers.get('upload-url')).toMatch(/^\/uploads\//);
  });
});
