import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Socket } from 'socket.io-client';

/** One line of the benchmark table. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** Baseline, ratio, target: whatever makes the figure meaningful. */
  note?: string;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The chat server's entry points among the bench's servers (the rest are bare baselines). */
const APP_SERVERS = new Set(['test/bench/app-server.ts', 'test/bench/upload-server.ts']);

/** What `npm start` exports for an embedded node (package.json: `export NAME=value …;` without DATABASE_URL). */
const EMBEDDED_START_ENV: Record<string, string> = Object.fromEntries(
  (/export ([^;]+);/.exec(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start)?.[1] ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]),
);

/**
 * Starts a server in a child process (so the load generator and the server do
 * not share an event loop) and resolves once it prints its URL.
 */
export function spawnServer(script: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": flags for the servers only (NODE_OPTIONS refuses some).
  // The V8 setting `npm start` uses (package.json), for the app and the bare baselines alike.
  const nodeArgs = ['--max-semi-space-size=32', ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, script)], {
    cwd: ROOT,
    // An embedded app server runs with the allocator setting npm start gives it; cluster ones with none, as there.
    env: { ...process.env, LOG_LEVEL: 'silent', ...(APP_SERVERS.has(script) && !env.DATABASE_URL ? EMBEDDED_START_ENV : {}), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /LISTENING (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1]!,
          child,
          stop: () =>
            new Promise((r) => {
              // Stopping twice (or after a crash) must not wait for an exit that has already happened.
              if (child.exitCode !== null || child.signalCode !== null) return r();
              child.once('exit', () => r());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** Drives `url` with autocannon for `seconds` with `connections` keep-alive connections. */
export async function load(
  url: string,
  opts: {
    seconds?: number;
    connections?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Headers per connection (connection i gets entry i modulo length), e.g. one API key each. */
    perConnectionHeaders?: Array<Record<string, string>>;
    /** Headers per request, in rotation across every connection (request k gets entry k modulo length), e.g. API keys. */
    perRequestHeaders?: Array<Record<string, string>>;
  } = {},
): Promise<LoadResult> {
  let next = 0;
  const perConn = opts.perConnectionHeaders;
  const perReq = opts.perRequestHeaders;
  let nextReq = 0;
  const result = await autocannon({
    url,
    method: opts.method ?? 'GET',
    connections: opts.connections ?? 32,
    duration: opts.seconds ?? 8,
    headers: opts.headers,
    body: opts.body,
    setupClient: perConn ? (client) => client.setHeaders({ ...opts.headers, ...perConn[next++ % perConn.length] }) : undefined,
    requests: perReq
      ? [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...perReq[nextReq++ % perReq.length] } }) }]
      : undefined,
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export const machine = () => `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB`;

export const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : 0);

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Drives `send(i)` for `seconds`: at `ratePerSec` (paced, sender i = call number modulo `senders`,
 * without waiting for acks) or, without a rate, each of `senders` in a closed loop (saturation).
 * Resolves with the elapsed seconds once every send has settled.
 */
export async function driveSends(opts: { seconds: number; senders: number; ratePerSec?: number | undefined; send: (sender: number) => Promise<void> }): Promise<number> {
  const start = performance.now();
  const until = start + opts.seconds * 1000;
  if (opts.ratePerSec) {
    const inFlight: Promise<void>[] = [];
    const interval = 1000 / opts.ratePerSec;
    let next = start;
    for (let k = 0; performance.now() < until; k++) {
      inFlight.push(opts.send(k % opts.senders));
      next += interval;
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
    }
    await Promise.all(inFlight);
  } else {
    await Promise.all(
      Array.from({ length: opts.senders }, async (_, i) => {
        while (performance.now() < until) await opts.send(i);
      }),
    );
  }
  return (performance.now() - start) / 1000;
}

/**
 * The bench collects its own heap in the pause between measured rounds. The client keeps every
 * round's latencies and decodes every delivery; left to itself its heap fills during one round and
 * the old generation's collection (marking on helper threads) lands in a later one, taking a core
 * from the server under test on a 2-core machine: seen as a 100 ms stretch at a round's start
 * holding that round's worst 1% of deliveries.
 */
export { collectGarbage } from '../helpers/gc.ts';

/** One request of timedGetsInOwnProcess: when it began (epoch ms), its time to the parsed body, its answer. */
export interface TimedGet {
  at: number;
  ms: number;
  status: number;
  /** Length of the body's array under the given key (0 when absent). */
  count: number;
}

/**
 * GETs each of `urls`, one after another, from a fresh Node process of its own, as an outside
 * harness's client would: the bench process carries the heap of every suite before, and its
 * collections (scavenges of 2–6 ms, seen in the search loop) counted in the times they fell into.
 * Also reports the child's own collections over 2 ms.
 */
export async function timedGetsInOwnProcess(
  urls: readonly string[],
  headers: Record<string, string>,
  countKey: string,
): Promise<{ results: TimedGet[]; collections: { count: number; longestMs: number } }> {
  const script = `import { PerformanceObserver } from 'node:perf_hooks';
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const { urls, headers, countKey } = JSON.parse(Buffer.concat(chunks).toString());
const gcs = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.duration > 2) gcs.push(e.duration); }).observe({ entryTypes: ['gc'] });
const results = [];
for (const url of urls) {
  const at = Date.now();
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.json();
  const ms = performance.now() - t0;
  results.push({ at, ms, status: res.status, count: Array.isArray(body?.[countKey]) ? body[countKey].length : 0 });
}
process.stdout.write(JSON.stringify({ results, collections: { count: gcs.length, longestMs: Math.round(Math.max(0, ...gcs)) } }));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin!.end(JSON.stringify({ urls, headers, countKey }));
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`timed requests: the client process exited with ${code}`);
  return JSON.parse(out) as { results: TimedGet[]; collections: { count: number; longestMs: number } };
}

/** What watchMachineStalls reports of one stretch of time. */
export interface MachineStalls {
  /** The longest stall seen, in ms (0: none over the threshold). */
  longestMs: number;
  /** How many stalls over the threshold. */
  count: number;
}

/**
 * A separate, idle Node process whose 2 ms timer records how late it fires: when it is late by
 * more than `thresholdMs`, nothing of the bench or the servers held it, so the whole machine
 * paused (the kernel, the hypervisor). Such pauses hit every process at once (two watchers see
 * them at the same millisecond, even on an idle machine: docs/benchmarks.md, fourteenth session)
 * and set latency tails; the rows that report a tail report them beside it. `between(a, b)` takes
 * epoch milliseconds.
 */
export async function watchMachineStalls(thresholdMs = 10): Promise<{ between(from: number, to: number): MachineStalls; stop(): void }> {
  const script = `let last = performance.now();
setInterval(() => {
  const now = performance.now();
  const late = now - last - 2;
  if (late > ${thresholdMs}) process.stdout.write(Math.round(performance.timeOrigin + last) + ' ' + late.toFixed(1) + '\\n');
  last = now;
}, 2);
process.stdout.write('ready\\n');
process.stdout.on('error', () => process.exit(0));
process.stdin.on('end', () => process.exit(0)).resume();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const stalls: Array<{ at: number; ms: number }> = [];
  let buffered = '';
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.on('data', (d: Buffer) => {
      buffered += d.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        if (line === 'ready') resolve();
        const [at, ms] = line.split(' ').map(Number);
        if (ms !== undefined && Number.isFinite(ms)) stalls.push({ at: at!, ms });
      }
    });
  });
  // Once it is up, the watcher never holds the bench: one that fails before stop() still exits (and the watcher with its stdin).
  child.unref();
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  (child.stdout as unknown as { unref?: () => void }).unref?.();
  return {
    between(from, to) {
      // A stall is reported once it ended; it counts for the stretch it began in.
      const seen = stalls.filter((s) => s.at >= from && s.at < to);
      return { longestMs: Math.round(Math.max(0, ...seen.map((s) => s.ms))), count: seen.length };
    },
    stop: () => child.stdin!.end(),
  };
}

