
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, emitAck, newUser, trackSockets } from '../helpers/client.ts';
import { directRoom, history, sendMsg, sendText, storedCount, userId } from '../helpers/messages.ts';
import { startCluster, type TestCluster, } from '../helpers/server.ts';
import { storedFile } from '../helpers/uploads.ts';
import { befriend, groupWith } from '../helpers/social.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const connect = trackSockets();

const idxs = (list: Array<{ idx: number }>) => list.map((m) => m.idx);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('every endpoint', () => {
  const ENDPOINTS: Array<[method: 'GET' | 'POST', path: string]> = [
    ['GET', '/api/messages'],
    ['GET', '/api/messages/search'],
    ['POST', '/api/messages'],
    ['POST', '/api/report'],
  ];
  it.each(ENDPOINTS)('%s %s is 401 without a session', async (method, path) => {
    const res = await new Client(cluster.a).request(method, path, method === 'GET' ? undefined : {});
    expect(res.status).toBe(401);
  });
  it.each(ENDPOINTS)('%s %s is 400 without its fields', async (method, path) => {
    const u = await newUser(cluster);
    const res = await u.request(method, path, method === 'GET' ? undefined : {});
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.ok).toBe(false);
  });
});

describe('GET /api/messages', () => {
  let owner: Client & { name: string };
  let gid: string;
  beforeAll(async () => {
    owner = await newUser(cluster);
    gid = await groupWith(owner);
    const s = await connect(owner);
    for (let i = 1; i <= 30; i++) await sendText(s, { gid }, `m${i}`);
  });

  it('answers {ok, messages, max: 500}, oldest first, the newest 100 by default', async () => {
    const res = await owner.get('/api/messages', { gid });
    expect(res.body).toEqual({ ok: true, messages: expect.any(Array), max: 500 });
    expect(idxs(res.body.messages)).toEqual(range(1, 30));
    expect(res.body.messages[0]).toMatchObject({ idx: 1, from: owner.name, content: 'm1', gid });
  });

  it('pages with limit and before (older pages), and after (catch-up, the oldest first)', async () => {
    expect(idxs(await history(owner, { gid, limit: 10 }))).toEqual(range(21, 30));
    expect(idxs(await history(owner, { gid, limit: 10, before: 21 }))).toEqual(range(11, 20));
    expect(idxs(await history(owner, { gid, limit: 10, before: 5 }))).toEqual(range(1, 4));
    expect(idxs(await history(owner, { gid, limit: 10, after: 12 }))).toEqual(range(13, 22));
    expect(idxs(await history(owner, { gid, after: 25 }))).toEqual(range(26, 30));
    expect(idxs(await history(owner, { gid, after: 30 }))).toEqual([]);
    expect(idxs(await history(owner, { gid, after: 5, before: 9 }))).toEqual([6, 7, 8]);
    // Above the maximum is lowered to it; nonsense is 400.
    expect(await history(owner, { gid, limit: 10_000 })).toHaveLength(30);
    const nonsense: Array<Record<string, string | number>> = [{ limit: 0 }, { limit: 'ten' }, { before: -1 }, { after: 'x' }];
    for (const bad of nonsense) {
      expect((await owner.get('/api/messages', { gid, ...bad })).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('answers 403 to outsiders and for one’s own name, 404 for unknown users and groups; platform admins read any group', async () => {
    const outsider = await newUser(cluster);
    const cases: Array<[Client, Record<string, string>, number, string]> = [
      [outsider, { gid }, 403, 'api.group.noView'],
      [owner, { dm: owner.name }, 403, 'api.msg.self'],
      [owner, { dm: 'no_such_person_1' }, 404, 'api.user.notFound'],
      [owner, { gid: 'ffffffffffffffff' }, 404, 'api.group.notFound'],
      [owner, { gid, dm: outsider.name }, 400, 'api.msg.noRoom'],
      [owner, { gid: 'not-a-gid' }, 400, 'api.badRequest'],
    ];
    for (const [c, query, status, error] of cases) {
      const res = await c.get('/api/messages', query);
      expect([res.status, res.body.error], JSON.stringify(query)).toEqual([status, error]);
    }
    const platformAdmin = await adminClient(cluster);
    expect(await history(platformAdmin, { gid, limit: 1 })).toHaveLength(1);
  });

  it('a direct conversation can be read after the friendship ends, and only by its two people', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster);
    const eve = await newUser(cluster);
    await befriend(ann, bob);
    const sAnn = await connect(ann);
    await sendText(sAnn, { dm: bob.name }, 'before');
    expect((await bob.post('/api/friends/remove', { name: ann.name })).status).toBe(200);
    expect(await history(bob, { dm: ann.name })).toEqual([expect.objectContaining({ content: 'before', dm: ann.name, from: ann.name })]);
    // Eve's conversation with Ann is another room: empty.
    expect(await history(eve, { dm: ann.name })).toEqual([]);
  });
});

describe('GET /api/messages/search', () => {
  it('finds text messages by substring, case-insensitively, newest first, with gid or dm', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster);
    await befriend(ann, bob);
    const gid = await groupWith(ann, { members: [bob] });
    const [sAnn, sBob] = await Promise.all([connect(ann), connect(bob)]);
    const tag = `zq${Date.now().toString(36)}`;
    await sendText(sAnn, { gid }, `first ${tag} in the group`);
    await sendText(sBob, { dm: ann.name }, `then ${tag.toUpperCase()} privately`);
    await sendText(sAnn, { gid }, 'nothing to see');
    await sendMsg(sAnn, { gid, type: 'image', content: await storedFile(ann), name: `${tag}.png` });
    const res = await ann.get('/api/messages/search', { q: tag });
    expect(res.status).toBe(200);
    expect(res.body.messages).toEqual([
      { idx: 1, from: bob.name, type: 'text', content: `then ${tag.toUpperCase()} privately`, ts: expect.any(Number), dm: bob.name },
      { idx: 1, from: ann.name, type: 'text', content: `first ${tag} in the group`, ts: expect.any(Number), gid },
    ]);
    // Bob sees his own message labelled with Ann's name.
    const bobSees = (await bob.get('/api/messages/search', { q: tag })).body.messages;
    expect(bobSees.map((m: { dm?: string; gid?: string }) => m.dm ?? m.gid)).toEqual([ann.name, gid]);
    expect((await ann.get('/api/messages/search', { q: tag, limit: 1 })).body.messages).toHaveLength(1);
  });

  it("merges the search indexes' pending lists after sends, so that no send is left to do it", async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster);
    await befriend(ann, bob);
    const gid = await groupWith(ann, { members: [bob] });
    const s = await connect(ann);
    const merged = async () => {
      let pages = 0;
      for (const node of cluster.nodes) pages += (await node.app.ctx.metrics.searchIndexPagesMerged.get()).values[0]?.value ?? 0;
      return pages;
    };
    const before = await merged();
    for (let i = 0; i < 5; i++) {
      await sendText(s, { gid }, `pending ${i} in the group`);
      await sendText(s, { dm: bob.name }, `pending ${i} in private`);
    }
    // Each text message went into a pending list; a node merges the lists within a second or so.
    await expect.poll(merged, { timeout: 10_000, interval: 100 }).toBeGreaterThan(before);
    await expect
      .poll(async () => {
        const [row] = await cluster.a.app.ctx.db.query<{ left: number }>(
          `select (gin_clean_pending_list('messages_gid_text'::regclass) + gin_clean_pending_list('messages_dm_text'::regclass))::int as left`,
        );
        return row!.left;
      })
      .toBe(0);
    // And search still finds what was merged.
    expect((await ann.get('/api/messages/search', { q: 'pending 4 in' })).body.messages).toHaveLength(2);
  });

  it("merges what was written behind the nodes' backs once a node searched", async () => {
    const ann = await newUser(cluster);
    const gid = await groupWith(ann);
    const node = cluster.a;
    const upkeep = node.app.services.messages.searchUpkeep;
    // Rows a bulk load or an import would write, once the node has merged what earlier tests left.
    await expect.poll(() => upkeep.busy, { timeout: 10_000, interval: 50 }).toBe(false);
    await node.app.ctx.db.query(
      `insert into messages (room, idx, from_id, gid, type, content, ts)
       select $1, 1000 + i, $2, $3, 'text', 'bulk loaded ' || i, i from generate_series(1, 50) i`,
      [`g:${gid}`, await userId(node, ann.name), gid],
    );
    const before = upkeep.merges;
    const found = await ann.on(node).get('/api/messages/search', { q: 'bulk loaded 7' });
    expect(found.body.messages.map((m: { content: string }) => m.content)).toEqual(['bulk loaded 7']);
    await expect.poll(() => upkeep.merges, { timeout: 10_000, interval: 100 }).toBeGreaterThan(before);
  });

  it('answers a substring too common for the index probe with the newest matches of every group, in order', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster);
    const [g1, g2, theirs] = [await groupWith(ann), await groupWith(ann), await groupWith(bob)];
    const tag = `many${Date.now().toString(36)}`;
    // 600 matches in Ann's two groups, more than the probe takes, interleaved in time; the
    // newest of all are in a group she is not in. Written directly: sending 600 takes long.
    const base = Date.now();
    /** Messages `from`..`to` of a group, message i sent at base + 2i + `offset` ms. */
    const fill = async (gid: string, sender: { name: string }, from: number, to: number, offset: number) =>
      cluster.a.app.ctx.db.query(
        `insert into messages (room, idx, from_id, gid, type, content, ts)
         select $1, i, $2, $3, 'text', $4 || ' ' || $3 || ' ' || i, $5::bigint + 2 * i + $6::int from generate_series($7::int, $8::int) i`,
        [`g:${gid}`, await userId(cluster.a, sender.name), gid, tag, base, offset, from, to],
      );
    await fill(g1, ann, 1, 300, 0);
    await fill(g2, ann, 1, 300, 1);
    await fill(theirs, bob, 1000, 1010, 1);
    await cluster.a.app.ctx.db.query(`update messages set recalled = true where room = $1 and idx = 300`, [`g:${g1}`]);
    // Newest first by time: g2 300 (ts +601), g1 300 recalled, g2 299, g1 299, ...
    const expected = Array.from({ length: 599 }, (_, k) => {
      const n = 600 - k; // 600 → g2 300, 599 → g1 300 (recalled, skipped below), 598 → g2 299, ...
      return n % 2 === 0 ? `${tag} ${g2} ${n / 2}` : `${tag} ${g1} ${(n + 1) / 2}`;
    }).filter((c) => c !== `${tag} ${g1} 300`);
    const contents = async (limit: number) =>
      (await ann.get('/api/messages/search', { q: tag, limit })).body.messages.map((m: { content: string }) => m.content);
    expect(await contents(7)).toEqual(expected.slice(0, 7));
    expect(await contents(200)).toEqual(expected.slice(0, 200));
  });

  it('answers a common substring from the groups that hold its newest matches when the groups follow one another in time', async () => {
    const ann = await newUser(cluster);
    const [older, middle, newest] = [await groupWith(ann), await groupWith(ann), await groupWith(ann)];
    const tag = `seq${Date.now().toString(36)}`;
    const base = Date.now();
    // 150 matches per group (450: more than the probe takes); each group's after the previous one's.
    for (const [k, gid] of [older, middle, newest].entries()) {
      await cluster.a.app.ctx.db.query(
        `insert into messages (room, idx, from_id, gid, type, content, ts)
         select $1, i, $2, $3, 'text', $4 || ' ' || $3 || ' ' || i, $5::bigint + i from generate_series(1, 150) i`,
        [`g:${gid}`, await userId(cluster.a, ann.name), gid, tag, base + k * 1000],
      );
    }
    // One recalled beyond the newest 8 of the newest group: the deeper read skips it too.
    await cluster.a.app.ctx.db.query(`update messages set recalled = true where room = $1 and idx = 140`, [`g:${newest}`]);
    const newestFirst = (gid: string, from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, k) => `${tag} ${gid} ${from - k}`).filter((c) => c !== `${tag} ${newest} 140`);
    const contents = async (limit: number) =>
      (await ann.get('/api/messages/search', { q: tag, limit })).body.messages.map((m: { content: string }) => m.content);
    expect(await contents(5)).toEqual(newestFirst(newest, 150, 146));
    expect(await contents(20)).toEqual(newestFirst(newest, 150, 130));
    expect(await contents(160)).toEqual([...newestFirst(newest, 150, 1), ...newestFirst(middle, 150, 140)]);
  });

  it('takes % and _ literally', async () => {
    const ann = await newUser(cluster);
    const gid = await groupWith(ann);
    const s = await connect(ann);
    const tag = `pct${Date.now().toString(36)}`;
    for (const text of [`${tag} 100% sure`, `${tag} 1000 sure`, `${tag} a_b`, `${tag} axb`, `${tag} back\\slash`]) await sendText(s, { gid }, text);
    const contents = async (q: string) => (await ann.get('/api/messages/search', { q })).body.messages.map((m: { content: string }) => m.content);
    expect(await contents('0% s')).toEqual([`${tag} 100% sure`]);
    expect(await contents('a_b')).toEqual([`${tag} a_b`]);
    expect(await contents('k\\s')).toEqual([`${tag} back\\slash`]);
    expect(await contents(`${tag} %`)).toEqual([]);
    expect(await contents(`${tag} _`)).toEqual([]);
  });

  it('never returns rooms the caller cannot read: other groups, groups left, other people’s conversations, recalled messages', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster);
    const carl = await newUser(cluster);
    await befriend(bob, carl);
    const theirs = await groupWith(bob, { members: [carl] });
    const left = await groupWith(bob, { members: [ann] });
    const [sBob, sAnn] = await Promise.all([connect(bob), connect(ann)]);
    const tag = `priv${Date.now().toString(36)}`;
    await sendText(sBob, { gid: theirs }, `${tag} group of others`);
    await sendText(sBob, { dm: carl.name }, `${tag} between bob and carl`);
    await sendText(sAnn, { gid: left }, `${tag} before leaving`);
    const recalled = await sendText(sBob, { gid: left }, `${tag} recalled`);
    expect(await emitAck(sBob, 'recall', { gid: left, idx: recalled.idx })).toEqual({ ok: true });
    const annSees = async () => (await ann.get('/api/messages/search', { q: tag })).body.messages.map((m: { content: string }) => m.content);
    expect(await annSees()).toEqual([`${tag} before leaving`]);
    expect((await ann.post('/api/groups/leave', { gid: left })).status).toBe(200);
    expect(await annSees()).toEqual([]);
    // A platform admin searches their own rooms only, like everyone.
    expect((await (await adminClient(cluster)).get('/api/messages/search', { q: tag })).body.messages).toEqual([]);
  });

  it('refuses an empty query (400) and an over-long one (413)', async () => {
    const ann = await newUser(cluster);
    expect((await ann.get('/api/messages/search', { q: '   ' })).status).toBe(400);
    expect((await ann.get('/api/messages/search', { q: 'x'.repeat(101) })).status).toBe(413);
  });
});

