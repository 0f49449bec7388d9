import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, collect, newUser, trackSockets, waitFor } from '../helpers/client.ts';
import { history, seedGroupMessages, sendMsg, sendText, userId } from '../helpers/messages.ts';
import { startCluster, type TestCluster } from '../helpers/server.ts';
import { befriend, createGroup, groupWith, settle, statementsOf } from '../helpers/social.ts';
import { storedFile } from '../helpers/uploads.ts';

/**
 * GET /api/conversations, POST /api/conversations/read, the `read` event,
 * the `readReceipts` setting, the sender's own marker, and the history
 * default (the whole kept history).
 */
let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const connect = trackSockets();

type Named = Client & { name: string };
// biome-ignore lint/suspicious/noExplicitAny: entries are inspected loosely.
type Entry = any;

async function list(c: Client): Promise<Entry[]> {
  const res = await c.get('/api/conversations');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.ok).toBe(true);
  return res.body.conversations;
}
const entryOf = async (c: Client, room: { gid: string } | { dm: string }): Promise<Entry> =>
  (await list(c)).find((e) => ('gid' in room ? e.gid === room.gid : e.dm === room.dm));

async function trio(): Promise<{ ann: Named; bob: Named; cid: Named; gid: string }> {
  const [ann, bob, cid] = [await newUser(cluster), await newUser(cluster), await newUser(cluster)];
  await befriend(ann, bob);
  const gid = await groupWith(ann, { members: [bob, cid] });
  return { ann, bob, cid, gid };
}

describe('access', () => {
  it('both endpoints are 401 without credentials', async () => {
    expect((await new Client(cluster.a).get('/api/conversations')).status).toBe(401);
    expect((await new Client(cluster.a).post('/api/conversations/read', { dm: 'x', idx: 1 })).status).toBe(401);
  });

  it('an API key needs messages.read for both', async () => {
    const u = await newUser(cluster);
    const without = new Client(cluster.a);
    without.apiKey = (await u.post('/api/keys', { name: 'k1', scopes: ['profile.read'] })).body.plaintext;
    expect((await without.get('/api/conversations')).status).toBe(403);
    expect((await without.post('/api/conversations/read', { dm: 'x', idx: 1 })).status).toBe(403);
    const withScope = new Client(cluster.a);
    withScope.apiKey = (await u.post('/api/keys', { name: 'k2', scopes: ['messages.read'] })).body.plaintext;
    expect((await withScope.get('/api/conversations')).status).toBe(200);
  });

  it('read: 400 for a malformed body, 404 for an unknown room, 403 for a group one is not in or oneself', async () => {
    const { ann, cid: outsider } = await trio();
    const other = await createGroup(outsider);
    const cases: Array<[unknown, number]> = [
      [{}, 400],
      [{ gid: 'zz', idx: 1 }, 400],
      [{ dm: ann.name, gid: other, idx: 1 }, 400],
      [{ dm: ann.name, idx: -1 }, 400],
      [{ dm: ann.name, idx: 'one' }, 400],
      [{ dm: 'nobody0000', idx: 1 }, 404],
      [{ gid: '0123456789abcdef', idx: 1 }, 404],
      [{ gid: other, idx: 1 }, 403],
      [{ dm: ann.name, idx: 1 }, 403],
    ];
    for (const [body, status] of cases) expect((await ann.post('/api/conversations/read', body)).status, JSON.stringify(body)).toBe(status);
  });
});

