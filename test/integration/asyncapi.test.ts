import specs from '@asyncapi/specs';
import { Ajv } from 'ajv';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientEvents, serverEvents } from '../../src/realtime/events.ts';
import { adminClient, type Client, emitAck, newUser, waitFor } from '../helpers/client.ts';
import { startCluster, type TestCluster, type TestNode } from '../helpers/server.ts';
import { befriend, createGroup } from '../helpers/social.ts';
import { uniquePng, uploadSingle } from '../helpers/uploads.ts';

let cluster: TestCluster;
// biome-ignore lint/suspicious/noExplicitAny: the document is inspected loosely.
let doc: any;
beforeAll(async () => {
  cluster = await startCluster();
  const res = await fetch(`${cluster.a.url}/api/asyncapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = await res.json();
});
afterAll(() => cluster.close());

/** An operation of the document, as far as these tests read it. */
interface Operation {
  action: 'send' | 'receive';
  messages: Array<{ $ref: string }>;
  reply?: { messages: Array<{ $ref: string }> };
}
const operations = (action: Operation['action']) => (Object.values(doc.operations) as Operation[]).filter((op) => op.action === action);

const SERVER_EVENTS = Object.keys(serverEvents);
const CLIENT_EVENTS = Object.keys(clientEvents);

describe('GET /api/asyncapi.json', () => {
  it('is a valid AsyncAPI 3.0.0 document (the official JSON Schema of the specification)', () => {
    expect(doc.asyncapi).toBe('3.0.0');
    // The specification's schema bundles its own draft-07 meta-schema: Ajv's must not be loaded too.
    const ajv = new Ajv({ meta: false, validateSchema: false, strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(specs.schemas['3.0.0'] as object);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
    // The schema catches what it should: an AsyncAPI 2 action is refused.
    expect(validate({ ...doc, operations: { ...doc.operations, onMsg: { ...doc.operations.onMsg, action: 'publish' } } })).toBe(false);
  });

  it('names the Socket.IO endpoint and how to authenticate', () => {
    const server = doc.servers.chat;
    expect(server).toMatchObject({ protocol: 'ws', pathname: '/ws', host: new URL(cluster.a.url).host });
    const schemes = server.security.map((s: { $ref: string }) => s.$ref.split('/').pop());
    expect(schemes).toEqual(['cookie', 'sessionToken', 'apiKey']);
    expect(doc.components.securitySchemes.cookie).toMatchObject({ type: 'httpApiKey', in: 'cookie', name: 'chat_token' });
    expect(doc.components.schemas.HandshakeAuth.properties).toHaveProperty('token');
  });

  it('lists every server → client event as a send operation with its payload schema', () => {
    const sent = operations('send');
    expect(sent.map((op) => message(op.messages[0]!.$ref).name).sort()).toEqual([...SERVER_EVENTS].sort());
    for (const event of SERVER_EVENTS) {
      const schema = payloadSchema(`server.${event}`);
      expect(schema, event).toBeDefined();
      expect(JSON.stringify(schema), event).toMatch(/"properties"/);
    }
    expect(payloadSchema('server.msg').required).toEqual(expect.arrayContaining(['idx', 'from', 'type', 'content', 'ts', 'reactions']));
  });

  it('lists every client → server event as a receive operation, its acknowledgement as the reply', () => {
    const received = operations('receive');
    expect(received.map((op) => message(op.messages[0]!.$ref).name).sort()).toEqual([...CLIENT_EVENTS].sort());
    for (const op of received) {
      const event = message(op.messages[0]!.$ref).name;
      expect(op.reply?.messages, event).toHaveLength(1);
      expect(message(op.reply!.messages[0]!.$ref)['x-ack-of']).toBe(event);
      // Every ack may be the failure: {ok:false, error, retryAfter?}.
      expect(JSON.stringify(payloadSchema(`client.${event}.ack`)), event).toContain('#/components/schemas/AckFailure');
    }
    expect(doc.components.schemas.AckFailure.required).toEqual(['ok', 'error']);
    expect(doc.components.schemas.AckFailure.properties.retryAfter).toBeDefined();
    // Client payloads are the handlers' own schemas.
    expect(payloadSchema('client.msg').required).toEqual(['type', 'content']);
    expect(payloadSchema('client.msg').properties.cid).toMatchObject({ maxLength: 64 });
    expect(doc.operations.onMsg['x-scope']).toBe('messages.send');
  });

  it('is linked from /api/docs, whose HTTP document names it too', async () => {
    const html = await (await fetch(`${cluster.a.url}/api/docs`)).text();
    expect(html).toContain('href="/api/asyncapi.json"');
    const openapi = (await (await fetch(`${cluster.a.url}/api/openapi.json`)).json()) as typeof doc;
    expect(openapi.paths['/api/asyncapi.json'].get['x-access']).toBe('public');
  });
});

describe('the traffic of a real session matches the document', () => {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });

  it('every event the server emits and every acknowledgement, both modes', async () => {
    const check = validators();
    const seen = new Set<string>();
    const violations: string[] = [];

    /** A ready socket whose every incoming event (`ready` included) is held to the document. */
    const watched = async (c: Client, node: TestNode = c.node): Promise<Socket> => {
      const headers: Record<string, string> = { 'x-forwarded-for': c.ip };
      if (c.cookie) headers.cookie = c.cookie;
      const s = io(node.url, { path: '/ws', transports: ['websocket'], extraHeaders: headers, reconnection: false, forceNew: true, autoConnect: false });
      sockets.push(s);
      s.onAny((event: string, payload: unknown) => {
        seen.add(event);
        const problem = check(`server.${event}`, payload);
        if (problem) violations.push(`${event}: ${problem}: ${JSON.stringify(payload)}`);
      });
      const ready = waitFor(s, 'ready');
      s.connect();
      await ready;
      return s;
    };
    /** Emits a client event whose payload the document accepts, and holds its ack to the document. */
    const send = async (s: Socket, event: string, payload: unknown) => {
      expect(check(`client.${event}`, payload), `${event} payload`).toBeUndefined();
      const ack = await emitAck(s, event, payload);
      expect(check(`client.${event}.ack`, ack), `${event} ack ${JSON.stringify(ack)}`).toBeUndefined();
      return ack;
    };

    const admin = await adminClient(cluster);
    const alice = await newUser(cluster);
    const bob = await newUser(cluster, { node: cluster.b });
    const carol = await newUser(cluster);
    const aliceSocket = await watched(alice);
    const bobSocket = await watched(bob);
    const carolSocket = await watched(carol, cluster.b);
    const dave = await newUser(cluster);
    const daveSocket = await watched(dave);

    // friends.changed (request, accept), then presence from a live status switch.
    const befriended = waitFor(aliceSocket, 'friends.changed', (p) => p.action === 'accept');
    await befriend(alice, bob);
    await befriended;
    const away = waitFor(aliceSocket, 'presence', (p) => p.name === bob.name && p.away);
    expect(await send(bobSocket, 'status', { away: true })).toEqual({ ok: true });
    await away;

    // Groups: groups.changed, group.members, group.requests, group.invites.
    const gid = await createGroup(alice);
    const joined = waitFor(aliceSocket, 'group.members', (p) => p.name === bob.name);
    expect((await bob.post('/api/groups/join', { gid })).status).toBe(200);
    await joined;
    const reviewed = waitFor(aliceSocket, 'groups.changed', (p) => p.action === 'settings');
    expect((await alice.post('/api/groups/invite/setting', { gid, joinMode: 'review' })).status).toBe(200);
    await reviewed;
    const requested = waitFor(aliceSocket, 'group.requests', (p) => p.name === carol.name);
    expect((await carol.post('/api/groups/request', { gid })).status).toBe(200);
    await requested;
    const invited = waitFor(daveSocket, 'group.invites', (p) => p.gid === gid);
    expect((await alice.post('/api/groups/invite', { gid, invitee: dave.name })).status).toBe(200);
    await invited;

    // Messages, both kinds of room: msg, typing (both ways), reaction, edit, recall, read.
    const dmArrives = waitFor(bobSocket, 'msg', (m) => m.dm === alice.name);
    const dm = await send(aliceSocket, 'msg', { dm: bob.name, type: 'text', content: 'hello **bob**', md: true, cid: 'asyncapi-1' });
    await dmArrives;
    const groupArrives = waitFor(aliceSocket, 'msg', (m) => m.gid === gid);
    const inGroup = await send(bobSocket, 'msg', { gid, type: 'text', content: 'hello group', replyTo: null });
    await groupArrives;
    const typingDm = waitFor(bobSocket, 'typing', (p) => p.pm === alice.name);
    expect(await send(aliceSocket, 'typing', { pm: bob.name })).toEqual({ ok: true, forwarded: true });
    await typingDm;
    const typingGroup = waitFor(aliceSocket, 'typing', (p) => p.gid === gid);
    await send(bobSocket, 'typing', { gid });
    await typingGroup;
    const reacted = waitFor(bobSocket, 'reaction', (p) => p.idx === dm.message.idx);
    await send(aliceSocket, 'react', { dm: bob.name, idx: dm.message.idx, emoji: '👍' });
    await reacted;
    const editHeard = waitFor(aliceSocket, 'edit', (p) => p.gid === gid);
    expect(await send(bobSocket, 'edit', { gid, idx: inGroup.message.idx, content: 'hello, group' })).toMatchObject({ ok: true });
    await editHeard;
    const recalled = waitFor(aliceSocket, 'recall', (p) => p.gid === gid);
    expect(await send(bobSocket, 'recall', { gid, idx: inGroup.message.idx })).toEqual({ ok: true });
    await recalled;
    const quieted = waitFor(aliceSocket, 'quiet');
    expect((await alice.post('/api/conversations/quiet', { gid, quiet: true })).status).toBe(200);
    await quieted;
    const receipt = waitFor(aliceSocket, 'read', (p) => p.by === bob.name);
    expect((await bob.post('/api/conversations/read', { dm: alice.name, idx: dm.message.idx })).status).toBe(200);
    await receipt;
    // file.expired: an image in the direct conversation whose file the administrator deletes.
    const up = await uploadSingle(alice, uniquePng(), 'pic.png');
    const image = await send(aliceSocket, 'msg', { dm: bob.name, type: 'image', content: up.body.url, name: 'pic.png', size: up.body.size });
    const expired = waitFor(bobSocket, 'file.expired', (p) => p.dm === alice.name);
    expect((await admin.post('/api/admin/file/del', { name: up.body.url.slice('/uploads/'.length) })).status).toBe(200);
    expect((await expired).idxs).toEqual([image.message.idx]);
    // Refusals are acknowledgements too.
    const refused = await send(aliceSocket, 'msg', { dm: alice.name, type: 'text', content: 'to myself' });
    expect(refused).toMatchObject({ ok: false, error: 'api.msg.self' });
    const malformed = await emitAck(aliceSocket, 'react', { dm: bob.name });
    expect(check('client.react.ack', malformed)).toBeUndefined();
    expect(malformed).toMatchObject({ ok: false, error: 'api.badRequest' });

    // Administration: announcement, penalty and its notification, me.changed, then logged.out.
    const announced = waitFor(carolSocket, 'announcement');
    expect((await admin.post('/api/admin/announcements', { title: 'AsyncAPI', content: 'hello all' })).status).toBe(200);
    await announced;
    const notified = waitFor(carolSocket, 'notification', () => true, 15_000);
    const penalised = waitFor(carolSocket, 'penalty');
    const warned = await admin.post('/api/admin/penalties/add', { user: carol.name, action: 'warning', duration: 0 });
    expect(warned.status).toBe(200);
    await penalised;
    await notified;
    const lifted = waitFor(carolSocket, 'penalty.lifted');
    expect((await admin.post('/api/admin/penalties/revoke', { id: warned.body.penalty.id })).status).toBe(200);
    await lifted;
    const changed = waitFor(carolSocket, 'me.changed');
    expect((await admin.post('/api/admin/user/role', { name: carol.name, role: 'admin' })).status).toBe(200);
    await changed;
    const out = waitFor(carolSocket, 'logged.out');
    expect((await carol.post('/api/logout')).status).toBe(200);
    await out;

    expect(violations).toEqual([]);
    expect([...seen].sort()).toEqual([...SERVER_EVENTS].sort());
  }, 60_000);

  it('a payload that does not match is refused', () => {
    const check = validators();
    const message = { idx: 1, from: 'a', type: 'text', content: 'x', ts: 1, md: 0, replyTo: null, reactions: {}, recalled: false, file_expired: false, edited: null, dm: 'b' };
    expect(check('server.msg', message)).toBeUndefined();
    expect(check('server.msg', { ...message, extra: true })).toBeDefined();
    expect(check('server.msg', { ...message, idx: '1' })).toBeDefined();
    expect(check('server.msg', { ...message, dm: undefined })).toBeDefined();
    expect(check('server.msg', { ...message, gid: 'g' })).toBeDefined();
    expect(check('server.recall', { dm: 'b', idx: 1, by: 'a' })).toBeUndefined();
    expect(check('server.recall', { gid: 'g', dm: 'b', idx: 1, by: 'a' })).toBeDefined();
    expect(check('client.typing.ack', { ok: true, forwarded: 'yes' })).toBeDefined();
    expect(check('client.typing.ack', { ok: false, error: 'api.rateLimited', retryAfter: 3 })).toBeUndefined();
    expect(check('server.nonsense', {})).toBe('not in the document');
  });
});

// biome-ignore lint/suspicious/noExplicitAny: the document is inspected loosely.
function message(ref: string): any {
  // `#/channels/socket/messages/<id>` → the component it points to.
  const id = ref.split('/').pop()!;
  const inChannel = doc.channels.socket.messages[id];
  return doc.components.messages[inChannel.$ref.split('/').pop()];
}

// biome-ignore lint/suspicious/noExplicitAny: the document is inspected loosely.
function payloadSchema(messageId: string): any {
  const ref: string | undefined = doc.components.messages[messageId]?.payload?.$ref;
  return ref ? doc.components.schemas[ref.split('/').pop()!] : undefined;
}

/** `check(messageId, payload)`: undefined when the payload matches the message's schema in the document, else why not. */
function validators(): (messageId: string, payload: unknown) => string | undefined {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(doc, 'asyncapi');
  const compiled = new Map<string, ValidateFunction>();
  return (messageId, payload) => {
    if (!doc.components.messages[messageId]) return 'not in the document';
    let validate = compiled.get(messageId);
    if (!validate) {
      validate = ajv.getSchema(`asyncapi#/components/messages/${messageId}/payload`);
      if (!validate) return 'no schema';
      compiled.set(messageId, validate);
    }
    if (validate(payload)) return undefined;
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
  };
}
