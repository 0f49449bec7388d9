import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type { Queryable } from '../../src/db/index.ts';
import { migrate } from '../../src/db/migrate.ts';
import { PgliteDb } from '../../src/db/pglite.ts';
import { PostgresDb } from '../../src/db/postgres.ts';
import { randomHex, sha256Hex } from '../../src/lib/crypto.ts';
import { type BenchRow, type CpuSplit, collectGarbage, cpuShares, driveSends, load, ratio, type ServerProcess, sendTimed, sleep, spawnServer, timedGetsInOwnProcess, watchMachineStalls } from './lib.ts';

/**
 * Messaging benchmarks (issue 4), each beside a baseline measured in the same run:
 * - group fan-out (200 members, acked sends, stored) against a bare Socket.IO broadcast:
 *   deliveries/s at saturation, and p50/p99 delivery latency at 20,000 deliveries/s;
 * - direct messages, 500 friend pairs sending at once, stored messages/s against raw
 *   single-row `INSERT ... RETURNING` through pg at the same concurrency (cluster mode);
 * - the same across two nodes with Redis (cluster mode);
 * - history (`GET /api/messages`, 100 messages) req/s against the raw SQL;
 * - search p99 over a large seeded table (cluster mode);
 * - memory per idle authenticated socket against a bare Socket.IO connection.
 * Servers run in child processes; socket clients and load generators in this
 * process, over loopback. People, sessions, groups and messages are seeded with
 * bulk SQL before the servers start. Cluster mode needs BENCH_DATABASE_URL (a
 * fresh database is created beside it and dropped at the end) and BENCH_REDIS_URL.
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const MEMBERS = 200;
/** Concurrent senders of the fan-out saturation run (closed loop, each waits for its ack). */
const FANOUT_SENDERS = 16;
const TARGET_DELIVERIES = 20_000;
/** Seconds of paced fan-out per side, split into rounds that alternate app and baseline. */
const FANOUT_PACED_SECONDS = Number(process.env.BENCH_FANOUT_PACED_SECONDS ?? 21);
/** Odd, so the median of the rounds' p99 ratios (issue 17's fan-out figure) is one round's. */
const FANOUT_ROUNDS = Number(process.env.BENCH_FANOUT_ROUNDS ?? 3);
const DM_PAIRS = 500;
const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 10_000);
const SEARCH_ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 1_000_000);
const SEARCH_QUERIES = 200;
const POOL_SIZE = 20;

/** BENCH_MESSAGES_PARTS=fanout,dm,history,search,memory runs only those (default: all). */
const PARTS = new Set((process.env.BENCH_MESSAGES_PARTS ?? 'fanout,dm,history,search,memory').split(','));
const wants = (part: string) => PARTS.has(part);

const benchStart = Date.now();
/** Progress on stderr, so a long run shows where it is. */
const step = (what: string) => console.error(`[messages bench +${Math.round((Date.now() - benchStart) / 1000)}s] ${what}`);

export interface Person {
  id: number;
  name: string;
  cookie: string;
}

interface Seeded {
  owner: Person;
  members: Person[];
  gid: string;
  idle: Person[];
  senders: Person[];
  recipients: Person[];
}

/**
 * Embedded mode always (unless BENCH_MESSAGES=cluster); cluster mode when its URLs are set (unless
 * BENCH_MESSAGES=embedded). `clusterParts` narrows the cluster parts further (npm run bench runs
 * the cluster fan-out and search as suites of their own, see run.ts).
 */
export async function run(opts: { clusterParts?: string[] } = {}): Promise<BenchRow[]> {
  const only = process.env.BENCH_MESSAGES;
  const rows: BenchRow[] = [];
  if (only !== 'cluster') rows.push(...(await embedded()));
  const { BENCH_DATABASE_URL: dbUrl, BENCH_REDIS_URL: redisUrl } = process.env;
  const parts = new Set([...PARTS].filter((p) => !opts.clusterParts || opts.clusterParts.includes(p)));
  if (only !== 'embedded' && dbUrl && redisUrl && parts.size > 0) rows.push(...(await cluster(dbUrl, redisUrl, parts)));
  return rows;
}

/** Cluster mode only, the given parts (fanout, dm, history, search): one row of issue 17 run alone. */
export async function clusterOnly(parts: string[]): Promise<BenchRow[]> {
  const { BENCH_DATABASE_URL: dbUrl, BENCH_REDIS_URL: redisUrl } = process.env;
  if (!dbUrl || !redisUrl) throw new Error('needs BENCH_DATABASE_URL and BENCH_REDIS_URL');
  return cluster(dbUrl, redisUrl, new Set(parts));
}

// ---- embedded mode ----

