import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomHex, sha256Hex } from '../../../../src/lib/crypto.ts';
import { TEST_DATA_ROOT } from '../../../../test/helpers/paths.ts';
import { type ChatProcess, spawnChat, stopAll } from '../../../../test/helpers/processes.ts';
import { createTestDatabase } from '../../../../test/helpers/server.ts';
import { type ChatClient, createChatClient, type MessagePayload } from '../../src/index.ts';
import { checkedFetch, until } from './helpers.ts';

/**
 * The SDK through a node crash: two app processes (A and B) on one Postgres
 * and Redis; the SDK client is connected to B with both base URLs; two other
 * people keep sending to it (a group and a direct conversation) through A,
 * and the client keeps sending too. B is killed with SIGKILL mid-traffic.
 * What must hold: the client reconnects to A by itself, and in the end has
 * received every message of both rooms exactly once and in idx order (live
 * before the crash, by catch-up for what it missed, live again after); every
 * one of its own sends is stored exactly once.
 *
 * Cluster mode only (CLUSTER_ONLY in vitest.config.ts).
 */
const TRAFFIC_BEFORE_KILL_MS = 1_500;
const TRAFFIC_AFTER_KILL_MS = 2_500;
const SEND_EVERY_MS = 40;

describe('SDK through a node crash', () => {
  const procs: ChatProcess[] = [];
  let db: pg.Client;
  let dropDatabase: (() => Promise<void>) | undefined;
  let prefix = '';
  let dataDir = '';
  let client: ChatClient | undefined;
  const sockets: Socket[] = [];
  let people: Array<{ id: number; name: string; token: string }> = [];
  const gid = randomHex(8);

  beforeAll(async () => {
    const database = await createTestDatabase();
    dropDatabase = database.drop;
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    people = await seed(db, gid);
    mkdirSync(TEST_DATA_ROOT, { recursive: true });
    dataDir = mkdtempSync(path.join(TEST_DATA_ROOT, 'sdk-failover-'));
    prefix = `tsdk${randomHex(4)}:`;
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: prefix,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: '1000',
      // The traffic below is faster than a person: socket event limits off, as in test/helpers/server.ts.
      ...Object.fromEntries(['MSG', 'REACT', 'RECALL', 'TYPING', 'STATUS'].map((e) => [`SOCKET_LIMIT_${e}`, 'off'])),
    };
    const results = await Promise.allSettled([
      spawnChat('nodeA', 'src/main.ts', { ...env, ROLES: 'api,realtime,worker' }),
      spawnChat('nodeB', 'src/main.ts', { ...env, ROLES: 'api,realtime' }),
    ]);
    for (const r of results) if (r.status === 'fulfilled') procs.push(r.value);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }, 90_000);

  afterAll(async () => {
    client?.stop();
    for (const s of sockets) s.disconnect();
    await stopAll(procs);
    await db?.end().catch(() => {});
    await dropDatabase?.();
    if (prefix) await deleteRedisKeys(prefix);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a client on the killed node reconnects to the other and keeps every message exactly once, in order', async () => {
    const [a, b] = procs as [ChatProcess, ChatProcess];
    const [me, ann, carl] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    client = createChatClient({
      urls: [b.url, a.url],
      credentials: { kind: 'session', token: me.token },
      fetch: checkedFetch,
      sendTimeoutMs: 1_000,
      gapWaitMs: 300,
      backoff: { baseMs: 200, maxMs: 1_000 },
    });
    const got: MessagePayload[] = [];
    const urls: string[] = [];
    client.connection.on('message', (m) => got.push(m));
    client.connection.on('status', (s) => {
      if (s === 'live') urls.push(client!.endpoints.current);
    });
    client.start();
    await until(() => client!.connection.status === 'live', 'the client on node B');
    expect(client.endpoints.current).toBe(b.url);

    // The two senders, on node A (which stays up).
    const annSocket = await open(a.url, ann.token);
    const carlSocket = await open(a.url, carl.token);
    sockets.push(annSocket, carlSocket);
    let traffic = true;
    let n = 0;
    const loops = [
      (async () => {
        while (traffic) {
          const ack = await annSocket.timeout(5_000).emitWithAck('msg', { gid, type: 'text', content: `ann g ${n++}`, cid: `ann-${n}` });
          expect(ack.ok, JSON.stringify(ack)).toBe(true);
          await new Promise((r) => setTimeout(r, SEND_EVERY_MS));
        }
      })(),
      (async () => {
        while (traffic) {
          const ack = await carlSocket.timeout(5_000).emitWithAck('msg', { dm: me.name, type: 'text', content: `carl dm ${n++}`, cid: `carl-${n}` });
          expect(ack.ok, JSON.stringify(ack)).toBe(true);
          await new Promise((r) => setTimeout(r, SEND_EVERY_MS));
        }
      })(),
    ];
    // The client sends too, without waiting: some of its sends are in flight when B dies.
    const mine: Array<Promise<MessagePayload>> = [];
    const ownLoop = (async () => {
      for (let i = 0; traffic; i++) {
        mine.push(client!.send({ gid }, `me ${i}`));
        await new Promise((r) => setTimeout(r, SEND_EVERY_MS * 3));
      }
    })();

    await new Promise((r) => setTimeout(r, TRAFFIC_BEFORE_KILL_MS));
    b.child.kill('SIGKILL');
    expect(await b.exited).toBe('SIGKILL');
    await new Promise((r) => setTimeout(r, TRAFFIC_AFTER_KILL_MS));
    traffic = false;
    await Promise.all([...loops, ownLoop]);
    const sent = await Promise.all(mine);

    // The truth: what the database holds of both rooms.
    const stored = async (room: string) =>
      (await db.query<{ idx: number; content: string }>('select idx, content from messages where room = $1 order by idx', [room])).rows;
    const groupRows = await stored(`g:${gid}`);
    const dmRows = await stored(`d:${Math.min(me.id, carl.id)}:${Math.max(me.id, carl.id)}`);
    const inRoom = (pred: (m: MessagePayload) => boolean) => got.filter(pred).map((m) => [m.idx, m.content]);
    await until(
      () => inRoom((m) => m.gid === gid).length >= groupRows.length && inRoom((m) => m.dm === carl.name).length >= dmRows.length,
      'every stored message at the client',
      20_000,
    );

    expect(urls[0]).toBe(b.url);
    expect(urls.at(-1)).toBe(a.url);
    expect(inRoom((m) => m.gid === gid)).toEqual(groupRows.map((r) => [r.idx, r.content]));
    expect(inRoom((m) => m.dm === carl.name)).toEqual(dmRows.map((r) => [r.idx, r.content]));
    // Each of the client's sends stored once, at the index its promise gave.
    const own = groupRows.filter((r) => r.content.startsWith('me '));
    expect(own.map((r) => r.content)).toEqual(sent.map((m) => m.content));
    expect(own.map((r) => r.idx)).toEqual(sent.map((m) => m.idx));
    expect(groupRows.map((r) => r.idx)).toEqual(groupRows.map((_, k) => k + 1));
  }, 60_000);
});