describe('GET /api/conversations', () => {
  it('lists every group and every friend (a direct conversation with or without messages), newest activity first', async () => {
    const { ann, bob, cid, gid } = await trio();
    const quiet = await newUser(cluster);
    await befriend(ann, quiet);
    const empty = await createGroup(ann, { name: 'Aaa empty' });
    const s = await connect(bob);
    await sendText(s, { gid }, 'in the group');
    // Message times are in ms: make the order certain.
    cluster.clock.advance(5);
    await sendText(s, { dm: ann.name }, 'direct');

    const entries = await list(ann);
    expect(entries.map((e) => e.gid ?? e.dm)).toEqual([bob.name, gid, empty, quiet.name]);
    expect(entries[0]).toEqual({
      dm: bob.name,
      name: bob.name,
      avatar: '',
      lastIdx: 1,
      last: { idx: 1, from: bob.name, type: 'text', content: 'direct', ts: expect.any(Number), recalled: false },
      readIdx: 0,
      unread: 1,
      mentioned: false,
      version: 0,
      quiet: false,
      muted: false,
      online: true,
      // Bob's send moved his own marker.
      friendReadIdx: 1,
    });
    expect(entries[1]).toMatchObject({ gid, name: 'Group', lastIdx: 1, readIdx: 0, unread: 1, muted: false });
    expect(entries[1]).not.toHaveProperty('online');
    expect(entries[2]).toMatchObject({ gid: empty, name: 'Aaa empty', lastIdx: 0, last: null, unread: 0 });
    expect(entries[3]).toMatchObject({ dm: quiet.name, lastIdx: 0, last: null, online: false });
    // Not a friend, not listed (cid is in the group only).
    expect(entries.some((e) => e.dm === cid.name)).toBe(false);
  });

  it("names a room as the caller does (remarks), and shows the friend's avatar and the group's", async () => {
    const { ann, bob, gid } = await trio();
    expect((await ann.post('/api/friends/remark', { to: bob.name, remark: 'Bobby' })).status).toBe(200);
    expect((await ann.post('/api/groups/remark', { gid, remark: 'Team' })).status).toBe(200);
    expect((await ann.post('/api/groups/avatar', { gid, avatar: 'https://example.com/a.png' })).status).toBe(200);
    expect(await entryOf(ann, { dm: bob.name })).toMatchObject({ name: 'Bobby' });
    expect(await entryOf(ann, { gid })).toMatchObject({ name: 'Team', avatar: 'https://example.com/a.png' });
    expect(await entryOf(bob, { gid })).toMatchObject({ name: 'Group' });
  });

  it('previews the newest message: text cut to 200 characters, a file by its path, a merge by its title, a recall emptied', async () => {
    const { ann, bob, gid } = await trio();
    const s = await connect(bob);
    await sendText(s, { gid }, 'é'.repeat(250));
    expect((await entryOf(ann, { gid })).last.content).toBe('é'.repeat(200));
    const url = await storedFile(bob);
    expect((await sendMsg(s, { gid, type: 'image', content: url, name: 'p.png', size: 10 })).ok).toBe(true);
    expect((await entryOf(ann, { gid })).last).toMatchObject({ type: 'image', content: url });
    const merge = JSON.stringify({ title: 'Chat log', items: [{ from: 'x', type: 'text', content: 'hi' }] });
    const merged = await sendText(s, { gid }, merge, { type: 'merge' });
    expect((await entryOf(ann, { gid })).last).toMatchObject({ type: 'merge', content: 'Chat log' });
    expect((await new Promise((r) => s.emit('recall', { gid, idx: merged.idx }, r))) as Entry).toMatchObject({ ok: true });
    expect((await entryOf(ann, { gid })).last).toMatchObject({ idx: merged.idx, recalled: true, content: '' });
  });

  it('shows whether the caller may send: a member mute, mute-all for plain members only', async () => {
    const { ann, bob, gid } = await trio();
    expect((await ann.post('/api/groups/muteall', { gid, val: true })).status).toBe(200);
    expect(await entryOf(bob, { gid })).toMatchObject({ muted: true });
    expect(await entryOf(ann, { gid })).toMatchObject({ muted: false });
    expect((await ann.post('/api/groups/muteall', { gid, val: false })).status).toBe(200);
    expect((await ann.post('/api/groups/member/mute', { gid, name: bob.name, muted: true })).status).toBe(200);
    expect(await entryOf(bob, { gid })).toMatchObject({ muted: true });
  });

  it('caps unread at the 500 kept messages', async () => {
    const ann = await newUser(cluster);
    const gid = await createGroup(ann);
    const bob = await newUser(cluster);
    expect((await bob.post('/api/groups/join', { gid })).status).toBe(200);
    await seedGroupMessages(cluster.a, gid, await userId(cluster.a, ann.name), 700, 1_000);
    expect(await entryOf(bob, { gid })).toMatchObject({ lastIdx: 700, readIdx: 0, unread: 500 });
  });

  it('costs at most two statements for the whole list, whatever the number of rooms', async () => {
    const ann = await newUser(cluster);
    const s = await connect(ann);
    for (let i = 0; i < 12; i++) {
      const gid = await createGroup(ann);
      await sendText(s, { gid }, `m${i}`);
    }
    for (let i = 0; i < 4; i++) await befriend(ann, await newUser(cluster));
    expect(await list(ann)).toHaveLength(16);
    expect(await statementsOf(cluster.a, () => ann.get('/api/conversations'))).toBeLessThanOrEqual(2);
  });
});

