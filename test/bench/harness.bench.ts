import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import argon2 from 'argon2';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { migrate } from '../../src/db/migrate.ts';
import { PostgresDb } from '../../src/db/postgres.ts';
import { randomHex } from '../../src/lib/crypto.ts';
import { type Argon2, argon2Build } from '../../src/modules/auth/argon2.ts';
import { type BenchRow, cpuShares, load, ratio, type ServerProcess, sleep, spawnServer } from './lib.ts';
import { closeAll, connectAll, type Person, pct, seedGroup, seedPeople, withDatabase } from './messages.bench.ts';
import { harnessUpload } from './uploads.bench.ts';

/**
 * Issue 17: the figures an outside harness measured, each by the harness's own method, in cluster
 * mode (BENCH_DATABASE_URL: a database is created beside it per figure and dropped; BENCH_REDIS_URL
 * with a unique prefix), each beside its bare baseline measured in the same run. Every row says
 * value, baseline, ratio and target. run.ts runs each figure as a suite of its own
 * (`npm run bench "issue 17: history"` runs one alone). Durations shrink with env knobs for quick
 * checks: BENCH_HTTP_SECONDS (autocannon, 10), BENCH_DM_PER_PAIR (450), BENCH_NODES_SECONDS (6),
 * BENCH_LOGIN_SECONDS (8), BENCH_UPLOAD_REPEATS (3).
 */

const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const DM_PAIRS = 200;
const DM_PER_PAIR = Number(process.env.BENCH_DM_PER_PAIR ?? 450);
/** A cap on the DM run, should the server stall. */
const DM_MAX_SECONDS = 180;
const NODES_SECONDS = Number(process.env.BENCH_NODES_SECONDS ?? 6);
const NODES_ROUNDS = 2;
const LOGIN_SECONDS = Number(process.env.BENCH_LOGIN_SECONDS ?? 8);
const PASSWORD = 'Bench-pass-2024';

const benchStart = Date.now();
const step = (what: string) => console.error(`[issue 17 +${Math.round((Date.now() - benchStart) / 1000)}s] ${what}`);

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

interface Cluster {
  url: string;
  db: PostgresDb;
  env: Record<string, string>;
}

