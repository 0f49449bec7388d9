import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { migrate } from '../../src/db/migrate.ts';
import { PostgresDb } from '../../src/db/postgres.ts';
import { randomHex } from '../../src/lib/crypto.ts';
import { type BenchRow, driveSends, ratio, type ServerProcess, sendTimed, sleep, spawnServer } from './lib.ts';
import { closeAll, connectAll, pct, seedPeople, withDatabase } from './messages.bench.ts';

/**
 * Three app nodes against one node, in the same run (issue #7): one group of
 * 150 members, senders in a closed loop (saturation) and paced (latency).
 * With three nodes, members and senders are spread over the nodes as a
 * round-robin balancer would (member i on node i mod 3), so two thirds of the
 * deliveries cross nodes through Redis (sharded pub/sub); the one-node run
 * has every member and sender on one node. Reported: deliveries/s, cross-node
 * deliveries/s, and p50/p99 from send to receipt, cross-node and same-node
 * apart. Two interleaved rounds per mode, the best of each reported (all
 * rounds in the notes). Needs BENCH_DATABASE_URL (a database is created beside it and
 * dropped at the end) and BENCH_REDIS_URL. About a minute.
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = 2;
const MEMBERS = 150;
/** Concurrent senders (closed loop: each waits for its ack). */
const SENDERS = 12;
const PACED_DELIVERIES = 10_000;
const NODES = 3;

const benchStart = Date.now();
const step = (what: string) => console.error(`[cluster bench +${Math.round((Date.now() - benchStart) / 1000)}s] ${what}`);

interface Run {
  deliveries: number;
  cross: number;
  sent: number;
  crossP50: number;
  crossP99: number;
  localP50: number;
  localP99: number;
  errors: number;
}

