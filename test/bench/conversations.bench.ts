import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { randomHex } from '../../src/lib/crypto.ts';
import type { BenchRow } from './lib.ts';

const GROUPS = 400;
const FRIENDS = 100;
/** Messages per room: the list reads only the newest of each, so more would change nothing but the seeding time. */
const PER_ROOM = 30;
const WARMUP = 30;
const SAMPLES = 500;
const PASSWORD = 'Bench-pass-2024';

/**
 * GET /api/conversations for a user in 500 rooms (400 groups, 100 friends
 * with a direct conversation each), every room with messages and half of them
 * with a read marker: the target is p99 < 20 ms in cluster mode. The
 * server runs in this process; requests go one at a time over loopback with a
 * session cookie. Rooms are seeded with bulk SQL.
 */
export async function run(mode: { name: string; env: Record<string, string> } = { name: 'embedded', env: {} }): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chat-bench-conversations-'));
  const app = await createApp({
    config: loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', REGISTRATION: 'open', REGISTER_RATE_LIMIT: '1000000', DATA_DIR: dataDir, ...mode.env }),
  });
  try {
    const { port } = await app.listen();
    const base = `http://127.0.0.1:${port}`;
    const db = app.ctx.db;
    const now = app.ctx.clock.now();
    const name = `bench${randomHex(3)}`;
    await post(base, '/api/register', { name, password: PASSWORD, email: `${name}@example.com` });
    const cookie = (await post(base, '/api/login', { username: name, password: PASSWORD })).cookie;
    const me = (await db.query<{ id: number }>('select id from users where name = $1', [name]))[0]!.id;

    const others = (
      await db.query<{ id: number }>(
        `insert into users (name, email, password_hash, status, created)
         select $1 || i, '', 'not-a-hash', 'active', $2 from generate_series(1, $3::int) i returning id`,
        [`${name}_`, now, FRIENDS],
      )
    ).map((u) => Number(u.id));
    const gids = Array.from({ length: GROUPS }, () => randomHex(8));
    await db.query(
      `insert into groups (gid, name, owner_id, created) select g, 'Group ' || n, $2, $3 from unnest($1::text[]) with ordinality as t(g, n)`,
      [gids, me, now],
    );
    await db.query(`insert into group_members (gid, user_id, role, joined) select g, $2, 'owner', $3 from unnest($1::text[]) as t(g)`, [gids, me, now]);
    await db.query(
      `insert into friendships (user_lo, user_hi, created) select least($1::bigint, id), greatest($1::bigint, id), $2 from unnest($3::bigint[]) as t(id)`,
      [me, now, others],
    );
    // Every room: PER_ROOM messages (the other person writes in direct rooms), its counter, and a marker in half of them.
    const rooms = [
      ...gids.map((g) => ({ room: `g:${g}`, gid: g as string | null, to: null as number | null, from: me })),
      ...others.map((o) => ({ room: me < o ? `d:${me}:${o}` : `d:${o}:${me}`, gid: null, to: me as number | null, from: o })),
    ];
    await db.query(
      `insert into messages (room, idx, from_id, gid, to_id, type, content, ts)
       select r.room, i, r.from_id, r.gid, r.to_id, 'text', 'message ' || i || ' of ' || r.room, $6 + r.n * 10 + i
         from unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[]) with ordinality as r(room, from_id, gid, to_id, n)
         cross join generate_series(1, $5::int) i`,
      [rooms.map((r) => r.room), rooms.map((r) => r.from), rooms.map((r) => r.gid), rooms.map((r) => r.to), PER_ROOM, now],
    );
    await db.query('insert into room_seq (room, last_idx) select r, $2 from unnest($1::text[]) as t(r)', [rooms.map((r) => r.room), PER_ROOM]);
    await db.query('insert into read_markers (user_id, room, idx) select $2, r, $3 from unnest($1::text[]) as t(r)', [
      rooms.filter((_, i) => i % 2 === 0).map((r) => r.room),
      me,
      PER_ROOM - 5,
    ]);
    for (const id of others.slice(0, 10)) await app.ctx.state.presence.add(id, `bench-${id}`, 'web');

    const check = (b: Record<string, unknown>) => (b.conversations as unknown[]).length === GROUPS + FRIENDS;
    for (let i = 0; i < WARMUP; i++) await get(`${base}/api/conversations`, cookie, check);
    const before = db.stats.queries;
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      await get(`${base}/api/conversations`, cookie, check);
      times.push(performance.now() - t0);
    }
    const statements = Math.round((db.stats.queries - before) / SAMPLES);
    for (const id of others.slice(0, 10)) await app.ctx.state.presence.remove(id, `bench-${id}`);
    times.sort((x, y) => x - y);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 100) / 100;
    const note = `${mode.name}; ${GROUPS} groups + ${FRIENDS} direct, ${PER_ROOM} messages each; ${SAMPLES} sequential requests`;
    return [
      { name: `GET /api/conversations, ${GROUPS + FRIENDS} rooms, p50`, value: at(0.5), unit: 'ms', note },
      { name: `GET /api/conversations, ${GROUPS + FRIENDS} rooms, p99`, value: at(0.99), unit: 'ms', note: `${note}; target < 20 ms (cluster)` },
      { name: 'GET /api/conversations, SQL statements per request', value: statements, unit: 'statements', note: 'one for the list, whatever the number of rooms' },
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function post(base: string, route: string, body: unknown, cookie?: string) {
  const res = await fetch(base + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`);
  return { body: json, cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '' };
}

async function get(url: string, cookie: string, check: (body: Record<string, unknown>) => boolean): Promise<void> {
  const res = await fetch(url, { headers: { cookie } });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok || !check(body)) throw new Error(`${url}: unexpected answer ${res.status}`);
}

// `npx tsx test/bench/conversations.bench.ts` prints the figures (cluster mode with BENCH_DATABASE_URL and BENCH_REDIS_URL).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const modes = [{ name: 'embedded', env: {} as Record<string, string> }];
  if (process.env.BENCH_DATABASE_URL && process.env.BENCH_REDIS_URL) {
    modes.push({
      name: 'cluster',
      env: { DATABASE_URL: process.env.BENCH_DATABASE_URL, REDIS_URL: process.env.BENCH_REDIS_URL, REDIS_PREFIX: `bench${Date.now()}:` },
    });
  }
  for (const mode of modes) {
    console.log(`\n== Conversations (${mode.name})`);
    console.table(await run(mode));
  }
}