async function embedded(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chat-bench-msg-'));
  const dbDir = path.join(dataDir, 'db');
  const rows: BenchRow[] = [];
  try {
    step('embedded: seeding');
    const seedDb = await PgliteDb.open(dbDir);
    await migrate(seedDb);
    const seeded = await seed(seedDb, { dmPairs: 0 });
    await seedDb.close();

    const bare = await spawnServer('test/bench/bare-socket-server.ts');
    const app = await spawnServer('test/bench/app-server.ts', { DATA_DIR: dataDir });
    step('embedded: servers up');
    try {
      if (wants('fanout')) rows.push(...(await fanOutRows([app.url], bare, seeded, 'embedded', app.child.pid)));
      if (wants('memory')) rows.push(...(await memoryRows(app, bare, seeded.idle)));
      if (wants('history')) {
        step('embedded: history');
        const hist = await load(`${app.url}/api/messages?gid=${seeded.gid}&limit=100`, { headers: { cookie: seeded.owner.cookie }, seconds: SECONDS, connections: 16 });
        await app.stop();
        // The raw SQL on the same database, once the server has let go of it (PGlite: one process per directory).
        const db = await PgliteDb.open(dbDir);
        const raw = await rawQueryRate(db, RAW_HISTORY, [`g:${seeded.gid}`], 1, SECONDS);
        await db.close();
        rows.push({
          name: 'GET /api/messages, 100 messages [embedded]',
          value: hist.rps,
          unit: 'req/s',
          note: `${ratio(hist.rps, raw)}× raw SQL ${raw} q/s in-process (target ≥ 0.4), p99 ${hist.p99} ms, non-2xx ${hist.non2xx}`,
        });
      }
    } finally {
      await app.stop();
      await bare.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

// ---- cluster mode ----

async function cluster(baseUrl: string, redisUrl: string, parts: Set<string>): Promise<BenchRow[]> {
  const wants = (part: string) => parts.has(part);
  const dbName = `chat_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = withDatabase(baseUrl, dbName);
  const rows: BenchRow[] = [];
  const started: ServerProcess[] = [];
  try {
    step('cluster: seeding');
    const db = PostgresDb.connect(url, POOL_SIZE);
    await migrate(db);
    // No idle people: the memory figure is embedded only.
    const seeded = await seed(db, { dmPairs: wants('dm') ? DM_PAIRS : 0, idle: 0 });
    await db.exec(
      `create table bench_raw (like messages including all);
       alter table bench_raw add foreign key (from_id) references users (id), add foreign key (to_id) references users (id);
       analyze`,
    );

    const env = { DATABASE_URL: url, REDIS_URL: redisUrl, REDIS_PREFIX: `bench${Date.now()}:` };
    const a = await spawnServer('test/bench/app-server.ts', env);
    started.push(a);
    // A second node runs only for the rows that use it: an idle node still collects its garbage
    // (V8's memory reducer, on helper threads), on a core the one-node rows are measured on.
    const withSecondNode = async <T>(fn: (b: ServerProcess) => Promise<T>): Promise<T> => {
      const b = await spawnServer('test/bench/app-server.ts', env);
      try {
        return await fn(b);
      } finally {
        await b.stop();
      }
    };
    const bare = await spawnServer('test/bench/bare-socket-server.ts');
    started.push(bare);

    // Direct messages: one node, then the senders spread over two; raw inserts at the same concurrency.
    if (wants('dm')) {
      step('cluster: direct messages');
      const dmOne = await dmRun([a.url], seeded);
      const dmTwo = await withSecondNode((b) => dmRun([a.url, b.url], seeded));
      const raw = await rawInsertRate(db, seeded, DM_PAIRS, SECONDS);
      rows.push(
        { name: 'raw INSERT ... RETURNING through pg (baseline)', value: raw, unit: 'rows/s', note: `${DM_PAIRS} in flight, pool of ${POOL_SIZE}, same table and indexes` },
        {
          name: `direct messages, ${DM_PAIRS} pairs at once [cluster, 1 node]`,
          value: dmOne.perSec,
          unit: 'stored msg/s',
          note: `${ratio(dmOne.perSec, raw)}× raw (target ≥ 1.0); ack p50 ${dmOne.p50} ms, p99 ${dmOne.p99} ms; errors ${dmOne.errors}`,
        },
        {
          name: `direct messages, ${DM_PAIRS} pairs at once [cluster, 2 nodes]`,
          value: dmTwo.perSec,
          unit: 'stored msg/s',
          note: `${ratio(dmTwo.perSec, dmOne.perSec)}× one node (target ≥ 0.9); ack p99 ${dmTwo.p99} ms; errors ${dmTwo.errors}`,
        },
      );
    }

    if (wants('fanout')) {
      await settle(db);
      const single = await fanOutRows([a.url], bare, seeded, 'cluster, 1 node', a.child.pid);
      const spread = await withSecondNode((b) => fanOutRows([a.url, b.url], undefined, seeded, 'cluster, 2 nodes'));
      rows.push(...single, ...spread);
    }

    if (wants('history')) {
      await settle(db);
      step('cluster: history');
      const hist = await load(`${a.url}/api/messages?gid=${seeded.gid}&limit=100`, { headers: { cookie: seeded.owner.cookie }, seconds: SECONDS, connections: 16 });
      const rawHist = await rawQueryRate(db, RAW_HISTORY, [`g:${seeded.gid}`], 16, SECONDS);
      rows.push({
        name: 'GET /api/messages, 100 messages [cluster]',
        value: hist.rps,
        unit: 'req/s',
        note: `${ratio(hist.rps, rawHist)}× raw SQL ${rawHist} q/s through pg, 16 in flight (target ≥ 0.4); p99 ${hist.p99} ms; non-2xx ${hist.non2xx}`,
      });
    }

    // Seeded last: writing a million rows leaves Postgres checkpointing and vacuuming, which
    // would weigh on the measurements above.
    if (wants('search')) {
      step(`cluster: seeding ${SEARCH_ROWS} messages for search`);
      const searchSetup = await seedSearchCorpus(db, seeded.owner, SEARCH_ROWS);
      await db.exec('checkpoint');
      step('cluster: search');
      rows.push(...(await searchRows(a.url, searchSetup, db)));
    }
    await db.close();
  } finally {
    for (const s of started.reverse()) await s.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  return rows;
}

/**
 * Between cluster measurements: vacuum what the previous one wrote (the fan-out trims the room
 * to 500 messages per batch, leaving dead rows in its index range) and flush it, so a measurement
 * does not pay for its predecessor's clean-up.
 */
async function settle(db: PostgresDb): Promise<void> {
  await db.exec('vacuum analyze');
  await db.exec('checkpoint');
}

// ---- seeding (bulk SQL) ----

async function seed(db: Queryable, opts: { dmPairs: number; idle?: number }): Promise<Seeded> {
  const tag = randomHex(3);
  // A full history (500 messages from the members), so reads do not depend on the fan-out run.
  const { owner, members, gid } = await seedGroup(db, MEMBERS, 500);
  const now = Date.now();
  const idle = (opts.idle ?? IDLE_SOCKETS) > 0 ? await seedPeople(db, `i${tag}_`, opts.idle ?? IDLE_SOCKETS) : [];
  const senders = opts.dmPairs ? await seedPeople(db, `s${tag}_`, opts.dmPairs) : [];
  const recipients = opts.dmPairs ? await seedPeople(db, `r${tag}_`, opts.dmPairs) : [];
  if (opts.dmPairs) {
    await db.query(
      `insert into friendships (user_lo, user_hi, created)
       select least(a, b), greatest(a, b), $3 from unnest($1::bigint[], $2::bigint[]) as t(a, b)`,
      [senders.map((p) => p.id), recipients.map((p) => p.id), now],
    );
  }
  return { owner, members, gid, idle, senders, recipients };
}

/** A group of `size` people (the first owns it) holding `messages` text messages from its members. */
export async function seedGroup(db: Queryable, size: number, messages: number): Promise<{ owner: Person; members: Person[]; gid: string }> {
  const members = await seedPeople(db, `m${randomHex(3)}_`, size);
  const owner = members[0]!;
  const gid = randomHex(8);
  const now = Date.now();
  await db.query(`insert into groups (gid, name, owner_id, created) values ($1, 'Bench room', $2, $3)`, [gid, owner.id, now]);
  await db.query(
    `insert into group_members (gid, user_id, role, joined)
     select $1, id, case when id = $2 then 'owner' else 'member' end, $3 from unnest($4::bigint[]) as t(id)`,
    [gid, owner.id, now, members.map((m) => m.id)],
  );
  if (messages > 0) {
    await db.query(
      `insert into messages (room, idx, from_id, gid, type, content, ts)
       select 'g:' || $1, i, ($2::bigint[])[1 + i % array_length($2::bigint[], 1)], $1, 'text', 'seeded message ' || i, $3::bigint + i
         from generate_series(1, $4::int) i`,
      [gid, members.map((m) => m.id), now, messages],
    );
    await db.query(`insert into room_seq (room, last_idx) values ('g:' || $1, $2)`, [gid, messages]);
  }
  return { owner, members, gid };
}

/** Active accounts with a live session each (only the token's sha256 is stored, as the server does). */
export async function seedPeople(db: Queryable, prefix: string, n: number): Promise<Person[]> {
  const now = Date.now();
  const users = await db.query<{ id: number; name: string }>(
    `insert into users (name, email, password_hash, status, created)
     select $1 || i, '', 'not-a-hash', 'active', $2 from generate_series(1, $3::int) i returning id, name`,
    [prefix, now, n],
  );
  const tokens = users.map(() => randomHex(24));
  await db.query(
    `insert into sessions (token_hash, user_id, created, expires)
     select h, id, $3, $4 from unnest($1::text[], $2::bigint[]) as t(h, id)`,
    [tokens.map((t) => sha256Hex(t)), users.map((u) => u.id), now, now + 86_400_000],
  );
  return users.map((u, i) => ({ id: u.id, name: u.name, cookie: `chat_token=${tokens[i]}` }));
}

interface SearchSetup {
  searcher: Person;
  /** Substrings of messages in the searcher's groups (a few hits each). */
  rare: string[];
  /** Matches every message of the searcher's groups (the trigram index cannot narrow it). */
  common: string;
  /** Matches nothing anywhere. */
  absent: string[];
}

/**
 * `rows` text messages in rows/500 groups of 500 (a full history each); the
 * searcher belongs to 20 of them. Content: `note <group> <i> <md5>`.
 */
async function seedSearchCorpus(db: Queryable, owner: Person, rows: number): Promise<SearchSetup> {
  const groups = Math.ceil(rows / 500);
  const now = Date.now();
  await db.query(
    `insert into groups (gid, name, owner_id, created)
     select 'e' || lpad(to_hex(g), 15, '0'), 'Corpus ' || g, $1, $2 from generate_series(1, $3::int) g`,
    [owner.id, now, groups],
  );
  await db.query(
    `insert into messages (room, idx, from_id, gid, type, content, ts)
     select 'g:e' || lpad(to_hex(g), 15, '0'), i, $1, 'e' || lpad(to_hex(g), 15, '0'), 'text',
            'note ' || g || ' ' || i || ' ' || md5(g || ':' || i), $2::bigint + g * 500 + i
       from generate_series(1, $3::int) g, generate_series(1, 500) i`,
    [owner.id, now, groups],
  );
  await db.query(`insert into room_seq (room, last_idx) select 'g:e' || lpad(to_hex(g), 15, '0'), 500 from generate_series(1, $1::int) g`, [groups]);
  const [searcher] = await seedPeople(db, `q${randomHex(3)}_`, 1);
  const mine = Array.from({ length: Math.min(20, groups) }, (_, k) => 1 + Math.floor((k * groups) / 20));
  await db.query(
    `insert into group_members (gid, user_id, role, joined) select 'e' || lpad(to_hex(g), 15, '0'), $1, 'member', $2 from unnest($3::int[]) g`,
    [searcher!.id, now, mine],
  );
  await db.query('analyze messages');
  const md5 = (await db.query<{ h: string }>(`select md5(g || ':' || i) as h from unnest($1::int[]) g, generate_series(1, 500, 50) i`, [mine])).map((r) => r.h);
  return {
    searcher: searcher!,
    rare: md5.map((h, i) => h.slice(i % 20, (i % 20) + 7)),
    common: 'note',
    absent: Array.from({ length: 20 }, () => `zz${randomHex(3)}`),
  };
}

// ---- fan-out ----

interface FanOutResult {
  /** Acknowledged sends per second. */
  sent: number;
  deliveries: number;
  p50: number;
  p99: number;
  errors: number;
  /** Every latency measured, sorted (ms). */
  latencies: Float64Array;
  /**
   * Per message (paced rounds; sorted once the rounds are pooled): the latency of its first
   * delivery, and the time from its first to its last: what storing adds before anyone hears of a
   * message, and what the writes to 200 sockets (and the client reading them) add after.
   */
  firsts: number[];
  spreads: number[];
}

/**
 * Latencies in one typed array, sized up front for a paced round: a JS array grown by copying
 * would put megabytes into the client's old generation during the round (see collectGarbage).
 */
class Samples {
  private buf: Float64Array;
  private n = 0;

  constructor(expected: number) {
    this.buf = new Float64Array(Math.max(1024, expected));
  }

  push(ms: number): void {
    if (this.n === this.buf.length) {
      const bigger = new Float64Array(this.buf.length * 2);
      bigger.set(this.buf);
      this.buf = bigger;
    }
    this.buf[this.n++] = ms;
  }

  sorted(): Float64Array {
    return this.buf.slice(0, this.n).sort();
  }
}

/**
 * Latency at 20,000 deliveries/s, then saturation, for the app (stored) and,
 * when given, the bare baseline. The paced phase measures the app and the
 * baseline in alternating rounds (app, bare, app, bare) with both sets of
 * sockets connected, after an unmeasured warm-up of each: on a shared machine
 * whose speed drifts from minute to minute, both sides then meet the same
 * minutes, and the p99 is taken over all the rounds of a side
 * (FANOUT_PACED_SECONDS × 100 messages, not the worst few of a short run). With the app's
 * server process (`appPid`) and a baseline, each paced round also says where the machine's CPU
 * went: on two cores shared with Postgres and the 200 receiving clients, the stored path's tail is
 * the insert waiting for a core (docs/benchmarks.md, forty-first session).
 */
async function fanOutRows(appUrls: string[], bare: ServerProcess | undefined, seeded: Seeded, mode: string, appPid?: number): Promise<BenchRow[]> {
  const rate = TARGET_DELIVERIES / MEMBERS;
  step(`fan-out [${mode}]: connecting`);
  const appSockets = await connectAll(
    seeded.members.map((m, i) => ({ url: appUrls[i % appUrls.length]!, cookie: m.cookie })),
  );
  const bareSockets = bare ? await connectAll(seeded.members.map(() => ({ url: bare.url }))) : undefined;
  const side = (sockets: Socket[], payload: (content: string) => Record<string, unknown>) => ({
    sockets,
    run: (opts: { ratePerSec?: number; seconds?: number }) => fanOut(sockets.slice(0, FANOUT_SENDERS), sockets, payload, opts),
  });
  const sides = [
    side(appSockets, (content) => ({ gid: seeded.gid, type: 'text', content })),
    ...(bareSockets ? [side(bareSockets, (content) => ({ content }))] : []),
  ];
  await sleep(1000); // Let the connection burst settle before timing anything.
  // Paced first: latency at a steady rate, not while the database is still clearing up after a
  // saturation burst (trimmed rows, autovacuum).
  step(`fan-out [${mode}]: paced, ${FANOUT_ROUNDS} rounds of ${FANOUT_PACED_SECONDS / FANOUT_ROUNDS} s per side`);
  for (const s of sides) await s.run({ ratePerSec: rate, seconds: 2 });
  const paced: FanOutResult[][] = sides.map(() => []);
  // Each round's stretch of time, to report the machine's own pauses in it.
  const windows: Array<Array<[number, number]>> = sides.map(() => []);
  // Each round's CPU by process (reported when both servers' processes are known).
  const serverPids = appPid !== undefined && bare?.child.pid !== undefined ? [appPid, bare.child.pid] : undefined;
  const cpu: CpuSplit[][] = sides.map(() => []);
  const stallWatch = await watchMachineStalls();
  for (let round = 0; round < FANOUT_ROUNDS; round++) {
    for (const [i, s] of sides.entries()) {
      const from = Date.now();
      const { result, split } = await cpuShares(serverPids ? [serverPids[i]!] : [], () =>
        s.run({ ratePerSec: rate, seconds: FANOUT_PACED_SECONDS / FANOUT_ROUNDS }),
      );
      paced[i]!.push(result);
      cpu[i]!.push(split);
      windows[i]!.push([from, Date.now()]);
    }
  }
  step(`fan-out [${mode}]: saturation`);
  const saturated = [];
  for (const s of sides) saturated.push(await s.run({}));
  for (const s of sides) closeAll(s.sockets);

  stallWatch.stop();
  const stallsText = (i: number) => windows[i]!.map(([from, to]) => stallWatch.between(from, to).longestMs).join(', ');
  const machineStalls = `; the machine's own pauses (an idle process's timer late by > 10 ms), longest per round: app ${stallsText(0)} ms${bare ? `, bare ${stallsText(1)} ms` : ''}`;
  const cpuText = (i: number) => cpu[i]!.map((c) => `${c.busy}: ${c.server}/${c.client}/${c.postgres}`).join(', ');
  const cpuPerRound = serverPids ? `; CPU per round, % of both cores busy: server / client / Postgres: app ${cpuText(0)}; bare ${cpuText(1)}` : '';
  const [appPaced, barePaced] = paced.map(pooled);
  const [appSat, bareSat] = saturated;
  const rounds = (side: FanOutResult[]) => `rounds' p99: ${side.map((r) => r.p99).join(', ')} ms`;
  /** Where a side's latency arises: before a message's first delivery, and between its first and last. */
  const phases = (r: FanOutResult) => `first delivery p50 ${pct(r.firsts, 0.5)} / p99 ${pct(r.firsts, 0.99)} ms, first to last p50 ${pct(r.spreads, 0.5)} / p99 ${pct(r.spreads, 0.99)} ms`;
  const rows: BenchRow[] = [];
  if (bareSat && barePaced) {
    rows.push(
      { name: `bare Socket.IO broadcast to ${MEMBERS}, saturation (baseline)`, value: bareSat.deliveries, unit: 'deliveries/s', note: `${bareSat.sent} acked sends/s, ${FANOUT_SENDERS} senders` },
      { name: `bare Socket.IO broadcast at ${TARGET_DELIVERIES} deliveries/s, p50 / p99 (baseline)`, value: barePaced.p99, unit: 'ms p99', note: `p50 ${barePaced.p50} ms; ${barePaced.deliveries} deliveries/s achieved; ${rounds(paced[1]!)}` },
    );
  }
  rows.push(
    {
      name: `group fan-out to ${MEMBERS}, stored, saturation [${mode}]`,
      value: appSat!.deliveries,
      unit: 'deliveries/s',
      note: `${appSat!.sent} stored msg/s, ${FANOUT_SENDERS} senders; ${bareSat ? `${ratio(appSat!.deliveries, bareSat.deliveries)}× bare (target ≥ 0.6)` : 'receivers on both nodes'}; errors ${appSat!.errors}`,
    },
    ...(barePaced
      ? [
          {
            name: `fan-out p99 at ${TARGET_DELIVERIES} deliveries/s, median of rounds' ratios [${mode}] (issue 17)`,
            value: roundRatios(paced[0]!, paced[1]!).median,
            unit: '× bare p99',
            note: `target ≤ 1.5; ${roundRatios(paced[0]!, paced[1]!).text}; per message, app ${phases(appPaced!)}; bare ${phases(barePaced)}${machineStalls}${cpuPerRound}`,
          },
        ]
      : []),
    {
      name: `group fan-out at ${TARGET_DELIVERIES} deliveries/s, p99 [${mode}]`,
      value: appPaced!.p99,
      unit: 'ms p99',
      note: `p50 ${appPaced!.p50} ms; ${appPaced!.deliveries} deliveries/s achieved${barePaced ? `; ${ratio(appPaced!.p99, barePaced.p99)}× bare p99 (target ≤ 2)` : ''}; ${rounds(paced[0]!)}; errors ${appPaced!.errors}${barePaced ? '' : machineStalls}`,
    },
  );
  return rows;
}

/** Round i's app p99 over the same round's bare p99 (the rounds alternate), and their median. */
function roundRatios(app: FanOutResult[], bare: FanOutResult[]): { median: number; text: string } {
  const r = app.map((a, i) => ratio(a.p99, bare[i]!.p99));
  const sorted = [...r].sort((x, y) => x - y);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, text: `rounds' ratios ${r.join(', ')} (app p99 ${app.map((a) => a.p99).join(', ')} ms; bare ${bare.map((b) => b.p99).join(', ')} ms)` };
}

/** The rounds of one side as one run: latencies pooled, rates averaged. */
function pooled(rounds: FanOutResult[]): FanOutResult {
  const latencies = new Float64Array(rounds.reduce((n, r) => n + r.latencies.length, 0));
  let at = 0;
  for (const r of rounds) {
    latencies.set(r.latencies, at);
    at += r.latencies.length;
  }
  latencies.sort();
  const mean = (f: (r: FanOutResult) => number) => Math.round(rounds.reduce((sum, r) => sum + f(r), 0) / rounds.length);
  const merged = (f: (r: FanOutResult) => number[]) => rounds.flatMap(f).sort((a, b) => a - b);
  return {
    sent: mean((r) => r.sent),
    deliveries: mean((r) => r.deliveries),
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    latencies,
    firsts: merged((r) => r.firsts),
    spreads: merged((r) => r.spreads),
  };
}

/**
 * Senders emit `msg` with an ack (closed loop, or paced at `ratePerSec` across
 * senders) for `seconds` (default BENCH_SECONDS); every receiver counts `msg`
 * events carrying a send time, and the latency from send to receipt. The
 * sender's own copy is its ack (it gets no event), counted the same way, so a
 * message to 200 members is 200 deliveries.
 */
async function fanOut(
  senders: Socket[],
  receivers: Socket[],
  payload: (content: string) => Record<string, unknown>,
  opts: { ratePerSec?: number; seconds?: number },
): Promise<FanOutResult> {
  let deliveries = 0;
  // A paced round's deliveries, with a tenth to spare; a closed loop's grow the array as needed.
  const samples = new Samples(Math.ceil((opts.ratePerSec ?? 0) * (opts.seconds ?? SECONDS) * receivers.length * 1.1));
  // A paced round's messages: [first, last] latency of each (a few hundred small arrays).
  const perMessage = new Map<number, [number, number]>();
  const onMsg = (m: { content?: unknown }) => {
    const sentAt = Number(m.content);
    if (!Number.isFinite(sentAt)) return;
    deliveries++;
    const ms = performance.now() - sentAt;
    samples.push(ms);
    if (!opts.ratePerSec) return;
    const seen = perMessage.get(sentAt);
    if (seen) seen[1] = ms;
    else perMessage.set(sentAt, [ms, ms]);
  };
  collectGarbage();
  await sleep(300); // the collection's sweeping continues on helper threads
  for (const r of receivers) r.on('msg', onMsg);
  let acked = 0;
  let errors = 0;
  const sendOne = async (s: Socket) => {
    const { ok, ms } = await sendTimed(s, payload);
    if (ok) {
      acked++;
      deliveries++;
      samples.push(ms);
    } else errors++;
  };
  const elapsed = await driveSends({ seconds: opts.seconds ?? SECONDS, senders: senders.length, ratePerSec: opts.ratePerSec, send: (i) => sendOne(senders[i]!) });
  // Deliveries of the last acknowledged messages are still on their way.
  await sleep(1000);
  for (const r of receivers) r.off('msg', onMsg);
  const latencies = samples.sorted();
  return {
    sent: Math.round(acked / elapsed),
    deliveries: Math.round(deliveries / elapsed),
    p50: pct(latencies, 0.5),
    p99: pct(latencies, 0.99),
    errors,
    latencies,
    firsts: [...perMessage.values()].map(([first]) => first),
    spreads: [...perMessage.values()].map(([first, last]) => last - first),
  };
}

// ---- direct messages ----

/** Every sender sends to its friend in a closed loop; the senders are spread over `urls`. */
async function dmRun(urls: string[], seeded: Seeded): Promise<{ perSec: number; p50: number; p99: number; errors: number }> {
  const sockets = await connectAll(seeded.senders.map((p, i) => ({ url: urls[i % urls.length]!, cookie: p.cookie })));
  let acked = 0;
  let errors = 0;
  const latencies: number[] = [];
  const start = performance.now();
  const until = start + SECONDS * 1000;
  await Promise.all(
    sockets.map(async (s, i) => {
      const dm = seeded.recipients[i]!.name;
      while (performance.now() < until) {
        const res = await sendTimed(s, (sentAt) => ({ dm, type: 'text', content: `hello ${sentAt}` }));
        latencies.push(res.ms);
        if (res.ok) acked++;
        else errors++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  closeAll(sockets);
  latencies.sort((x, y) => x - y);
  return { perSec: Math.round(acked / elapsed), p50: pct(latencies, 0.5), p99: pct(latencies, 0.99), errors };
}

/** Single-row inserts into a copy of the messages table (same indexes and foreign keys), `concurrency` in flight. */
async function rawInsertRate(db: PostgresDb, seeded: Seeded, concurrency: number, seconds: number): Promise<number> {
  let done = 0;
  const start = performance.now();
  const until = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      const from = seeded.senders[i % seeded.senders.length]!.id;
      const to = seeded.recipients[i % seeded.recipients.length]!.id;
      const room = `raw:${i}`;
      for (let idx = 1; performance.now() < until; idx++) {
        await db.pool.query(
          `insert into bench_raw (room, idx, from_id, to_id, type, content, ts) values ($1, $2, $3, $4, 'text', $5, $6) returning idx`,
          [room, idx, from, to, `hello ${idx}`, Date.now()],
        );
        done++;
      }
    }),
  );
  return Math.round(done / ((performance.now() - start) / 1000));
}

// ---- history and search ----

/** What GET /api/messages reads, as plain rows (no reactions, no JSON). */
const RAW_HISTORY = `select m.idx, u.name, m.type, m.content, m.ts, m.md, m.reply_to, m.recalled, m.file_expired
  from messages m join users u on u.id = m.from_id where m.room = $1 order by m.idx desc limit 100`;

async function rawQueryRate(db: Queryable, sql: string, params: unknown[], concurrency: number, seconds: number): Promise<number> {
  let done = 0;
  const start = performance.now();
  const until = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        await db.query(sql, params);
        done++;
      }
    }),
  );
  return Math.round(done / ((performance.now() - start) / 1000));
}

