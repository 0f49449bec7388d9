import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '../../src/identity.ts';
import { adminClient, Client } from '../helpers/client.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';

/**
 * Every route declares its API-key scope where it is declared (src/http/access.ts), so the
 * scope check follows Express's own matching. These tests walk the OpenAPI document, which is
 * generated from the same declarations, and try each scoped operation with a key that holds
 * every scope but the one it needs, under every spelling of its path a client could try.
 */

let cluster: TestCluster;
// biome-ignore lint/suspicious/noExplicitAny: the document is inspected loosely.
let doc: any;
/** For each scope, an administrator's key holding every other scope. */
const keyWithout = new Map<Scope, string>();

interface Operation {
  method: string;
  path: string;
  scope: Scope;
}
let operations: Operation[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  const admin = await adminClient(cluster);
  doc = (await admin.get('/api/openapi.json')).body;
  for (const missing of SCOPES) {
    const res = await admin.post('/api/keys', { name: `all but ${missing}`, scopes: SCOPES.filter((s) => s !== missing), rateLimit: 6000 });
    expect(res.status).toBe(200);
    keyWithout.set(missing, res.body.plaintext);
  }
  for (const [path, item] of Object.entries<Record<string, { 'x-scope'?: Scope }>>(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op['x-scope']) operations.push({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'x'), scope: op['x-scope'] });
    }
  }
  operations = operations.sort((a, b) => a.path.localeCompare(b.path));
});
afterAll(() => cluster.close());

function keyClient(key: string): Client {
  const c = new Client(cluster.a);
  c.apiKey = key;
  return c;
}

/** The spellings a hostile client tries: each must be refused or unknown, never served. */
function variants(path: string): Array<[string, string]> {
  const rest = path.slice('/api/'.length);
  const first = rest.charAt(0);
  return [
    ['upper case', path.toUpperCase()],
    ['mixed case', `/api/${first.toUpperCase()}${rest.slice(1)}`],
    ['mixed-case prefix', `/Api/${rest}`],
    ['doubled slash', `/api//${rest}`],
    ['percent-encoded letter', `/api/%${first.charCodeAt(0).toString(16).toUpperCase()}${rest.slice(1)}`],
  ];
}

describe('API-key scopes follow the route that serves the request', () => {
  it('every scoped operation of the document is covered, and every scope is used', () => {
    expect(operations.length).toBeGreaterThan(90);
    const used = new Set(operations.map((o) => o.scope));
    expect([...used].sort()).toEqual([...SCOPES].sort());
  });

  it('a key without the scope gets 403 under the path and with a trailing slash', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const c = keyClient(keyWithout.get(op.scope)!);
      for (const path of [op.path, `${op.path}/`]) {
        const res = await c.request(op.method, path, op.method === 'GET' || op.method === 'HEAD' ? undefined : {});
        const refused = res.status === 403 && (op.method === 'HEAD' || res.body.error === 'api.forbidden');
        if (!refused) wrong.push(`${op.method} ${path} (${op.scope}): ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('other spellings of the path are unknown (404) or refused (403), never served', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const c = keyClient(keyWithout.get(op.scope)!);
      for (const [how, path] of variants(op.path)) {
        const res = await c.request(op.method, path, op.method === 'GET' || op.method === 'HEAD' ? undefined : {});
        if (res.status !== 403 && res.status !== 404) wrong.push(`${op.method} ${path} (${how}, ${op.scope}): ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the reported bypasses are closed: an administrator key with only profile.read', async () => {
    const admin = await adminClient(cluster);
    const key = (await admin.post('/api/keys', { name: 'read only', scopes: ['profile.read'] })).body.plaintext as string;
    const c = keyClient(key);
    expect((await c.post('/API/MESSAGES', { gid: '0000000000000000', type: 'text', content: 'x' })).status).toBe(404);
    expect((await c.post('/api/messages', { gid: '0000000000000000', type: 'text', content: 'x' })).status).toBe(403);
    expect((await c.get('/API/ADMIN/USERS')).status).toBe(404);
    expect((await c.get('/api/admin/users')).status).toBe(403);
    expect((await c.post('/Api/admin/user/add', { name: 'intruder1', password: 'Correct-horse-42' })).status).toBe(404);
    expect((await c.post('/api/admin/user/add', { name: 'intruder1', password: 'Correct-horse-42' })).status).toBe(403);
    // The scope it holds still works, and an unknown spelling is unknown for cookies too.
    expect((await c.get('/api/me')).status).toBe(200);
    expect((await admin.get('/API/ME')).body).toEqual({ ok: false, error: 'api.notFound' });
  });
});