export async function run(): Promise<BenchRow[]> {
  const { BENCH_DATABASE_URL: baseUrl, BENCH_REDIS_URL: redisUrl } = process.env;
  if (!baseUrl || !redisUrl) throw new Error('the cluster benchmark needs BENCH_DATABASE_URL and BENCH_REDIS_URL');
  const dbName = `chat_bench_cl_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = withDatabase(baseUrl, dbName);
  const servers: ServerProcess[] = [];
  try {
    step('seeding');
    const db = PostgresDb.connect(url, 4);
    await migrate(db);
    const members = await seedPeople(db, `c${randomHex(3)}_`, MEMBERS);
    const gid = randomHex(8);
    const now = Date.now();
    await db.query(`insert into groups (gid, name, owner_id, created) values ($1, 'Cluster bench', $2, $3)`, [gid, members[0]!.id, now]);
    await db.query(
      `insert into group_members (gid, user_id, role, joined)
       select $1, id, case when id = $2 then 'owner' else 'member' end, $3 from unnest($4::bigint[]) as t(id)`,
      [gid, members[0]!.id, now, members.map((m) => m.id)],
    );
    await db.close();

    const env = { DATABASE_URL: url, REDIS_URL: redisUrl, REDIS_PREFIX: `benchcl${Date.now()}:`, ROLES: 'api,realtime' };
    for (let i = 0; i < NODES; i++) servers.push(await spawnServer('test/bench/app-server.ts', env));
    const urls = servers.map((s) => s.url);
    step('servers up');

    // Members i and senders i (the first SENDERS members) on node nodeOf(i).
    const measure = async (mode: string, nodeOf: (i: number) => number) => {
      step(`${mode}: connecting ${MEMBERS} members`);
      const sockets = await connectAll(members.map((m, i) => ({ url: urls[nodeOf(i)]!, cookie: m.cookie })));
      const nodes = members.map((_, i) => nodeOf(i));
      const payload = (i: number) => (content: string) => ({ gid, type: 'text', content: `${content}|${nodes[i]}` });
      step(`${mode}: saturation`);
      const sat = await fanOut(sockets, nodes, payload, {});
      step(`${mode}: paced at ${PACED_DELIVERIES} deliveries/s`);
      const paced = await fanOut(sockets, nodes, payload, { ratePerSec: PACED_DELIVERIES / MEMBERS });
      closeAll(sockets);
      return { sat, paced };
    };
    // Interleaved rounds, so load from elsewhere on a shared machine hits both modes alike.
    const ones: Array<{ sat: Run; paced: Run }> = [];
    const threes: Array<{ sat: Run; paced: Run }> = [];
    for (let r = 0; r < ROUNDS; r++) {
      ones.push(await measure(`round ${r + 1}, 1 node`, () => 0));
      threes.push(await measure(`round ${r + 1}, ${NODES} nodes`, (i) => i % NODES));
    }
    // Best round per mode (most deliveries; lowest p99); every round is listed in the notes.
    const best = (runs: Array<{ sat: Run; paced: Run }>) => ({
      sat: runs.reduce((a, b) => (b.sat.deliveries > a.sat.deliveries ? b : a)).sat,
      paced: runs.reduce((a, b) => (latencyOf(b.paced) < latencyOf(a.paced) ? b : a)).paced,
    });
    const latencyOf = (r: Run) => (r.crossP99 > 0 ? r.crossP99 : r.localP99);
    const one = best(ones);
    const three = best(threes);
    const rounds = (runs: Array<{ sat: Run; paced: Run }>, f: (r: { sat: Run; paced: Run }) => number) => `rounds: ${runs.map(f).join(', ')}`;

    const note = (r: Run) => `${r.sent} stored msg/s, ${SENDERS} senders; errors ${r.errors}`;
    return [
      {
        name: `group fan-out to ${MEMBERS}, saturation [1 node] (baseline)`,
        value: one.sat.deliveries,
        unit: 'deliveries/s',
        note: `${note(one.sat)}; ${rounds(ones, (r) => r.sat.deliveries)}`,
      },
      {
        name: `group fan-out to ${MEMBERS}, saturation [${NODES} nodes, members and senders spread]`,
        value: three.sat.deliveries,
        unit: 'deliveries/s',
        note: `${ratio(three.sat.deliveries, one.sat.deliveries)}× one node; ${note(three.sat)}; ${rounds(threes, (r) => r.sat.deliveries)}`,
      },
      {
        name: `cross-node deliveries, saturation [${NODES} nodes]`,
        value: three.sat.cross,
        unit: 'deliveries/s',
        note: `${ratio(three.sat.cross, three.sat.deliveries)} of all deliveries (receiver on another node than the sender)`,
      },
      {
        name: `delivery p99 at ${PACED_DELIVERIES} deliveries/s [1 node] (baseline)`,
        value: one.paced.localP99,
        unit: 'ms p99',
        note: `p50 ${one.paced.localP50} ms; ${one.paced.deliveries} deliveries/s achieved; errors ${one.paced.errors}; ${rounds(ones, (r) => r.paced.localP99)}`,
      },
      {
        name: `cross-node delivery p99 at ${PACED_DELIVERIES} deliveries/s [${NODES} nodes]`,
        value: three.paced.crossP99,
        unit: 'ms p99',
        note:
          `${ratio(three.paced.crossP99, one.paced.localP99)}× one node; p50 ${three.paced.crossP50} ms; same-node in this run: ` +
          `p50 ${three.paced.localP50} ms, p99 ${three.paced.localP99} ms; ${three.paced.deliveries} deliveries/s achieved; errors ${three.paced.errors}; ` +
          rounds(threes, (r) => r.paced.crossP99),
      },
    ];
  } finally {
    for (const s of servers.reverse()) await s.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

/**
 * The first SENDERS sockets send (closed loop, or paced at `ratePerSec`
 * across them); every socket counts the `msg` events carrying a send time and
 * the sender's node, and the latency from send to receipt, split by whether
 * it crossed nodes.
 */
async function fanOut(
  sockets: Socket[],
  nodes: number[],
  payload: (i: number) => (content: string) => Record<string, unknown>,
  opts: { ratePerSec?: number },
): Promise<Run> {
  let deliveries = 0;
  let cross = 0;
  const crossLat: number[] = [];
  const localLat: number[] = [];
  const handlers = sockets.map((s, i) => {
    const onMsg = (m: { content?: unknown }) => {
      const [at, from] = String(m.content).split('|');
      const sentAt = Number(at);
      if (!Number.isFinite(sentAt)) return;
      deliveries++;
      const ms = performance.now() - sentAt;
      if (Number(from) !== nodes[i]) {
        cross++;
        crossLat.push(ms);
      } else localLat.push(ms);
    };
    s.on('msg', onMsg);
    return onMsg;
  });
  let acked = 0;
  let errors = 0;
  const sendOne = async (i: number) => {
    const { ok, ms } = await sendTimed(sockets[i]!, payload(i));
    if (ok) {
      // The sender's own copy is its ack (no event to the sending connection): a same-node delivery.
      acked++;
      deliveries++;
      localLat.push(ms);
    } else errors++;
  };
  const elapsed = await driveSends({ seconds: SECONDS, senders: SENDERS, ratePerSec: opts.ratePerSec, send: sendOne });
  // Deliveries of the last acknowledged messages are still on their way.
  await sleep(1000);
  for (const [i, s] of sockets.entries()) s.off('msg', handlers[i]);
  crossLat.sort((x, y) => x - y);
  localLat.sort((x, y) => x - y);
  return {
    deliveries: Math.round(deliveries / elapsed),
    cross: Math.round(cross / elapsed),
    sent: Math.round(acked / elapsed),
    crossP50: pct(crossLat, 0.5),
    crossP99: pct(crossLat, 0.99),
    localP50: pct(localLat, 0.5),
    localP99: pct(localLat, 0.99),
    errors,
  };
}


// `npx tsx test/bench/cluster.bench.ts` prints the figures (BENCH_DATABASE_URL and BENCH_REDIS_URL required).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  console.table(await run());
  console.log(`run time ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(0);
}
