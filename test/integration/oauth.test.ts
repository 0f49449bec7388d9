import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, newUser } from '../helpers/client.ts';
import { GitHubStub, type StubAccount } from '../helpers/github-stub.ts';
import { startCluster, type TestCluster, type TestNode } from '../helpers/server.ts';
import { checkedFetch } from '../helpers/contract.ts';

let cluster: TestCluster;
const stub = new GitHubStub();

beforeAll(async () => {
  await stub.start();
  cluster = await startCluster({ env: { OAUTH_SECRET_KEY: 'test-oauth-secret-key-0123', ...stub.env() } });
});
afterAll(async () => {
  await cluster?.close();
  await stub.close();
});

let nextAccount = 5000;
const account = (login = 'octo'): StubAccount => ({ id: nextAccount++, login: `${login}${nextAccount}` });

interface Flow {
  /** The provider URL the server redirected to. */
  authorize: URL;
  /** The browser-binding cookie (`chat_oauth=...`). */
  nonce: string;
}

/** GET /api/oauth/github/start as a browser would, without following the redirect. */
async function start(client: Client, mode: string, node: TestNode = client.node): Promise<Flow> {
  const headers: Record<string, string> = { 'x-forwarded-for': client.ip };
  if (client.cookie) headers.cookie = client.cookie;
  const res = await checkedFetch(`${node.url}/api/oauth/github/start?mode=${mode}`, { headers, redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  const nonce = res.headers.getSetCookie().find((c) => c.startsWith('chat_oauth='))!.split(';')[0]!;
  return { authorize: new URL(res.headers.get('location')!), nonce };
}

/** The user signs in at the provider as `who`; returns the callback URL the provider sends the browser to. */
async function atProvider(flow: Flow, who: StubAccount, opts: { deny?: boolean } = {}): Promise<URL> {
  const url = new URL(flow.authorize);
  url.searchParams.set('as_id', String(who.id));
  url.searchParams.set('as_login', who.login);
  if (opts.deny) url.searchParams.set('deny', '1');
  const res = await checkedFetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The browser arrives at the callback (optionally on another node); a session cookie lands in `client`. */
async function callback(client: Client, url: URL, nonce: string | undefined, node?: TestNode) {
  const target = new URL(url.pathname + url.search, node?.url ?? `${url.protocol}//${url.host}`);
  const cookies = [nonce, client.cookie].filter(Boolean).join('; ');
  const res = await checkedFetch(target, { headers: { 'x-forwarded-for': client.ip, ...(cookies ? { cookie: cookies } : {}) }, redirect: 'manual' });
  const session = res.headers.getSetCookie().find((c) => c.startsWith('chat_token='));
  if (session) client.cookie = session.split(';')[0];
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: string } };
}

/** Start → provider → callback, in one go. */
async function flow(client: Client, mode: 'login' | 'bind', who: StubAccount, node?: TestNode) {
  const f = await start(client, mode);
  return callback(client, await atProvider(f, who), f.nonce, node);
}

async function bound(who: StubAccount) {
  const u = await newUser(cluster);
  const res = await flow(u, 'bind', who);
  expect(res.body).toEqual({ ok: true, bound: 'github', login: who.login });
  return u;
}

describe('before configuration', () => {
  it('no provider is offered and starting is 404', async () => {
    const c = new Client(cluster.a);
    expect((await c.get('/api/oauth/providers')).body).toEqual({ ok: true, providers: [] });
    const res = await c.get('/api/oauth/github/start', { mode: 'login' });
    expect([res.status, res.body.error]).toEqual([404, 'api.oauth.disabled']);
  });
});

describe('administration', () => {
  it('stores the client secret sealed, never shows it, keeps it when the field is blank', async () => {
    const admin = await adminClient(cluster);
    expect((await admin.get('/api/admin/oauth')).body).toMatchObject({ ok: true, clientId: '', clientSecret: '', hasSecret: false, enabled: false });
    expect((await admin.post('/api/admin/oauth', { clientId: stub.clientId, clientSecret: stub.clientSecret })).body).toEqual({ ok: true });
    const shown = await admin.on(cluster.b).get('/api/admin/oauth');
    expect(shown.body).toMatchObject({ clientId: stub.clientId, clientSecret: '********', hasSecret: true, enabled: true, canStoreSecret: true });
    expect(shown.body.callbackUrl).toMatch(/\/api\/oauth\/github\/callback$/);
    expect(JSON.stringify(shown.body)).not.toContain(stub.clientSecret);
    const [row] = await cluster.a.app.ctx.db.query<{ client_secret: string }>("select client_secret from oauth_providers where provider = 'github'");
    expect(row!.client_secret).toMatch(/^v1:/);
    expect(row!.client_secret).not.toContain(stub.clientSecret);

    // A blank secret keeps the stored one (the flow below still authenticates at the token endpoint).
    expect((await admin.post('/api/admin/oauth', { clientId: stub.clientId, clientSecret: '' })).status).toBe(200);
    expect((await admin.get('/api/admin/oauth')).body.hasSecret).toBe(true);
    expect((await new Client(cluster.b).get('/api/oauth/providers')).body.providers).toEqual([{ id: 'github', name: 'GitHub' }]);
  });

  it('only administrators; bad input is 400, oversized 413', async () => {
    const admin = await adminClient(cluster);
    const u = await newUser(cluster);
    expect((await u.get('/api/admin/oauth')).status).toBe(403);
    expect((await u.post('/api/admin/oauth', { clientId: 'x' })).status).toBe(403);
    expect((await admin.post('/api/admin/oauth', {})).status).toBe(400);
    expect((await admin.post('/api/admin/oauth', { clientId: 'x'.repeat(201) })).status).toBe(413);
  });
});

describe('bind and login', () => {
  it('binds on one node and finishes on the other; logs in with the linked account', async () => {
    const who = account();
    const u = await newUser(cluster);
    const f = await start(u, 'bind', cluster.a);
    expect(f.authorize.origin + f.authorize.pathname).toBe(`${stub.url}/login/oauth/authorize`);
    expect(f.authorize.searchParams.get('client_id')).toBe(stub.clientId);
    expect(f.authorize.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    const res = await callback(u, await atProvider(f, who), f.nonce, cluster.b);
    expect(res.body).toEqual({ ok: true, bound: 'github', login: who.login });
    expect((await u.on(cluster.b).get('/api/oauth/me')).body).toEqual({ ok: true, links: [{ provider: 'github', login: who.login, created: expect.any(Number) }] });

    const browser = new Client(cluster.a);
    const login = await flow(browser, 'login', who, cluster.b);
    expect(login).toEqual({ status: 200, body: { ok: true, username: u.name, mustChange: false } });
    expect((await browser.on(cluster.a).get('/api/me')).body.username).toBe(u.name);
  });

  it('a state is used once: replaying the callback is refused', async () => {
    const who = account();
    await bound(who);
    const browser = new Client(cluster.a);
    const f = await start(browser, 'login');
    const back = await atProvider(f, who);
    expect((await callback(browser, back, f.nonce)).status).toBe(200);
    const replay = await callback(new Client(cluster.b), back, f.nonce, cluster.b);
    expect([replay.status, replay.body.error]).toEqual([400, 'api.oauth.badState']);
  });

  it('the state must come back to the browser that started it, within 10 minutes', async () => {
    const who = account();
    await bound(who);
    const f = await start(new Client(cluster.a), 'login');
    const back = await atProvider(f, who);
    const elsewhere = await callback(new Client(cluster.a), back, undefined);
    expect([elsewhere.status, elsewhere.body.error]).toEqual([400, 'api.oauth.badState']);

    const g = await start(new Client(cluster.a), 'login');
    const otherNonce = await callback(new Client(cluster.a), await atProvider(g, who), 'chat_oauth=forged');
    expect(otherNonce.body.error).toBe('api.oauth.badState');

    const h = await start(new Client(cluster.a), 'login');
    cluster.clock.advance(10 * 60_000 + 1);
    const late = await callback(new Client(cluster.a), await atProvider(h, who), h.nonce);
    expect([late.status, late.body.error]).toEqual([400, 'api.oauth.badState']);

    const noState = await new Client(cluster.a).get('/api/oauth/github/callback', { code: 'x' });
    expect(noState.body.error).toBe('api.oauth.badState');
  });

  it('a 2FA account gets a challenge instead of a session', async () => {
    const who = account();
    const u = await bound(who);
    const { secret } = (await u.post('/api/twofa/setup')).body;
    const code = () => generate({ secret, epoch: Math.floor(cluster.clock.now() / 1000) });
    expect((await u.post('/api/twofa/enable', { code: await code() })).status).toBe(200);

    const browser = new Client(cluster.a);
    const res = await flow(browser, 'login', who);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, need2fa: true, challenge: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(browser.cookie).toBeUndefined();
    cluster.clock.advance(30_000);
    const verified = await browser.on(cluster.b).post('/api/twofa/verify', { code: await code(), challenge: res.body.challenge });
    expect(verified.body).toMatchObject({ ok: true, username: u.name });
  });

  it('refuses banned and pending accounts, and provider accounts linked to nobody', async () => {
    const admin = await adminClient(cluster);
    const banned = account();
    const u = await bound(banned);
    await admin.post('/api/admin/penalties/add', { user: u.name, action: 'ban', duration: 0 });
    const refused = await flow(new Client(cluster.a), 'login', banned);
    expect([refused.status, refused.body.error]).toEqual([403, 'api.login.banned']);

    const pending = account();
    const p = await bound(pending);
    await cluster.a.app.ctx.db.query("update users set status = 'pending' where name = $1", [p.name]);
    await cluster.a.app.ctx.identities.invalidateUser((await cluster.a.app.ctx.db.query<{ id: number }>('select id from users where name = $1', [p.name]))[0]!.id);
    expect((await flow(new Client(cluster.a), 'login', pending)).body.error).toBe('api.login.pending');

    const stranger = await flow(new Client(cluster.a), 'login', account());
    expect([stranger.status, stranger.body.error]).toEqual([404, 'api.oauth.notLinked']);
  });

  it('one provider account per user and one user per provider account', async () => {
    const who = account();
    const first = await bound(who);
    const second = await newUser(cluster);
    const taken = await flow(second, 'bind', who);
    expect([taken.status, taken.body.error]).toEqual([409, 'api.oauth.linkedElsewhere']);
    const again = await flow(first, 'bind', account());
    expect([again.status, again.body.error]).toEqual([409, 'api.oauth.alreadyBound']);
    // Binding the same account again changes nothing.
    expect((await flow(first, 'bind', who)).body).toMatchObject({ ok: true, bound: 'github' });
  });

  it('binding needs a login; the mode must be login or bind', async () => {
    const c = new Client(cluster.a);
    expect((await c.get('/api/oauth/github/start', { mode: 'bind' })).status).toBe(401);
    const bad = await c.get('/api/oauth/github/start', { mode: 'steal' });
    expect([bad.status, bad.body.error]).toEqual([400, 'api.oauth.badMode']);
    expect((await c.get('/api/oauth/me')).status).toBe(401);
  });
});

describe('provider failures', () => {
  it('declined at the provider, a refused code, a provider that fails', async () => {
    const who = account();
    await bound(who);
    const d = await start(new Client(cluster.a), 'login');
    const declined = await callback(new Client(cluster.a), await atProvider(d, who, { deny: true }), d.nonce);
    expect([declined.status, declined.body.error]).toEqual([400, 'api.oauth.denied']);

    const f = await start(new Client(cluster.a), 'login');
    const back = await atProvider(f, who);
    back.searchParams.set('code', 'not-a-code-the-provider-issued');
    const refused = await callback(new Client(cluster.a), back, f.nonce);
    expect([refused.status, refused.body.error]).toEqual([400, 'api.oauth.badCode']);

    const broken = account();
    stub.brokenAccounts.add(broken.id);
    const failed = await flow(new Client(cluster.a), 'login', broken);
    expect([failed.status, failed.body.error]).toEqual([502, 'api.oauth.providerFailed']);
  });
});

describe('unbind', () => {
  it('removes the link (security scope for keys); a second unbind is 404; all audited', async () => {
    const admin = await adminClient(cluster);
    const who = account();
    const u = await bound(who);
    const weak = new Client(cluster.b);
    weak.apiKey = (await u.post('/api/keys', { name: 'read', scopes: ['profile.read'] })).body.plaintext;
    expect((await weak.post('/api/oauth/github/unbind')).status).toBe(403);
    const strong = new Client(cluster.b);
    strong.apiKey = (await u.post('/api/keys', { name: 'sec', scopes: ['security'] })).body.plaintext;
    expect((await strong.post('/api/oauth/github/unbind')).body).toEqual({ ok: true });
    expect((await u.get('/api/oauth/me')).body.links).toEqual([]);
    const again = await u.post('/api/oauth/github/unbind');
    expect([again.status, again.body.error]).toEqual([404, 'api.oauth.notBound']);
    expect((await flow(new Client(cluster.a), 'login', who)).body.error).toBe('api.oauth.notLinked');

    const actions = (await admin.get('/api/admin/logs', { actor: u.name, actionPrefix: 'oauth.' })).body.logs.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['oauth.unbind', 'oauth.bind']);
    const other = account();
    await bound(other);
    expect((await flow(new Client(cluster.a), 'login', other)).status).toBe(200);
    const entry = (await admin.get('/api/admin/logs', { action: 'login', pageSize: 1 })).body.logs[0];
    expect(JSON.parse(entry.detail).v).toEqual({ via: 'github' });
  });
});

describe('configuration off again', () => {
  it('a blank client id turns the provider off', async () => {
    const admin = await adminClient(cluster);
    expect((await admin.post('/api/admin/oauth', { clientId: '' })).status).toBe(200);
    expect((await new Client(cluster.b).get('/api/oauth/providers')).body.providers).toEqual([]);
    expect((await admin.get('/api/admin/oauth')).body).toMatchObject({ hasSecret: false, enabled: false });
    const u = await newUser(cluster);
    expect((await u.get('/api/oauth/github/start', { mode: 'bind' })).status).toBe(404);
  });
});