/**
 * Sends one `msg` and waits for its ack (30 s at most). `content` gets the send
 * time, so receivers can time their deliveries; `ms` is the time to the ack.
 */
export async function sendTimed(socket: Socket, payload: (content: string) => Record<string, unknown>): Promise<{ ok: boolean; ms: number }> {
  const sentAt = performance.now();
  const res = (await socket
    .timeout(30_000)
    .emitWithAck('msg', payload(String(sentAt)))
    .catch(() => ({ ok: false }))) as { ok: boolean };
  return { ok: res.ok, ms: performance.now() - sentAt };
}

/** Busy and total jiffies of all CPUs so far (/proc/stat). */
function cpuJiffies(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  // idle + iowait
  return { busy: total - fields[3]! - (fields[4] ?? 0), total };
}

/**
 * Waits until the machine is quiet: two consecutive one-second samples with the CPUs at most
 * `maxBusy` busy (what the previous suite left, Postgres checkpointing, a build…), for at most
 * `maxMs`. Figures that the harness takes on an idle machine (start-up) are taken the same way.
 * Returns how busy the last sample was.
 */
export async function waitForQuiet(maxBusy = 0.1, maxMs = 120_000): Promise<number> {
  const deadline = Date.now() + maxMs;
  let calm = 0;
  let last = cpuJiffies();
  let busy = 1;
  while (Date.now() < deadline && calm < 2) {
    await sleep(1000);
    const now = cpuJiffies();
    busy = (now.busy - last.busy) / Math.max(1, now.total - last.total);
    last = now;
    calm = busy <= maxBusy ? calm + 1 : 0;
  }
  return busy;
}