describe('mentions', () => {
  it('marks a group whose unread text names the caller as @name (any case), until it is read', async () => {
    const { ann, bob, cid, gid } = await trio();
    const sb = await connect(bob);
    await sendText(sb, { gid }, `thanks @${ann.name.toUpperCase()}.`);
    await sendText(sb, { gid }, 'and the rest of you');
    expect(await entryOf(ann, { gid })).toMatchObject({ unread: 2, mentioned: true });
    expect(await entryOf(cid, { gid })).toMatchObject({ unread: 2, mentioned: false });
    expect((await ann.post('/api/conversations/read', { gid, idx: 1 })).status).toBe(200);
    expect(await entryOf(ann, { gid })).toMatchObject({ unread: 1, mentioned: false });
  });

  it('needs the whole name at a boundary; a recalled message, a file or a merge does not count, nor a direct conversation', async () => {
    const { ann, bob, gid } = await trio();
    const sb = await connect(bob);
    const named = new Map<string, boolean>([
      [`@${ann.name}`, true],
      [`(@${ann.name}), look`, true],
      [`@${ann.name}--`, true],
      [`你好 @${ann.name} 好`, true],
      [`mail ${ann.name}@example.com`, false],
      [`x@${ann.name}`, false],
      [`@${ann.name}x`, false],
      [`@${ann.name}.x`, false],
      [`@${ann.name.slice(0, -1)}`, false],
    ]);
    for (const [text, expected] of named) {
      const m = await sendText(sb, { gid }, text);
      expect((await entryOf(ann, { gid })).mentioned, text).toBe(expected);
      expect((await ann.post('/api/conversations/read', { gid, idx: m.idx })).status).toBe(200);
    }
    // Recalled: no longer there to be read.
    const recalled = await sendText(sb, { gid }, `@${ann.name} secret`);
    expect((await entryOf(ann, { gid })).mentioned).toBe(true);
    expect(await new Promise((r) => sb.emit('recall', { gid, idx: recalled.idx }, r))).toMatchObject({ ok: true });
    expect((await entryOf(ann, { gid })).mentioned).toBe(false);
    // A merge's items are someone else's words.
    const merge = JSON.stringify({ title: `for @${ann.name}`, items: [{ from: 'x', type: 'text', content: `@${ann.name}` }] });
    await sendText(sb, { gid }, merge, { type: 'merge' });
    expect(await entryOf(ann, { gid })).toMatchObject({ unread: 2, mentioned: false });
    // Every message of a direct conversation is to the caller already.
    await sendText(sb, { dm: ann.name }, `@${ann.name} hi`);
    expect(await entryOf(ann, { dm: bob.name })).toMatchObject({ unread: 1, mentioned: false });
  });
});

