import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { type Credentials, createChatClient, login, type MessagePayload, mergeDraft, parseMerge, roomKey, verifyTwofa } from '../../src/index.ts';
import { adminClient, PASSWORD, trackSockets, uniqueName, waitFor } from '../../../../test/helpers/client.ts';
import { history, sendText, storedCount, userId } from '../../../../test/helpers/messages.ts';
import { startCluster, type TestCluster } from '../../../../test/helpers/server.ts';
import { befriend, groupWith } from '../../../../test/helpers/social.ts';
import { checkedFetch, clients, delivered, expectOncePerIdx, forwardedFrom, type Named, sdkUser, statusIs, until } from './helpers.ts';

/**
 * The SDK against a real server (both modes; two nodes in cluster mode, the
 * client on node b and the other people on node a): typed REST calls, live
 * delivery, catch-up after a reconnect, sends retried with their cid, the
 * store, auth by token session, API key and cookie.
 */
let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const totp = (secret: string) => generate({ secret, epoch: Math.floor(cluster.clock.now() / 1000) });

const connect = trackSockets();
const sdk = clients();
afterEach(() => sdk.stopAll());

/** Disconnects every socket of a user on every node (as a crashed proxy or node would), without logging them out. */
async function dropConnections(name: string): Promise<void> {
  for (const s of await cluster.b.app.io.fetchSockets()) if (s.data.name === name) s.disconnect(true);
}

async function pair(): Promise<{ ann: Named; bob: Named; bobCreds: Credentials; gid: string }> {
  const { user: bob, credentials: bobCreds } = await sdkUser(cluster, cluster.b);
  const { user: ann } = await sdkUser(cluster);
  await befriend(ann, bob);
  const gid = await groupWith(ann, { members: [bob] });
  return { ann, bob, bobCreds, gid };
}

describe('typed REST', () => {
  it('calls any operation with the types of the OpenAPI document, with a token session', async () => {
    const { user, credentials } = await sdkUser(cluster);
    const c = sdk.start({ urls: cluster.a.url, credentials });
    const { data } = await c.api.GET('/api/me');
    expect(data).toMatchObject({ ok: true, username: user.name });
    c.stop();
  });

  it('works with an API key and with a cookie header', async () => {
    const { user } = await sdkUser(cluster);
    const key = (await user.post('/api/keys', { name: 'sdk', scopes: ['profile.read', 'messages.read'] })).body.plaintext as string;
    const byKey = sdk.start({ urls: cluster.a.url, credentials: { kind: 'apiKey', key } });
    expect((await byKey.api.GET('/api/me')).data).toMatchObject({ username: user.name });
    const byCookie = sdk.start({ urls: cluster.a.url, credentials: { kind: 'cookie', cookie: user.cookie! } });
    expect((await byCookie.api.GET('/api/me')).data).toMatchObject({ username: user.name });
    await statusIs(byCookie, 'live');
  });

  it('moves on to the next base URL when one does not answer', async () => {
    const { user, credentials } = await sdkUser(cluster);
    const c = sdk.start({ urls: ['http://127.0.0.1:9', cluster.a.url], credentials });
    expect((await c.api.GET('/api/me')).data).toMatchObject({ username: user.name });
    await statusIs(c, 'live');
  });

  it('logs in with two-step verification: login answers a challenge, verifyTwofa the session', async () => {
    const { user, credentials } = await sdkUser(cluster);
    const secret: string = (await user.post('/api/twofa/setup')).body.secret;
    expect((await user.post('/api/twofa/enable', { code: await totp(secret), secret })).status).toBe(200);
    cluster.clock.advance(30_000);

    const fetch = forwardedFrom(user.ip);
    const first = await login(cluster.b.url, user.name, PASSWORD, { token: true, fetch });
    if (first.kind !== 'twofa') throw new Error(`expected a challenge, got ${first.kind}`);
    expect(first.challenge).toMatch(/^[0-9a-f]{64}$/);
    const second = await verifyTwofa(cluster.b.url, first.challenge, await totp(secret), { token: true, fetch });
    expect(second).toMatchObject({ kind: 'session', username: user.name, mustChange: false, credentials: { kind: 'session' } });
    if (second.kind !== 'session') return;
    expect(second.credentials).not.toEqual(credentials);
    const c = sdk.start({ urls: cluster.a.url, credentials: second.credentials });
    expect((await c.api.GET('/api/me')).data).toMatchObject({ username: user.name, twofa: true });
  });
});