async function open(url: string, token: string): Promise<Socket> {
  const s = io(url, { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    s.once('ready', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

/** Three active users with session tokens (the first is the SDK's), a group of the three, friendships with the first. */
async function seed(db: pg.Client, gid: string): Promise<Array<{ id: number; name: string; token: string }>> {
  const prefix = `sf${randomHex(3)}_`;
  const now = Date.now();
  const users = (
    await db.query<{ id: string; name: string }>(
      `insert into users (name, email, password_hash, status, created)
       select $1 || i, '', 'not-a-hash', 'active', $2 from generate_series(0, 2) i returning id, name`,
      [prefix, now],
    )
  ).rows
    .map((u) => ({ id: Number(u.id), name: u.name, token: randomHex(24) }))
    .sort((x, y) => x.name.localeCompare(y.name));
  await db.query(
    'insert into sessions (token_hash, user_id, created, expires) select h, id, $3, $4 from unnest($1::text[], $2::bigint[]) as t(h, id)',
    [users.map((u) => sha256Hex(u.token)), users.map((u) => u.id), now, now + 86_400_000],
  );
  await db.query('insert into groups (gid, name, owner_id, created) values ($1, $2, $3, $4)', [gid, 'SDK failover', users[1]!.id, now]);
  await db.query(
    `insert into group_members (gid, user_id, role, joined) select $1, id, case when id = $2 then 'owner' else 'member' end, $3 from unnest($4::bigint[]) as t(id)`,
    [gid, users[1]!.id, now, users.map((u) => u.id)],
  );
  for (const other of users.slice(1)) {
    await db.query('insert into friendships (user_lo, user_hi, created) values ($1, $2, $3)', [
      Math.min(users[0]!.id, other.id),
      Math.max(users[0]!.id, other.id),
      now,
    ]);
  }
  return users;
}

async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(process.env.TEST_REDIS_URL!);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