describe('version', () => {
  const ack = (s: Awaited<ReturnType<typeof connect>>, event: string, body: object) =>
    new Promise<{ ok: boolean }>((r) => s.emit(event as 'recall', body as never, r as never));

  it("moves with each edit, recall and reaction of a kept message, not with new messages or reads; each room's its own", async () => {
    const { ann, bob, gid } = await trio();
    const sb = await connect(bob);
    const first = await sendText(sb, { gid }, 'one');
    await sendText(sb, { dm: ann.name }, 'direct');
    const versionOf = async (c: Client, room: { gid: string } | { dm: string }) => (await entryOf(c, room)).version as number;
    expect(await versionOf(ann, { gid })).toBe(0);
    await sendText(sb, { gid }, 'two');
    expect((await ann.post('/api/conversations/read', { gid, idx: 2 })).status).toBe(200);
    expect(await versionOf(ann, { gid })).toBe(0);

    const seen = [0];
    const moved = async (what: string) => {
      const v = await versionOf(ann, { gid });
      expect(v, what).toBeGreaterThan(seen.at(-1)!);
      // Everyone sees the room's one counter.
      expect(await versionOf(bob, { gid }), what).toBe(v);
      seen.push(v);
    };
    expect(await ack(sb, 'edit', { gid, idx: first.idx, content: 'one, edited' })).toMatchObject({ ok: true });
    await moved('edit');
    expect(await ack(sb, 'react', { gid, idx: first.idx, emoji: '👍' })).toMatchObject({ ok: true });
    await moved('reaction');
    expect(await ack(sb, 'react', { gid, idx: first.idx, emoji: '👍' })).toMatchObject({ ok: true });
    await moved('reaction removed');
    expect(await ack(sb, 'recall', { gid, idx: first.idx })).toMatchObject({ ok: true });
    await moved('recall');
    // A refused change moves nothing.
    expect(await ack(sb, 'edit', { gid, idx: first.idx, content: 'again' })).toMatchObject({ ok: false });
    expect(await versionOf(ann, { gid })).toBe(seen.at(-1));
    // The direct conversation has its own counter, the same from both sides.
    expect(await versionOf(ann, { dm: bob.name })).toBe(0);
    expect(await ack(sb, 'react', { dm: ann.name, idx: 1, emoji: '🎉' })).toMatchObject({ ok: true });
    const dmVersion = await versionOf(ann, { dm: bob.name });
    expect(dmVersion).toBeGreaterThan(0);
    expect(await versionOf(bob, { dm: ann.name })).toBe(dmVersion);
    expect(await versionOf(ann, { gid })).toBe(seen.at(-1));
  });
});

describe('quiet', () => {
  it("silences a room for the caller only, on every connection of theirs (both nodes), and lets it sound again", async () => {
    const { ann, bob, gid } = await trio();
    const [here, there] = [await connect(ann, cluster.a), await connect(ann, cluster.b)];
    const heard = [waitFor(here, 'quiet'), waitFor(there, 'quiet')];
    const bobHeard = collect(await connect(bob), 'quiet');
    expect((await ann.post('/api/conversations/quiet', { gid, quiet: true })).body).toEqual({ ok: true, quiet: true });
    for (const h of heard) expect(await h).toEqual({ gid, quiet: true });
    expect(await entryOf(ann, { gid })).toMatchObject({ quiet: true });
    expect(await entryOf(bob, { gid })).toMatchObject({ quiet: false });
    // Twice is the same; a direct conversation has its own, named from the caller's side.
    expect((await ann.post('/api/conversations/quiet', { gid, quiet: true })).status).toBe(200);
    const dmHeard = waitFor(here, 'quiet', (p: { dm?: string }) => p.dm === bob.name);
    expect((await ann.post('/api/conversations/quiet', { dm: bob.name, quiet: true })).status).toBe(200);
    expect(await dmHeard).toEqual({ dm: bob.name, quiet: true });
    expect(await entryOf(bob, { dm: ann.name })).toMatchObject({ quiet: false });
    expect((await ann.post('/api/conversations/quiet', { gid, quiet: false })).body).toEqual({ ok: true, quiet: false });
    expect(await entryOf(ann, { gid })).toMatchObject({ quiet: false });
    expect(await entryOf(ann, { dm: bob.name })).toMatchObject({ quiet: true });
    await settle();
    expect(bobHeard).toEqual([]);
  });

  it('refuses what /read refuses: 400 malformed, 404 unknown, 403 a group one is not in or oneself; 401 and scope', async () => {
    const { ann, cid: outsider } = await trio();
    const other = await createGroup(outsider);
    const cases: Array<[unknown, number]> = [
      [{ gid: other }, 400],
      [{ gid: other, quiet: 'yes' }, 400],
      [{ quiet: true }, 400],
      [{ dm: 'nobody0000', quiet: true }, 404],
      [{ gid: '0123456789abcdef', quiet: true }, 404],
      [{ gid: other, quiet: true }, 403],
      [{ dm: ann.name, quiet: true }, 403],
    ];
    for (const [body, status] of cases) expect((await ann.post('/api/conversations/quiet', body)).status, JSON.stringify(body)).toBe(status);
    expect((await new Client(cluster.a).post('/api/conversations/quiet', { gid: other, quiet: true })).status).toBe(401);
    const byKey = new Client(cluster.a);
    byKey.apiKey = (await ann.post('/api/keys', { name: 'k', scopes: ['profile.read'] })).body.plaintext;
    expect((await byKey.post('/api/conversations/quiet', { dm: outsider.name, quiet: true })).status).toBe(403);
  });
});

