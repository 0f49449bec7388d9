import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BenchRow, sleep, waitForQuiet } from './lib.ts';

/**
 * Issue 17, embedded mode: start-up and idle memory by the outside harness's method. `npm start`
 * from the repository (no DATABASE_URL, REDIS_URL or S3 settings) with a fresh temporary DATA_DIR
 * and PORT, timed from the spawn until `GET /api/health` answers 200; stopped (SIGTERM); started
 * again on the same DATA_DIR and timed the same way; then, with no client, the resident memory
 * (VmRSS) of the server's node process (not npm's) after BENCH_SETTLE_MS (3000). Three rounds;
 * each row's value is the median, the note lists every round. `infra/start.mjs --build-only` runs once first,
 * as `npm install` would have built what `npm start` runs; then the suite waits (up to 2 min) for
 * the CPUs to be idle, as the harness measures on an otherwise idle machine. BENCH_SETTLE_MS, BENCH_STARTUP_ROOT.
 */

/** BENCH_STARTUP_ROOT: another checkout to measure the same way (an older commit, for a before/after). */
const ROOT = process.env.BENCH_STARTUP_ROOT ?? path.resolve(import.meta.dirname, '../..');
const ROUNDS = 3;
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3000);
const TARGET = { freshMs: 4000, existingMs: 2000, rssMb: 250 };

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The processes under `pid` (children, grandchildren…), read from /proc. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/** VmRSS in MB of the node process among `pid` and its descendants that runs the server. */
function serverRssMb(pid: number): number {
  for (const p of [pid, ...descendants(pid)]) {
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
      if (!/(^|\/)node$/.test(cmd[0] ?? '') || !cmd.some((a) => /(main\.(js|ts)|start\.mjs)$/.test(a))) continue;
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1]);
      return Math.round(kb / 1024);
    } catch {
      // Gone meanwhile.
    }
  }
  throw new Error('no server node process found under npm start');
}

interface Started {
  ms: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `npm start` with DATA_DIR and PORT; resolves once /api/health answers 200. */
async function npmStart(dataDir: string, port: number): Promise<Started> {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT', 'S3_BUCKET', 'ROLES']) delete env[k];
  const start = performance.now();
  // Its own process group: the stop signal reaches npm, its shell and the server alike.
  const child = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const deadline = start + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      await res.arrayBuffer();
      if (res.status === 200) return { ms: Math.round(performance.now() - start), child, stop };
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) {
      await stop();
      throw new Error('npm start did not answer /api/health within 120 s');
    }
    await sleep(20);
  }
}

export async function startup(): Promise<BenchRow[]> {
  execFileSync(process.execPath, ['infra/start.mjs', '--build-only'], { cwd: ROOT, stdio: 'ignore' });
  // The harness starts the server on an otherwise idle machine: not while the previous suite's
  // servers, or Postgres after them, are still busy on the two cores.
  const busy = await waitForQuiet();
  const fresh: number[] = [];
  const existing: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'chat-startup-'));
    try {
      const port = await freePort();
      const first = await npmStart(dataDir, port);
      fresh.push(first.ms);
      await first.stop();
      const second = await npmStart(dataDir, port);
      existing.push(second.ms);
      await sleep(SETTLE_MS);
      rss.push(serverRssMb(second.child.pid!));
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const row = (name: string, values: number[], unit: string, target: number, what: string): BenchRow => ({
    name: `${name} [embedded] (issue 17)`,
    value: median(values),
    unit,
    note: `median of ${ROUNDS}: ${values.join(', ')} ${unit}; target ≤ ${target} ${unit}: ${verdict(median(values) <= target)}; ${what}`,
  });
  return [
    row('npm start → GET /api/health 200, fresh DATA_DIR', fresh, 'ms', TARGET.freshMs, `spawn of npm to the first 200; CPUs ${Math.round(busy * 100)}% busy before`),
    row('npm start → GET /api/health 200, existing DATA_DIR', existing, 'ms', TARGET.existingMs, 'the same DATA_DIR, second start'),
    row('idle RSS of the server process after start, no clients', rss, 'MB', TARGET.rssMb, `VmRSS of the node process (not npm) ${SETTLE_MS} ms after health answered`),
  ];
}

/** `npx tsx test/bench/startup.bench.ts`: the figures alone. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await startup());
  process.exit(0);
}