/** CPU time (clock ticks) each process has used, by pid, with its command name; empty where /proc is not readable. */
function processTicks(): Map<number, { comm: string; ticks: number }> {
  const out = new Map<number, { comm: string; ticks: number }>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      // After "pid (comm) ": state is field 3; utime, stime, cutime and cstime are fields 14–17. The
      // children's times count too: a Postgres backend that exits in the window (a pool closed)
      // leaves its time to the postmaster.
      const rest = stat.slice(close + 2).split(' ');
      const ticks = Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]);
      out.set(Number(pid), { comm: stat.slice(stat.indexOf('(') + 1, close), ticks });
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/**
 * Runs `fn` and says where the machine's CPU went meanwhile, as shares of all its cores: the
 * servers (`servers`: pids), this process (the client), Postgres, Redis and the rest. A figure
 * that is far from its baseline on a saturated machine is explained by who else held the cores.
 */
export async function cpuShares<T>(servers: number[], fn: () => Promise<T>): Promise<{ result: T; text: string; split: CpuSplit }> {
  const before = processTicks();
  const machineBefore = cpuJiffies();
  const result = await fn();
  const after = processTicks();
  const machineNow = cpuJiffies();
  const total = Math.max(1, machineNow.total - machineBefore.total);
  const shares = { server: 0, client: 0, postgres: 0, redis: 0, other: 0 };
  for (const [pid, now] of after) {
    const used = now.ticks - (before.get(pid)?.ticks ?? 0);
    if (used <= 0) continue;
    const who = servers.includes(pid) ? 'server' : pid === process.pid ? 'client' : now.comm === 'postgres' ? 'postgres' : now.comm.startsWith('redis') ? 'redis' : 'other';
    shares[who] += used;
  }
  const pct = (ticks: number) => Math.round((ticks / total) * 100);
  const split: CpuSplit = {
    busy: pct(machineNow.busy - machineBefore.busy),
    server: pct(shares.server),
    client: pct(shares.client),
    postgres: pct(shares.postgres),
    redis: pct(shares.redis),
    other: pct(shares.other),
  };
  return {
    result,
    text: `CPU ${split.busy}% busy: server ${split.server}%, client ${split.client}%, Postgres ${split.postgres}%, Redis ${split.redis}%, other ${split.other}%`,
    split,
  };
}

/** Shares of all the machine's cores (percent) over a stretch: busy in all, and by whom (cpuShares). */
export interface CpuSplit {
  busy: number;
  server: number;
  client: number;
  postgres: number;
  redis: number;
  other: number;
}