describe('delivery', () => {
  it('delivers live messages once and in idx order, and catches up after a reconnect', async () => {
    const { ann, bob, bobCreds, gid } = await pair();
    // Slow reconnection, so that messages are sent while the client is away and come by catch-up.
    const c = sdk.start({ urls: [cluster.b.url], credentials: bobCreds, backoff: { baseMs: 1_500, maxMs: 1_500 } });
    const got = delivered(c);
    await statusIs(c, 'live');
    const s = await connect(ann, cluster.a);
    for (let i = 1; i <= 5; i++) await sendText(s, { gid }, `live ${i}`);
    await sendText(s, { dm: bob.name }, 'dm 1');
    await until(() => got.length === 6, 'live messages');

    await dropConnections(bob.name);
    await statusIs(c, 'offline');
    for (let i = 6; i <= 10; i++) await sendText(s, { gid }, `missed ${i}`);
    await sendText(s, { dm: bob.name }, 'dm 2');
    await until(() => got.length === 12, 'caught-up messages');
    await statusIs(c, 'live');
    for (let i = 11; i <= 12; i++) await sendText(s, { gid }, `after ${i}`);
    await until(() => got.length === 14, 'live after reconnect');

    expectOncePerIdx(got, { gid }, [...Array(12).keys()].map((i) => i + 1));
    expectOncePerIdx(got, { dm: ann.name }, [1, 2]);
    expect(got.filter((m) => m.gid === gid).map((m) => m.content)).toEqual(
      (await history(ann, { gid })).map((m: MessagePayload) => m.content),
    );
  });

  it('catches up edits, recalls and reactions made while it was away in the messages it holds', async () => {
    const { ann, bob, bobCreds, gid } = await pair();
    const s = await connect(ann, cluster.a);
    const [edited, recalled, liked] = [await sendText(s, { gid }, 'to edit'), await sendText(s, { gid }, 'to recall'), await sendText(s, { gid }, 'to like')];
    const c = sdk.start({ urls: [cluster.b.url], credentials: bobCreds, backoff: { baseMs: 1_500, maxMs: 1_500 } });
    await statusIs(c, 'live');
    const key = roomKey({ gid });
    await c.store.loadHistory(key);
    const held = () => c.store.getSnapshot().messages[key]?.map((m) => ({ idx: m.idx, content: m.content, recalled: m.recalled, reactions: m.reactions }));
    expect(held()).toHaveLength(3);

    await dropConnections(bob.name);
    await statusIs(c, 'offline');
    const ack = (event: 'edit' | 'recall' | 'react', body: object) => new Promise((r) => s.emit(event, body as never, r as never));
    expect(await ack('edit', { gid, idx: edited.idx, content: 'edited while away' })).toMatchObject({ ok: true });
    expect(await ack('recall', { gid, idx: recalled.idx })).toMatchObject({ ok: true });
    expect(await ack('react', { gid, idx: liked.idx, emoji: '👍' })).toMatchObject({ ok: true });

    await until(() => held()?.[0]?.content === 'edited while away', 'the edit, after the reconnect');
    expect(held()).toEqual([
      { idx: edited.idx, content: 'edited while away', recalled: false, reactions: {} },
      { idx: recalled.idx, content: '', recalled: true, reactions: {} },
      { idx: liked.idx, content: 'to like', recalled: false, reactions: { '👍': [ann.name] } },
    ]);
    expect(c.store.getSnapshot().status).toBe('live');
  });

  it("starts at the read markers with startAt: 'unread'", async () => {
    const { ann, bob, bobCreds, gid } = await pair();
    const s = await connect(ann);
    for (let i = 1; i <= 3; i++) await sendText(s, { gid }, `u${i}`);
    expect((await bob.post('/api/conversations/read', { gid, idx: 1 })).body.idx).toBe(1);
    const c = sdk.start({ urls: cluster.b.url, credentials: bobCreds, startAt: 'unread' });
    const got = delivered(c);
    await until(() => got.length === 2, 'unread messages');
    expectOncePerIdx(got, { gid }, [2, 3]);
  });
});