describe('POST /api/report', () => {
  const reportRow = async (id: number) =>
    (await cluster.a.app.ctx.db.query<Record<string, unknown>>('select * from reports where id = $1', [id]))[0]!;

  it('records a message report: reporter, address, the reported author and a snapshot', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster);
    const gid = await groupWith(owner, { members: [member] });
    const s = await connect(member);
    const m = await sendText(s, { gid }, 'something rude', { md: 1 });
    const res = await owner.post('/api/report', { type: 'message', gid, idx: m.idx, reason: 'rude' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, id: expect.any(Number) });
    const row = await reportRow(res.body.id);
    expect(row).toMatchObject({
      type: 'message',
      reporter_id: await userId(cluster.a, owner.name),
      reporter_ip: owner.ip,
      reported_user_id: await userId(cluster.a, member.name),
      room: `g:${gid}`,
      idx: m.idx,
      reason: 'rude',
      status: 'pending',
    });
    expect(row.snapshot).toEqual({ ...m, room: `g:${gid}` });
    // The snapshot outlives a recall.
    expect(await emitAck(s, 'recall', { gid, idx: m.idx })).toEqual({ ok: true });
    expect(((await reportRow(res.body.id)).snapshot as { content: string }).content).toBe('something rude');
  });

  it('records a user report and a direct message report', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster);
    await befriend(ann, bob);
    const m = await sendText(await connect(bob), { dm: ann.name }, 'spam spam');
    const dm = await ann.post('/api/report', { type: 'message', dm: bob.name, idx: m.idx, reason: 'spam' });
    expect(dm.status).toBe(200);
    expect(await reportRow(dm.body.id)).toMatchObject({
      room: directRoom(await userId(cluster.a, ann.name), await userId(cluster.a, bob.name)),
      reported_user_id: await userId(cluster.a, bob.name),
    });
    const user = await ann.post('/api/report', { type: 'user', name: bob.name.toUpperCase() });
    expect(user.status).toBe(200);
    expect(await reportRow(user.body.id)).toMatchObject({ type: 'user', reported_user_id: await userId(cluster.a, bob.name), room: null, idx: null, snapshot: null, reason: '' });
  });

  it('answers 404 for unknown subjects, 403 for rooms the caller cannot read, 400 for oneself, 409 for a repeat, 413 for a long reason', async () => {
    const owner = await newUser(cluster);
    const outsider = await newUser(cluster);
    const member = await newUser(cluster);
    const gid = await groupWith(owner, { members: [member] });
    const mine = await sendText(await connect(owner), { gid }, 'mine');
    const cases: Array<[Client, Record<string, unknown>, number, string]> = [
      [member, { type: 'message', gid, idx: 99, reason: 'x' }, 404, 'api.msg.notFound'],
      [member, { type: 'user', name: 'nobody_at_all_9' }, 404, 'api.user.notFound'],
      [outsider, { type: 'message', gid, idx: mine.idx, reason: 'x' }, 403, 'api.group.noView'],
      [owner, { type: 'message', gid, idx: mine.idx, reason: 'x' }, 400, 'api.report.self'],
      [owner, { type: 'user', name: owner.name }, 400, 'api.report.self'],
      [member, { type: 'message', gid, reason: 'x' }, 400, 'api.badRequest'],
      [member, { type: 'rumour', name: owner.name }, 400, 'api.badRequest'],
      [member, { type: 'user', name: owner.name, reason: 'x'.repeat(501) }, 413, 'api.tooLarge'],
    ];
    for (const [c, body, status, error] of cases) {
      const res = await c.post('/api/report', body);
      expect([res.status, res.body.error], JSON.stringify(body)).toEqual([status, error]);
    }
    expect((await member.post('/api/report', { type: 'message', gid, idx: mine.idx, reason: 'x' })).status).toBe(200);
    expect((await member.post('/api/report', { type: 'message', gid, idx: mine.idx, reason: 'again' })).body).toEqual({
      ok: false,
      error: 'api.report.duplicate',
    });
  });
});