/** A fresh, migrated database and a unique Redis prefix for `fn`; the database is dropped afterwards. */
async function withCluster<T>(fn: (c: Cluster) => Promise<T>): Promise<T> {
  const { BENCH_DATABASE_URL: baseUrl, BENCH_REDIS_URL: redisUrl } = process.env;
  if (!baseUrl || !redisUrl) throw new Error('issue 17 figures need BENCH_DATABASE_URL and BENCH_REDIS_URL (cluster mode)');
  const dbName = `chat_bench_h17_${Date.now()}_${randomHex(2)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = withDatabase(baseUrl, dbName);
  const db = PostgresDb.connect(url, 4);
  try {
    await migrate(db);
    return await fn({ url, db, env: { DATABASE_URL: url, REDIS_URL: redisUrl, REDIS_PREFIX: `benchh17${Date.now()}${randomHex(2)}:` } });
  } finally {
    await db.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

async function stopAll(servers: ServerProcess[]): Promise<void> {
  for (const s of servers.reverse()) await s.stop();
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown>; cookie?: string | undefined }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cookie: res.headers.getSetCookie()[0]?.split(';')[0] };
}

/** Up to `concurrency` of `fn(i)` for i in 0..n-1 at a time. */
async function pool(n: number, concurrency: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, concurrency) }, async () => {
      for (let i = next++; i < n; i = next++) await fn(i);
    }),
  );
}

// ---- direct messages ----

/**
 * 200 friends in a ring (person i writes to person i+1), every sender in a closed loop of acked
 * `msg {dm}` over Socket.IO, at most BENCH_DM_PER_PAIR (450) each; then each pair's history is read
 * back with limit=500 and every acked message must be there exactly once. Baseline: the same number
 * of single-row `INSERT … RETURNING` into a copy of the messages table (same indexes and foreign
 * keys), 200 loops through a pg Pool of 8.
 */
export async function dms(): Promise<BenchRow[]> {
  return withCluster(async ({ url, db, env }) => {
    step('dm: seeding');
    const people = await seedPeople(db, `d${randomHex(3)}_`, DM_PAIRS);
    const next = (i: number) => people[(i + 1) % people.length]!;
    await db.query(
      `insert into friendships (user_lo, user_hi, created)
       select least(a, b), greatest(a, b), $3 from unnest($1::bigint[], $2::bigint[]) as t(a, b)`,
      [people.map((p) => p.id), people.map((_, i) => next(i).id), Date.now()],
    );
    await db.exec(
      `create table bench_raw (like messages including all);
       alter table bench_raw add foreign key (from_id) references users (id), add foreign key (to_id) references users (id);
       analyze`,
    );
    const servers = [await spawnServer('test/bench/app-server.ts', env)];
    try {
      const node = servers[0]!;
      const sockets = await connectAll(people.map((p) => ({ url: node.url, cookie: p.cookie })));
      step(`dm: ${DM_PAIRS} senders, up to ${DM_PER_PAIR} each`);
      const acked: string[][] = people.map(() => []);
      let errors = 0;
      const start = performance.now();
      const until = start + DM_MAX_SECONDS * 1000;
      const { text: sendCpu } = await cpuShares([node.child.pid!], () => Promise.all(
        sockets.map(async (s, i) => {
          const dm = next(i).name;
          for (let k = 0; k < DM_PER_PAIR && performance.now() < until; k++) {
            const content = `dm ${i} ${k} ${randomHex(4)}`;
            const res = (await s
              .timeout(30_000)
              .emitWithAck('msg', { dm, type: 'text', content })
              .catch(() => ({ ok: false }))) as { ok: boolean };
            if (res.ok) acked[i]!.push(content);
            else errors++;
          }
        }),
      ));
      const elapsed = (performance.now() - start) / 1000;
      closeAll(sockets);
      const total = acked.reduce((n, a) => n + a.length, 0);
      const perSec = Math.round(total / elapsed);

      step('dm: reading back');
      let missing = 0;
      let duplicated = 0;
      let readErrors = 0;
      await pool(people.length, 8, async (i) => {
        const res = await fetch(`${node.url}/api/messages?dm=${encodeURIComponent(next(i).name)}&limit=500`, { headers: { cookie: people[i]!.cookie } });
        if (!res.ok) {
          readErrors++;
          return;
        }
        const seen = new Map<string, number>();
        for (const m of ((await res.json()) as { messages: Array<{ content: string }> }).messages) seen.set(m.content, (seen.get(m.content) ?? 0) + 1);
        for (const c of acked[i]!) {
          const n = seen.get(c) ?? 0;
          if (n === 0) missing++;
          else if (n > 1) duplicated++;
        }
      });

      step('dm: raw inserts (baseline)');
      const { result: raw, text: rawCpu } = await cpuShares([], () => rawInserts(url, people, acked.map((a) => a.length)));
      const r = ratio(perSec, raw);
      const exact = missing === 0 && duplicated === 0 && readErrors === 0 && errors === 0;
      return [
        {
          name: `direct messages stored, ${DM_PAIRS} pairs in a ring, closed loop [cluster] (issue 17)`,
          value: perSec,
          unit: 'stored msg/s',
          note:
            `baseline raw INSERT … RETURNING, pool of 8: ${raw} rows/s; ${r}× (target ≥ 1.0, moonshot 2): ${verdict(r >= 1)}; ` +
            `${total} acked in ${elapsed.toFixed(1)} s (≤ ${DM_PER_PAIR} per pair); read back with limit=500: missing ${missing}, duplicated ${duplicated}, ` +
            `read errors ${readErrors}, send errors ${errors}: ${exact ? 'exactly once' : 'NOT exactly once'}; sending: ${sendCpu}; raw inserts: ${rawCpu}`,
        },
      ];
    } finally {
      await stopAll(servers);
    }
  });
}

/** `counts[i]` single-row inserts for pair i (all pairs at once) through a pool of 8; rows/s. */
async function rawInserts(url: string, people: Person[], counts: number[]): Promise<number> {
  const p = new pg.Pool({ connectionString: url, max: 8 });
  try {
    await p.query('select 1');
    let done = 0;
    const start = performance.now();
    await Promise.all(
      counts.map(async (n, i) => {
        const from = people[i]!.id;
        const to = people[(i + 1) % people.length]!.id;
        const room = `raw:${Math.min(from, to)}:${Math.max(from, to)}`;
        for (let idx = 1; idx <= n; idx++) {
          await p.query(
            `insert into bench_raw (room, idx, from_id, to_id, type, content, ts) values ($1, $2, $3, $4, 'text', $5, $6) returning idx, ts`,
            [room, idx, from, to, `dm ${i} ${idx} ${randomHex(4)}`, Date.now()],
          );
          done++;
        }
      }),
    );
    return Math.round(done / ((performance.now() - start) / 1000));
  } finally {
    await p.end();
  }
}

// ---- history ----

/**
 * autocannon, 50 connections, BENCH_HTTP_SECONDS (10) s, `GET /api/messages?gid=` of a 200-member
 * group holding 500 messages (the whole kept history: no limit) with the session cookie. Baseline: a
 * bare Express answering the identical body, parsed once and sent with `res.json` on every request.
 */
export async function history(): Promise<BenchRow[]> {
  return withCluster(async ({ db, env }) => {
    step('history: seeding');
    const { owner, gid } = await seedGroup(db, 200, 500);
    await db.exec('vacuum analyze');
    const servers = [await spawnServer('test/bench/app-server.ts', env)];
    const dir = mkdtempSync(path.join(tmpdir(), 'chat-bench-h17-'));
    try {
      const app = servers[0]!;
      const pathQ = `/api/messages?gid=${gid}`;
      const first = await fetch(`${app.url}${pathQ}`, { headers: { cookie: owner.cookie } });
      const body = await first.text();
      const count = (JSON.parse(body) as { messages: unknown[] }).messages.length;
      if (!first.ok || count < 500) throw new Error(`history seed: ${first.status}, ${count} messages`);
      const bodyFile = path.join(dir, 'body.json');
      writeFileSync(bodyFile, body);
      servers.push(await spawnServer('test/bench/bare-json-server.ts', { BENCH_BODY_FILE: bodyFile, BENCH_BODY_PATH: '/api/messages' }));
      const bare = servers[1]!;
      step('history: bare, then app');
      const base = await load(`${bare.url}${pathQ}`, { seconds: HTTP_SECONDS, connections: 50 });
      const hist = await load(`${app.url}${pathQ}`, { seconds: HTTP_SECONDS, connections: 50, headers: { cookie: owner.cookie } });
      const r = ratio(hist.rps, base.rps);
      const p99r = ratio(hist.p99, base.p99);
      return [
        {
          name: 'GET /api/messages?gid=, 200 members, 500 messages, 50 connections [cluster] (issue 17)',
          value: hist.rps,
          unit: 'req/s',
          note:
            `baseline bare Express, identical body (${Math.round(body.length / 1024)} KiB) by res.json: ${base.rps} req/s, p99 ${base.p99} ms; ` +
            `${r}× (target ≥ 0.5): ${verdict(r >= 0.5)}; p99 ${hist.p99} ms = ${p99r}× (target ≤ 2): ${verdict(p99r <= 2)}; non-2xx ${hist.non2xx}`,
        },
      ];
    } finally {
      await stopAll(servers);
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

// ---- two nodes against one ----

interface NodesRun {
  deliveries: number;
  sent: number;
  errors: number;
}

/**
 * A group of 201: one sender and 200 receivers. The sender (on node 1) keeps at most 16 acked
 * messages in flight; deliveries/s are the `msg` events the receivers get. Two nodes: 100
 * receivers on each; one node (the same run, rounds interleaved): all 200 on node 1.
 */
export async function twoNodes(): Promise<BenchRow[]> {
  return withCluster(async ({ db, env }) => {
    step('two nodes: seeding');
    const { members, gid } = await seedGroup(db, 201, 0);
    const [sender, ...receivers] = members;
    const servers = [await spawnServer('test/bench/app-server.ts', env), await spawnServer('test/bench/app-server.ts', env)];
    try {
      const urls = servers.map((s) => s.url);
      const measure = async (mode: string, nodeOf: (i: number) => number): Promise<NodesRun> => {
        step(`two nodes: ${mode}`);
        const senderSocket = (await connectAll([{ url: urls[0]!, cookie: sender!.cookie }]))[0]!;
        const sockets = await connectAll(receivers.map((p, i) => ({ url: urls[nodeOf(i)]!, cookie: p.cookie })));
        await sleep(500);
        const result = await closedLoop(senderSocket, sockets, gid);
        closeAll([senderSocket, ...sockets]);
        await sleep(500);
        return result;
      };
      const one: NodesRun[] = [];
      const two: NodesRun[] = [];
      for (let r = 0; r < NODES_ROUNDS; r++) {
        one.push(await measure(`round ${r + 1}, one node, 200 receivers`, () => 0));
        two.push(await measure(`round ${r + 1}, two nodes, 100 receivers each`, (i) => (i < 100 ? 0 : 1)));
      }
      const mean = (runs: NodesRun[]) => Math.round(runs.reduce((n, x) => n + x.deliveries, 0) / runs.length);
      const r = ratio(mean(two), mean(one));
      const errors = [...one, ...two].reduce((n, x) => n + x.errors, 0);
      return [
        {
          name: 'group deliveries, two nodes (100 receivers each), sender on node 1, ≤ 16 in flight [cluster] (issue 17)',
          value: mean(two),
          unit: 'deliveries/s',
          note:
            `baseline one node with 200 receivers, same run: ${mean(one)} deliveries/s; ${r}× (target ≥ 0.9): ${verdict(r >= 0.9)}; ` +
            `means of ${NODES_ROUNDS} interleaved rounds of ${NODES_SECONDS} s (one node ${one.map((x) => x.deliveries).join(', ')}; two ${two.map((x) => x.deliveries).join(', ')}); ` +
            `${mean(two) > 0 ? Math.round(two.reduce((n, x) => n + x.sent, 0) / two.length) : 0} msg/s; errors ${errors}`,
        },
      ];
    } finally {
      await stopAll(servers);
    }
  });
}

/** The sender keeps 16 acked sends in flight for NODES_SECONDS; receivers count their `msg` events. */
async function closedLoop(sender: Socket, receivers: Socket[], gid: string): Promise<NodesRun> {
  let deliveries = 0;
  const onMsg = () => {
    deliveries++;
  };
  for (const s of receivers) s.on('msg', onMsg);
  let sent = 0;
  let errors = 0;
  const start = performance.now();
  const until = start + NODES_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < until) {
        const res = (await sender
          .timeout(30_000)
          .emitWithAck('msg', { gid, type: 'text', content: `n ${sent}` })
          .catch(() => ({ ok: false }))) as { ok: boolean };
        if (res.ok) sent++;
        else errors++;
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  // The last acked messages' deliveries are still on their way: wait until every one has arrived (5 s at most).
  const deadline = performance.now() + 5000;
  while (deliveries < sent * receivers.length && performance.now() < deadline) await sleep(50);
  for (const s of receivers) s.off('msg', onMsg);
  return { deliveries: Math.round(deliveries / elapsed), sent: Math.round(sent / elapsed), errors };
}

// ---- logins ----

/** argon2id verifications per second with the server's parameters in 2 parallel loops, for LOGIN_SECONDS. */
async function verifyRate(build: Argon2): Promise<number> {
  const hash = await build.hash(PASSWORD, { type: build.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  let verified = 0;
  const start = performance.now();
  const until = start + LOGIN_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      while (performance.now() < until) {
        await build.verify(hash, PASSWORD);
        verified++;
      }
    }),
  );
  return Math.round((verified / (performance.now() - start)) * 1000);
}

/**
 * `POST /api/login`, correct passwords, 8 users round-robin, 4 requests in flight, each request
 * from its own `X-Forwarded-For` address (the server trusts it from loopback here:
 * TRUST_PROXY=loopback). Baseline: argon2id verify (m=19456, t=2, p=1) in 2 parallel loops.
 */
export async function logins(): Promise<BenchRow[]> {
  return withCluster(async ({ env }) => {
    const servers = [await spawnServer('test/bench/app-server.ts', { ...env, REGISTRATION: 'open', TRUST_PROXY: 'loopback' })];
    try {
      const app = servers[0]!;
      let address = 0;
      const xff = () => {
        address++;
        return { 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` };
      };
      const names = Array.from({ length: 8 }, (_, i) => `login${i}${randomHex(3)}`);
      for (const name of names) {
        const r = await postJson(`${app.url}/api/register`, { name, password: PASSWORD, email: `${name}@example.com` }, xff());
        if (r.status !== 200) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
      }
      step('logins: app');
      const { result: appRun, text: appCpu } = await cpuShares([app.child.pid!], () => loginLoop(app.url, names, xff));

      // The same client against a server that only parses, hashes and answers: the ceiling of a
      // login over HTTP on this machine, same run.
      step('logins: bare HTTP + argon2id server (ceiling)');
      const bare = await spawnServer('test/bench/bare-login-server.ts', { BENCH_PASSWORD: PASSWORD });
      servers.push(bare);
      const { result: bareRun, text: bareCpu } = await cpuShares([bare.child.pid!], () => loginLoop(bare.url, names, xff));
      await bare.stop();

      // The baseline is the argon2 package as npm installs it (its portable addon), as an outside
      // harness gets it; the build the server hashes with (compiled for this CPU at install, when
      // it could be) is measured the same way beside it.
      step('logins: argon2id (baseline)');
      const base = await verifyRate(argon2);
      const host = await argon2Build();
      const hostRate = host.variant === 'portable' ? base : await verifyRate(host.argon2);
      const hostNote =
        host.variant === 'portable'
          ? 'the server hashes with the same portable addon'
          : `the server's build (${host.variant}): ${hostRate} verify/s, ${ratio(appRun.rate, hostRate)}× of it`;
      const r = ratio(appRun.rate, base);
      return [
        {
          name: 'POST /api/login, 8 users round-robin, 4 in flight, distinct X-Forwarded-For [cluster] (issue 17)',
          value: appRun.rate,
          unit: 'login/s',
          note: `baseline argon2id verify (the argon2 package's portable addon), 2 loops: ${base} verify/s; ${r}× (target ≥ 0.85): ${verdict(r >= 0.85)}; ${hostNote}; ${ratio(appRun.rate, bareRun.rate)}× the bare login server; p99 ${appRun.p99} ms; failed ${appRun.failed}; ${appCpu}`,
        },
        {
          name: 'POST /api/login against a bare HTTP + argon2id server, same client (ceiling)',
          value: bareRun.rate,
          unit: 'login/s',
          note: `${ratio(bareRun.rate, base)}× the argon2id baseline, ${ratio(bareRun.rate, hostRate)}× its own build's verify rate: Express parsing the body, one verification with the server's build (one per core at a time), a cookie; no lockout, lookup or session; p99 ${bareRun.p99} ms; failed ${bareRun.failed}; ${bareCpu}`,
        },
      ];
    } finally {
      await stopAll(servers);
    }
  });
}