describe('sending', () => {
  it('resolves with the stored record; the other side receives it once', async () => {
    const { ann, bob, bobCreds, gid } = await pair();
    const c = sdk.start({ urls: cluster.b.url, credentials: bobCreds });
    const got = delivered(c);
    await statusIs(c, 'live');
    const s = await connect(ann, cluster.a);
    const seen = waitFor(s, 'msg', (m) => m.content === 'hello');
    const stored = await c.send({ gid }, 'hello');
    expect(stored).toMatchObject({ from: bob.name, content: 'hello', gid, idx: 1 });
    await seen;
    // Our own message is delivered to the app too (once), from the acknowledgement.
    expectOncePerIdx(got, { gid }, [1]);
  });

  it('a send waiting through a timeout and a reconnect is stored once, with its cid', async () => {
    const { ann, bob, bobCreds, gid } = await pair();
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let attempts = 0;
    for (const n of cluster.nodes) {
      n.app.ctx.hooks.sendGuards.push(async (_id, m) => {
        if (m.content !== 'slow one') return;
        attempts++;
        await gate;
      });
    }
    const c = sdk.start({ urls: cluster.b.url, credentials: bobCreds, sendTimeoutMs: 150, backoff: { baseMs: 100, maxMs: 100 } });
    const pending: string[][] = [];
    c.connection.on('outbox', (list) => pending.push(list.map((p) => p.cid)));
    await statusIs(c, 'live');
    const s = await connect(ann, cluster.a);
    const received: MessagePayload[] = [];
    s.on('msg', (m: MessagePayload) => received.push(m));

    const sending = c.send({ gid }, 'slow one');
    await until(() => attempts >= 2, 'a resend after the timeout');
    await dropConnections(bob.name);
    await until(() => attempts >= 3 && c.connection.status === 'live', 'a resend on the new connection');
    release();
    const stored = await sending;
    expect(stored.content).toBe('slow one');
    const bobId = await userId(cluster.a, bob.name);
    expect(bobId).toBeGreaterThan(0);
    await until(() => received.length >= 1, 'the message at the other side');
    expect(received.map((m) => m.idx)).toEqual([stored.idx]);
    expect(await storedCount(cluster.a, `g:${gid}`)).toBe(1);
    // Every attempt carried the same cid.
    expect(new Set(pending.flat()).size).toBe(1);
  });

  it('forwards messages as one merge (mergeDraft) that the other side reads back (parseMerge)', async () => {
    const { ann, bob, bobCreds, gid } = await pair();
    const s = await connect(ann, cluster.a);
    await sendText(s, { gid }, 'first <b>point</b>');
    await sendText(s, { gid }, 'second point');
    const c = sdk.start({ urls: cluster.b.url, credentials: bobCreds });
    await statusIs(c, 'live');
    const page = (await c.api.GET('/api/messages', { params: { query: { gid } } })).data!.messages;
    const picked = [...page].sort((x, y) => x.idx - y.idx);
    const seen = waitFor(s, 'msg', (m) => m.type === 'merge');
    const stored = await c.send({ dm: ann.name }, mergeDraft(picked, 'Minutes'));
    expect(stored).toMatchObject({ type: 'merge', from: bob.name, dm: ann.name });
    const received = (await seen) as MessagePayload;
    expect(parseMerge(received.content)).toEqual({
      title: 'Minutes',
      items: picked.map((m) => ({ from: ann.name, type: 'text', content: m.content, ts: m.ts })),
    });
    // Not a bundle: undefined; malformed entries are left out.
    expect(parseMerge('not json')).toBeUndefined();
    expect(parseMerge('{"items":3}')).toBeUndefined();
    expect(parseMerge('{"items":[{"from":"x","type":"text","content":"kept"},{"type":"text"},null]}')).toEqual({
      items: [{ from: 'x', type: 'text', content: 'kept' }],
    });
  });

  it('rejects a send the server refuses, with its key', async () => {
    const { bobCreds } = await pair();
    const c = sdk.start({ urls: cluster.b.url, credentials: bobCreds });
    await expect(c.send({ dm: 'nobody-here' }, 'x')).rejects.toMatchObject({ key: 'api.user.notFound' });
  });
});

describe('the store', () => {
  it('holds the conversation list, unread counts and messages; markRead lowers unread', async () => {
    const { ann, bobCreds, gid } = await pair();
    const s = await connect(ann);
    await sendText(s, { gid }, 'before');
    const c = sdk.start({ urls: cluster.b.url, credentials: bobCreds });
    const changes: number[] = [];
    c.store.subscribe(() => changes.push(c.store.getSnapshot().conversations.length));
    await statusIs(c, 'live');
    await sendText(s, { gid }, 'while live');
    const key = roomKey({ gid });
    await until(() => (c.store.getSnapshot().messages[key]?.length ?? 0) === 1, 'the live message in the store');
    const entry = () => c.store.getSnapshot().conversations.find((x) => 'gid' in x && x.gid === gid);
    expect(entry()).toMatchObject({ lastIdx: 2, readIdx: 0, unread: 2, last: { content: 'while live', from: ann.name } });
    const snap = c.store.getSnapshot();
    expect(c.store.getSnapshot()).toBe(snap);
    await c.store.loadHistory(key);
    expect(c.store.getSnapshot().messages[key]?.map((m) => m.content)).toEqual(['before', 'while live']);
    await c.store.markRead(key);
    expect(entry()).toMatchObject({ readIdx: 2, unread: 0 });
    expect(changes.length).toBeGreaterThan(0);
  });
});