describe('for other modules', () => {
  it('fileReferenceCounts and markFilesExpired: by upload name, file types only', async () => {
    const owner = await newUser(cluster);
    const gid = await groupWith(owner);
    const s = await connect(owner);
    const [a, b, unused] = (await Promise.all([storedFile(owner), storedFile(owner), storedFile(owner)])).map((u) => u.slice('/uploads/'.length)) as [
      string,
      string,
      string,
    ];
    for (const name of [a, a, b]) await sendMsg(s, { gid, type: 'image', content: `/uploads/${name}` });
    await sendText(s, { gid }, `/uploads/${b}`);
    const messages = cluster.b.app.services.messages;
    expect(await messages.fileReferenceCounts([a, b, unused])).toEqual(
      new Map([
        [a, 2],
        [b, 1],
      ]),
    );
    expect(await messages.markFilesExpired([a])).toBe(2);
    expect(await messages.markFilesExpired([a])).toBe(0);
    const stored = await history(owner, { gid });
    expect(stored.map((m) => [m.type, m.file_expired])).toEqual([
      ['image', true],
      ['image', true],
      ['image', false],
      ['text', false],
    ]);
  });

  it('messageSnapshot: a stored message by room and idx, undefined otherwise', async () => {
    const owner = await newUser(cluster);
    const gid = await groupWith(owner);
    const m = await sendText(await connect(owner), { gid }, 'remember me');
    const messages = cluster.a.app.services.messages;
    expect(await messages.messageSnapshot(`g:${gid}`, m.idx)).toEqual({ ...m, room: `g:${gid}`, fromId: await userId(cluster.a, owner.name) });
    expect(await messages.messageSnapshot(`g:${gid}`, 99)).toBeUndefined();
    expect(await messages.messageSnapshot('nonsense', 1)).toBeUndefined();
  });

  it('deleting a user or dissolving a group takes their messages with them', async () => {
    const owner = await newUser(cluster);
    const leaver = await newUser(cluster);
    await befriend(owner, leaver);
    const gid = await groupWith(owner, { members: [leaver] });
    const [sOwner, sLeaver] = await Promise.all([connect(owner), connect(leaver)]);
    await sendText(sOwner, { gid }, 'from the owner');
    await sendText(sLeaver, { gid }, 'from the leaver');
    await sendText(sOwner, { dm: leaver.name }, 'to the leaver');
    const room = directRoom(await userId(cluster.a, owner.name), await userId(cluster.a, leaver.name));
    await cluster.a.app.ctx.db.query('delete from users where id = $1', [await userId(cluster.a, leaver.name)]);
    expect(idxs(await history(owner, { gid }))).toEqual([1]);
    expect(await storedCount(cluster.a, room)).toBe(0);
    expect((await owner.del('/api/groups', { gid })).status).toBe(200);
    expect(await storedCount(cluster.a, `g:${gid}`)).toBe(0);
  });
});