/** Pages waiting in the search indexes' pending lists (pgstattuple, created in the bench's database). */
async function pendingPages(db: Queryable): Promise<number> {
  const [row] = await db.query<{ pages: number }>(
    `select (select pending_pages from pgstatginindex('messages_gid_text')) + (select pending_pages from pgstatginindex('messages_dm_text')) as pages`,
  );
  return Number(row?.pages ?? 0);
}

/**
 * The corpus was written behind the server's back, so up to 4 MB of it waits in the trigram
 * indexes' pending lists, which every search reads (about 4 ms more each). The server merges them
 * within a second or two of its first searches, as it would have after its own sends: the
 * warm-up searches until the lists are empty (at most 10 s), then the 20 warm-up queries run.
 */
async function warmUpSearch(url: string, cookie: string, db: PostgresDb): Promise<string> {
  const start = performance.now();
  const search = async () => (await fetch(`${url}/api/messages/search?q=warm`, { headers: { cookie } })).arrayBuffer();
  const readable = await db.exec('create extension if not exists pgstattuple').then(
    () => true,
    () => false,
  );
  if (!readable) {
    // A Postgres without its contrib modules: search for 3 s, time enough for the merge here.
    while (performance.now() - start < 3_000) await search();
    return 'pending-list pages unknown (no pgstattuple), 3 s of warm-up';
  }
  const pending = await pendingPages(db);
  while (performance.now() - start < 10_000 && (await pendingPages(db)) > 0) {
    await search();
    await sleep(100);
  }
  const left = await pendingPages(db);
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  return `${pending} pending-list pages after seeding, ${left} left ${seconds} s into the warm-up`;
}

