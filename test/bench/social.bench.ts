import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { randomHex } from '../../src/lib/crypto.ts';

/** One line of the benchmark table (the shape `npm run bench` prints). */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  note?: string;
}

const SIZE = 1_000;
const WARMUP = 20;
const SAMPLES = 300;
/** Share of the seeded people shown online, so presence is part of the work. */
const ONLINE_SHARE = 0.1;
const PASSWORD = 'Bench-pass-2024';

/**
 * Latency of the two biggest social lists: GET /api/groups/members of a
 * 1,000-member group and GET /api/friends of a user with 1,000 friends.
 * The server runs in this process; requests go one at a time over loopback,
 * with a logged-in session cookie. People are seeded with bulk SQL.
 */
export async function run(mode: { name: string; env: Record<string, string> } = { name: 'embedded', env: {} }): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chat-bench-social-'));
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
    const { gid } = (await post(base, '/api/groups', { name: 'Bench group' }, cookie)).body as { gid: string };
    const me = (await db.query<{ id: number }>('select id from users where name = $1', [name]))[0]!.id;

    // Everyone at once: one statement per table.
    const people = await db.query<{ id: number }>(
      `insert into users (name, email, password_hash, status, nickname, avatar, created)
       select $1 || i, '', 'not-a-hash', 'active', 'Nick ' || i, '/uploads/' || md5(i::text) || '.png', $2
         from generate_series(1, $3::int) i returning id`,
      [`${name}_`, now, SIZE - 1],
    );
    const ids = people.map((p) => p.id);
    await db.query(
      `insert into group_members (gid, user_id, role, joined)
       select $1, id, case when n <= 10 then 'admin' else 'member' end, $2 + n
         from unnest($3::bigint[]) with ordinality as t(id, n)`,
      [gid, now, ids],
    );
    const extra = await db.query<{ id: number }>(
      `insert into users (name, email, password_hash, status, created) values ($1, '', 'not-a-hash', 'active', $2) returning id`,
      [`${name}_last`, now],
    );
    const friends = [...ids, extra[0]!.id];
    await db.query(
      `insert into friendships (user_lo, user_hi, created)
       select least($1::bigint, id), greatest($1::bigint, id), $2 from unnest($3::bigint[]) as t(id)`,
      [me, now, friends],
    );
    const online = friends.slice(0, Math.round(SIZE * ONLINE_SHARE));
    for (const id of online) await app.ctx.state.presence.add(id, `bench-${id}`, 'web');

    const members = await measure(base, `/api/groups/members?gid=${gid}`, cookie, (b) => (b.members as unknown[]).length === SIZE);
    const friendList = await measure(base, '/api/friends', cookie, (b) => (b.users as unknown[]).length === SIZE);
    for (const id of online) await app.ctx.state.presence.remove(id, `bench-${id}`);
    const note = `${mode.name}; ${SAMPLES} sequential requests; ${Math.round(ONLINE_SHARE * 100)}% online`;
    return [
      { name: `GET /api/groups/members, ${SIZE} members, p50`, value: members.p50, unit: 'ms', note },
      { name: `GET /api/groups/members, ${SIZE} members, p99`, value: members.p99, unit: 'ms', note },
      { name: 'GET /api/groups/members, SQL statements per request', value: members.statements, unit: 'statements', note: 'constant: no N+1' },
      { name: `GET /api/friends, ${SIZE} friends, p50`, value: friendList.p50, unit: 'ms', note },
      { name: `GET /api/friends, ${SIZE} friends, p99`, value: friendList.p99, unit: 'ms', note },
      { name: 'GET /api/friends, SQL statements per request', value: friendList.statements, unit: 'statements', note: 'constant: no N+1' },
    ];

    async function measure(url: string, route: string, cookieHeader: string, check: (body: Record<string, unknown>) => boolean) {
      for (let i = 0; i < WARMUP; i++) await get(url + route, cookieHeader, check);
      const before = db.stats.queries;
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        await get(url + route, cookieHeader, check);
        times.push(performance.now() - t0);
      }
      // Rounded: a background statement (presence sweep, key touch) may land in the window.
      const statements = Math.round((db.stats.queries - before) / SAMPLES);
      times.sort((x, y) => x - y);
      const at = (q: number) => round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!);
      return { p50: at(0.5), p99: at(0.99), statements };
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;

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

// `npx tsx test/bench/social.bench.ts` prints the figures (cluster mode with BENCH_DATABASE_URL and BENCH_REDIS_URL).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const modes = [{ name: 'embedded', env: {} as Record<string, string> }];
  if (process.env.BENCH_DATABASE_URL && process.env.BENCH_REDIS_URL) {
    modes.push({
      name: 'cluster',
      env: { DATABASE_URL: process.env.BENCH_DATABASE_URL, REDIS_URL: process.env.BENCH_REDIS_URL, REDIS_PREFIX: `bench${Date.now()}:` },
    });
  }
  for (const mode of modes) {
    console.log(`\n== Social graph (${mode.name})`);
    console.table(await run(mode));
  }
}
