import { type ChildProcess, spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

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

/**
 * Starts a server in a child process (so the load generator and the server do
 * not share an event loop) and resolves once it prints its URL.
 */
export function spawnServer(script: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": flags for the servers only (NODE_OPTIONS refuses some).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
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
  } = {},
): Promise<LoadResult> {
  let next = 0;
  const perConn = opts.perConnectionHeaders;
  const result = await autocannon({
    url,
    method: opts.method ?? 'GET',
    connections: opts.connections ?? 32,
    duration: opts.seconds ?? 8,
    headers: opts.headers,
    body: opts.body,
    setupClient: perConn ? (client) => client.setHeaders({ ...opts.headers, ...perConn[next++ % perConn.length] }) : undefined,
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