async function searchRows(url: string, setup: SearchSetup, db: PostgresDb): Promise<BenchRow[]> {
  const kinds = { rare: setup.rare, common: [setup.common], absent: setup.absent };
  const times: Record<string, number[]> = { rare: [], common: [], absent: [] };
  const all: number[] = [];
  let hits = 0;
  const merged = await warmUpSearch(url, setup.searcher.cookie, db);
  console.log(`search warm-up: ${merged}`);
  const order = Array.from({ length: SEARCH_QUERIES + 20 }, (_, i) => {
    const kind = (['rare', 'common', 'absent'] as const)[i % 3]!;
    return { kind, q: kinds[kind][i % kinds[kind].length]! };
  });
  const stallWatch = await watchMachineStalls();
  const { results, collections } = await timedGetsInOwnProcess(
    order.map(({ q }) => `${url}/api/messages/search?q=${encodeURIComponent(q)}`),
    { cookie: setup.searcher.cookie },
    'messages',
  );
  const measured = results.slice(20); // the first 20 warm the client up
  const stalls = stallWatch.between(measured[0]!.at, Date.now());
  stallWatch.stop();
  for (const [i, r] of measured.entries()) {
    if (r.status !== 200) throw new Error(`search failed: ${r.status}`);
    hits += r.count;
    times[order[i + 20]!.kind]!.push(r.ms);
    all.push(r.ms);
  }
  for (const t of Object.values(times)) t.sort((x, y) => x - y);
  all.sort((x, y) => x - y);
  const rowsNote = `${SEARCH_ROWS.toLocaleString('en')} stored messages, searcher in 20 of ${Math.ceil(SEARCH_ROWS / 500)} groups`;
  return [
    {
      name: 'GET /api/messages/search, p99 [cluster]',
      value: pct(all, 0.99),
      unit: 'ms',
      note: `target < 15 ms (issue 17; < 50 before); p50 ${pct(all, 0.5)} ms; ${rowsNote}; ${SEARCH_QUERIES} sequential queries, ${hits} hits; ${merged}; the machine's own pauses meanwhile (an idle process's timer late by > 10 ms): ${stalls.count}, longest ${stalls.longestMs} ms; the client's own collections over 2 ms (a process of its own): ${collections.count}, longest ${collections.longestMs} ms`,
    },
    {
      name: 'search p99 by query kind [cluster]',
      value: Math.max(...Object.values(times).map((t) => pct(t, 0.99))),
      unit: 'ms',
      note: `rare substring ${pct(times.rare!, 0.99)} ms, every message matches ${pct(times.common!, 0.99)} ms, no match ${pct(times.absent!, 0.99)} ms`,
    },
  ];
}