/** The logins row's client: 4 loops of `POST /api/login` round-robin over `names` for LOGIN_SECONDS. */
async function loginLoop(url: string, names: string[], xff: () => Record<string, string>): Promise<{ rate: number; p99: number; failed: number }> {
  let n = 0;
  let ok = 0;
  let failed = 0;
  const latencies: number[] = [];
  const start = performance.now();
  const until = start + LOGIN_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (performance.now() < until) {
        const name = names[n++ % names.length]!;
        const t = performance.now();
        const r = await postJson(`${url}/api/login`, { username: name, password: PASSWORD }, xff());
        latencies.push(performance.now() - t);
        if (r.status === 200) ok++;
        else failed++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rate: Math.round((ok / (performance.now() - start)) * 1000), p99: pct(latencies, 0.99), failed };
}

// ---- GET /api/me ----

/**
 * autocannon, 50 connections, BENCH_HTTP_SECONDS (10) s: `GET /api/me` with the session cookie,
 * and with 40 API keys (rateLimit 6000 each) in rotation request by request. Baseline: bare
 * Express returning a fixed JSON, same run.
 */
export async function me(): Promise<BenchRow[]> {
  return withCluster(async ({ env }) => {
    const servers = [await spawnServer('test/bench/bare-server.ts'), await spawnServer('test/bench/app-server.ts', { ...env, REGISTRATION: 'open' })];
    try {
      const [bare, app] = servers as [ServerProcess, ServerProcess];
      const name = `me${randomHex(3)}`;
      await postJson(`${app.url}/api/register`, { name, password: PASSWORD, email: `${name}@example.com` });
      const { cookie } = await postJson(`${app.url}/api/login`, { username: name, password: PASSWORD });
      if (!cookie) throw new Error('bench login failed');
      const keys: Array<Record<string, string>> = [];
      for (let i = 0; i < 40; i++) {
        const r = await postJson(`${app.url}/api/keys`, { name: `k${i}`, scopes: ['profile.read'], rateLimit: 6000 }, { cookie });
        keys.push({ 'x-api-key': String(r.body.plaintext) });
      }
      step('/api/me: bare, cookie, keys');
      const { result: base, text: baseCpu } = await cpuShares([bare.child.pid!], () => load(`${bare.url}/api/me`, { seconds: HTTP_SECONDS, connections: 50 }));
      const byCookie = await cpuShares([app.child.pid!], () => load(`${app.url}/api/me`, { seconds: HTTP_SECONDS, connections: 50, headers: { cookie } }));
      const byKey = await cpuShares([app.child.pid!], () => load(`${app.url}/api/me`, { seconds: HTTP_SECONDS, connections: 50, perRequestHeaders: keys }));
      const row = (what: string, { result: l, text }: typeof byCookie): BenchRow => {
        const r = ratio(l.rps, base.rps);
        return {
          name: `GET /api/me, ${what}, 50 connections [cluster] (issue 17)`,
          value: l.rps,
          unit: 'req/s',
          note: `baseline bare Express fixed JSON: ${base.rps} req/s, p99 ${base.p99} ms (${baseCpu}); ${r}× (target ≥ 0.7): ${verdict(r >= 0.7)}; p99 ${l.p99} ms; non-2xx ${l.non2xx}; ${text}`,
        };
      };
      return [row('session cookie', byCookie), row('40 API keys in rotation', byKey)];
    } finally {
      await stopAll(servers);
    }
  });
}

// ---- uploads ----

/** The chunked 100 MB upload against min(raw write, sha256), in cluster mode (disk store). */
export async function upload(): Promise<BenchRow[]> {
  return withCluster(({ env }) => harnessUpload(env, 'cluster'));
}

/** The same upload figure in embedded mode (PGlite in the data directory, no Redis): needs no services. */
export async function uploadEmbedded(): Promise<BenchRow[]> {
  return harnessUpload({}, 'embedded');
}

/** `npx tsx test/bench/harness.bench.ts [dms|history|twoNodes|logins|me|upload|uploadEmbedded]`: the figures (all without an argument). */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const all = { dms, history, twoNodes, logins, me, upload, uploadEmbedded };
  const which = process.argv[2] ? [process.argv[2] as keyof typeof all] : (Object.keys(all) as Array<keyof typeof all>);
  for (const w of which) console.table(await all[w]());
  process.exit(0);
}