describe('read markers', () => {
  it("a send moves the sender's marker: nothing of one's own is unread", async () => {
    const { ann, bob, gid } = await trio();
    const sa = await connect(ann);
    const sb = await connect(bob);
    await sendText(sb, { gid }, 'b1');
    await sendText(sb, { gid }, 'b2');
    expect(await entryOf(ann, { gid })).toMatchObject({ lastIdx: 2, readIdx: 0, unread: 2 });
    await sendText(sa, { gid }, 'a3');
    expect(await entryOf(ann, { gid })).toMatchObject({ lastIdx: 3, readIdx: 3, unread: 0 });
    // Over HTTP too.
    expect((await bob.post('/api/messages', { gid, type: 'text', content: 'b4' })).status).toBe(200);
    expect(await entryOf(bob, { gid })).toMatchObject({ readIdx: 4, unread: 0 });
    expect(await entryOf(ann, { gid })).toMatchObject({ readIdx: 3, unread: 1 });
  });

  it('moves forward only, and is lowered to the newest message', async () => {
    const { ann, bob, gid } = await trio();
    const sb = await connect(bob);
    for (let i = 1; i <= 5; i++) await sendText(sb, { gid }, `m${i}`);
    expect((await ann.post('/api/conversations/read', { gid, idx: 3 })).body).toEqual({ ok: true, idx: 3 });
    expect(await entryOf(ann, { gid })).toMatchObject({ readIdx: 3, unread: 2 });
    expect((await ann.post('/api/conversations/read', { gid, idx: 1 })).body).toEqual({ ok: true, idx: 3 });
    expect((await ann.post('/api/conversations/read', { gid, idx: 99 })).body).toEqual({ ok: true, idx: 5 });
    expect(await entryOf(ann, { gid })).toMatchObject({ readIdx: 5, unread: 0 });
    // A room without messages: nothing to mark.
    const empty = await createGroup(ann);
    expect((await ann.post('/api/conversations/read', { gid: empty, idx: 4 })).body).toEqual({ ok: true, idx: 0 });
  });

  it("tells the reader's other connections (on every node) and, in a direct conversation, the friend", async () => {
    const { ann, bob, cid, gid } = await trio();
    const sb = await connect(bob, cluster.a);
    await sendText(sb, { dm: ann.name }, 'hi');
    await sendText(sb, { gid }, 'all');
    const annOther = await connect(ann, cluster.b);
    const bobOther = await connect(bob, cluster.b);
    const cidSocket = await connect(cid, cluster.b);
    const cidHeard = collect(cidSocket, 'read');

    const own = waitFor(annOther, 'read', (p) => p.dm === bob.name);
    const receipt = waitFor(bobOther, 'read', (p) => p.dm === ann.name);
    expect((await ann.post('/api/conversations/read', { dm: bob.name, idx: 1 })).status).toBe(200);
    expect(await own).toEqual({ dm: bob.name, idx: 1, by: ann.name });
    expect(await receipt).toEqual({ dm: ann.name, idx: 1, by: ann.name });

    // In a group only the reader's own connections hear it.
    const ownGroup = waitFor(annOther, 'read', (p) => p.gid === gid);
    expect((await ann.post('/api/conversations/read', { gid, idx: 1 })).status).toBe(200);
    expect(await ownGroup).toEqual({ gid, idx: 1, by: ann.name });
    // Nothing when the marker does not move.
    const again = collect(annOther, 'read');
    expect((await ann.post('/api/conversations/read', { gid, idx: 1 })).status).toBe(200);
    await settle();
    expect(again).toEqual([]);
    expect(cidHeard).toEqual([]);
  });

  it('readReceipts: false keeps the receipt from the friend, not from the reader’s own connections', async () => {
    const { ann, bob } = await trio();
    expect((await ann.get('/api/settings')).body).toMatchObject({ readReceipts: true });
    expect((await ann.post('/api/settings', { readReceipts: false })).status).toBe(200);
    expect((await ann.get('/api/settings')).body).toMatchObject({ readReceipts: false });
    const sb = await connect(bob);
    await sendText(sb, { dm: ann.name }, 'hi');
    const annOther = await connect(ann, cluster.b);
    const bobOther = await connect(bob, cluster.b);
    const receipts = collect(bobOther, 'read');
    const own = waitFor(annOther, 'read');
    expect((await ann.post('/api/conversations/read', { dm: bob.name, idx: 1 })).status).toBe(200);
    await own;
    await settle();
    expect(receipts).toEqual([]);
    // Nor does the list tell it.
    expect(await entryOf(bob, { dm: ann.name })).toMatchObject({ friendReadIdx: null });
  });

  it("the list says how far the friend has read a direct conversation (their receipts, kept for a reload); groups do not", async () => {
    const { ann, bob, gid } = await trio();
    const sa = await connect(ann);
    for (const text of ['one', 'two', 'three']) await sendText(sa, { dm: bob.name }, text);
    await sendText(sa, { gid }, 'group');
    expect(await entryOf(ann, { dm: bob.name })).toMatchObject({ friendReadIdx: 0 });
    expect((await bob.post('/api/conversations/read', { dm: ann.name, idx: 2 })).status).toBe(200);
    expect(await entryOf(ann, { dm: bob.name })).toMatchObject({ friendReadIdx: 2 });
    // Each side sees the other's marker.
    expect(await entryOf(bob, { dm: ann.name })).toMatchObject({ readIdx: 2, friendReadIdx: 3 });
    expect(await entryOf(ann, { gid })).not.toHaveProperty('friendReadIdx');
    expect((await bob.post('/api/settings', { readReceipts: false })).status).toBe(200);
    expect(await entryOf(ann, { dm: bob.name })).toMatchObject({ friendReadIdx: null });
  });
});

describe('GET /api/messages without a page', () => {
  it('answers the whole kept history; after= and before= pages keep 100 by default', async () => {
    const ann = await newUser(cluster);
    const gid = await createGroup(ann);
    await seedGroupMessages(cluster.a, gid, await userId(cluster.a, ann.name), 620, 1_000);
    const all = await history(ann, { gid });
    expect(all).toHaveLength(500);
    expect(all[0].idx).toBe(121);
    expect(all.at(-1).idx).toBe(620);
    expect(await history(ann, { gid, after: 200 })).toHaveLength(100);
    expect(await history(ann, { gid, before: 600 })).toHaveLength(100);
  });
});