// ---- memory ----

/** Resident memory of a server per idle connection (authenticated for the app), against a bare Socket.IO server. */
async function memoryRows(app: ServerProcess, bare: ServerProcess, people: Person[]): Promise<BenchRow[]> {
  const perSocket = async (server: ServerProcess, targets: Array<{ url: string; cookie?: string }>) => {
    await sleep(500);
    const before = rss(server);
    const sockets = await connectAll(targets);
    await sleep(1500);
    const after = rss(server);
    closeAll(sockets);
    // 10,000 app sockets then 10,000 bare ones would pass the 20,000 open files allowed here if
    // the first ones were still closing.
    await fdsBelow(2_000, 15_000);
    return Math.round((after - before) / targets.length);
  };
  step('memory per socket');
  const appBytes = await perSocket(app, people.map((p) => ({ url: app.url, cookie: p.cookie })));
  const bareBytes = await perSocket(bare, people.map(() => ({ url: bare.url })));
  return [
    { name: 'idle bare Socket.IO connection (baseline)', value: Math.round(bareBytes / 1024), unit: 'KiB RSS', note: `${people.length} connections` },
    {
      name: 'idle authenticated connection [embedded]',
      value: Math.round(appBytes / 1024),
      unit: 'KiB RSS',
      note: `${ratio(appBytes, bareBytes)}× bare (target ≤ 1.5); ${people.length} connections`,
    },
  ];
}