describe('auth ends', () => {
  it('stops with loggedOut when the account is banned, and does not reconnect', async () => {
    const { user, credentials } = await sdkUser(cluster, cluster.b);
    const c = sdk.start({ urls: cluster.b.url, credentials });
    await statusIs(c, 'live');
    const admin = await adminClient(cluster);
    expect((await admin.post('/api/admin/penalties/add', { user: user.name, action: 'ban', duration: 0 })).status).toBe(200);
    await statusIs(c, 'loggedOut');
    await expect(c.send({ dm: user.name }, 'x')).rejects.toThrow();
    // The ban ended the session too: connecting again with it (a client that was away) is refused, and says why.
    const again = sdk.start({ urls: cluster.a.url, credentials });
    await statusIs(again, 'unauthorized');
    expect(again.connection.refusal).toBe('api.login.banned');
    expect((await again.api.GET('/api/me')).response.status).toBe(401);
  });

  it('goes on through a rename: reconnects with the same credentials under the new name, and messages reach it', async () => {
    const { ann, bob, bobCreds } = await pair();
    const c = sdk.start({ urls: cluster.b.url, credentials: bobCreds, backoff: { baseMs: 50, maxMs: 50 } });
    await statusIs(c, 'live');
    expect(c.connection.me).toBe(bob.name);
    const statuses: string[] = [];
    c.connection.on('status', (st) => statuses.push(st));
    const got = delivered(c);
    const newName = uniqueName('ren');
    const admin = await adminClient(cluster);
    expect((await admin.post('/api/admin/user/rename', { name: bob.name, newName })).body).toEqual({ ok: true });

    await until(() => c.connection.me === newName && c.connection.status === 'live', 'live under the new name');
    expect(statuses).toContain('offline');
    expect(statuses).not.toContain('loggedOut');
    const s = await connect(ann, cluster.a);
    await sendText(s, { dm: newName }, 'after the rename');
    await until(() => got.some((m) => m.content === 'after the rename'), 'the message to the new name');
    expect((await c.api.GET('/api/me')).data).toMatchObject({ username: newName });
  });

  it('stops with unauthorized when the credentials are refused, and says why', async () => {
    const c = sdk.start({ urls: cluster.a.url, credentials: { kind: 'session', token: 'x'.repeat(43) }, fetch: forwardedFrom('10.9.9.9') });
    await statusIs(c, 'unauthorized');
    expect(c.connection.refusal).toBe('api.unauthorized');
    const { user } = await sdkUser(cluster);
    const { key, plaintext } = (await user.post('/api/keys', { name: 'revoked', scopes: ['messages.read'] })).body as { key: { id: number }; plaintext: string };
    expect((await user.post('/api/keys/update', { id: key.id, revoked: true })).status).toBe(200);
    const byKey = sdk.start({ urls: cluster.a.url, credentials: { kind: 'apiKey', key: plaintext } });
    await statusIs(byKey, 'unauthorized');
    expect(byKey.connection.refusal).toBe('api.key.revoked');
  });
});

describe('socket requests and the list over HTTP', () => {
  it('reacts, edits, recalls, sends typing notices and switches presence through the connection; lists conversations without it', async () => {
    const { ann, bob, bobCreds, gid } = await pair();
    const c = sdk.start({ urls: [cluster.b.url], credentials: bobCreds });
    const typing: unknown[] = [];
    const annSocket = await connect(ann, cluster.a);
    annSocket.on('typing', (p) => typing.push(p));
    await statusIs(c, 'live');
    const sent = await c.send({ gid }, 'to react to');
    expect(await c.react({ gid }, sent.idx, '👍')).toEqual({ '👍': [bob.name] });
    const edited = await c.edit({ gid }, sent.idx, 'to react to, *edited*', 1);
    expect(edited).toMatchObject({ idx: sent.idx, content: 'to react to, *edited*', md: 1, reactions: { '👍': [bob.name] }, edited: expect.any(Number) });
    // The store follows the edit event.
    await until(() => c.store.getSnapshot().messages[`g:${gid}`]?.find((m) => m.idx === sent.idx)?.edited === edited.edited, 'edit in the store');
    expect(await c.typing({ gid })).toBe(true);
    await until(() => typing.length === 1, 'typing notice');
    expect(typing[0]).toEqual({ from: bob.name, gid });
    await c.setPresence({ away: true });
    await c.recall({ gid }, sent.idx);
    expect((await history(ann, { gid })).find((m) => m.idx === sent.idx)).toMatchObject({ recalled: true });
    await expect(c.react({ gid }, sent.idx, '👍')).rejects.toMatchObject({ key: 'api.msg.recalled' });

    // A fresh client that never connected: the list comes over HTTP.
    const idle = createChatClient({ urls: cluster.b.url, credentials: bobCreds, fetch: checkedFetch });
    await idle.store.refreshConversations();
    expect(idle.store.getSnapshot().conversations.map((x) => x.name)).toContain(ann.name);
    await expect(idle.recall({ gid }, sent.idx)).rejects.toThrow('connection idle');
    expect(await idle.typing({ gid })).toBe(false);
  });
});