/** Resident set size of a child process, from /proc. */
function rss(server: ServerProcess): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

// ---- helpers ----

export async function connectAll(targets: Array<{ url: string; cookie?: string }>, batch = 50): Promise<Socket[]> {
  const out: Socket[] = [];
  for (let i = 0; i < targets.length; i += batch) {
    out.push(...(await Promise.all(targets.slice(i, i + batch).map((t) => connectOne(t.url, t.cookie)))));
  }
  return out;
}

function connectOne(url: string, cookie?: string): Promise<Socket> {
  const s = io(url, { path: '/ws', transports: ['websocket'], extraHeaders: cookie ? { cookie } : {}, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('socket not ready in 20 s')), 20_000);
    s.once('ready', () => {
      clearTimeout(t);
      resolve(s);
    });
    s.once('connect_error', (err) => {
      clearTimeout(t);
      reject(err);
    });
  });
}

/** Waits (at most `ms`) until this process has fewer than `n` open file descriptors (Linux). */
async function fdsBelow(n: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (readdirSync('/proc/self/fd').length >= n && Date.now() < until) await sleep(100);
}

export function closeAll(sockets: Socket[]): void {
  for (const s of sockets) s.disconnect();
}


export const pct = (sorted: ArrayLike<number>, q: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 100) / 100 : 0);

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// `npx tsx test/bench/messages.bench.ts` prints the figures (cluster mode too with BENCH_DATABASE_URL and BENCH_REDIS_URL).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  console.table(await run());
  console.log(`run time ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(0);
}
