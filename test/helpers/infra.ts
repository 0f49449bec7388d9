import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../../src/db/migrate.ts';
import { PostgresDb } from '../../src/db/postgres.ts';

/**
 * Redis and PostgreSQL servers of a test's own, on spare loopback ports, as child processes
 * that the test may stop and start again (fault tests), or arrange as a Redis Cluster or a
 * Sentinel set. The shared servers (5432, 6379) are never touched.
 */

const started = new Set<ChildProcess>();
// A test runner that exits without its afterAll must not leave servers behind.
process.once('exit', () => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A port nobody listens on (nor on `port + 10000`, a Redis Cluster node's bus port), from a
 * random spot of 20000–49999 so that parallel test files rarely try the same one.
 */
export async function sparePort(): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if ((await portFree(port)) && (await portFree(port + 10_000))) return port;
  }
  throw new Error('no spare port found');
}

/** Sends PING in the Redis protocol; true on +PONG. */
function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = new Socket();
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(500, () => done(false));
    s.once('error', () => done(false));
    s.connect(port, '127.0.0.1', () => s.write('PING\r\n'));
    s.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what} did not come up within ${ms} ms`);
    await sleep(50);
  }
}

interface Proc {
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
}

function run(cmd: string, args: string[], opts: { uid?: number; gid?: number } = {}): Proc {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  started.add(child);
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      started.delete(child);
      resolve();
    });
  });
  return { child, exited, output: () => out };
}

async function terminate(p: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill(signal);
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 5_000);
  await p.exited;
  clearTimeout(timer);
}

/** One redis-server the test controls. */
export interface OwnRedis {
  port: number;
  url: string;
  /** Stops the server (SIGTERM: with persistence on, it writes its data first). */
  stop(): Promise<void>;
  /** Starts it again on the same port and directory: with persistence the data is back, unless `empty`. */
  start(opts?: { empty?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/**
 * A redis-server on a spare port. `persistent`: append-only file with fsync on every write, as a
 * production Redis that keeps queued jobs should be (docker-compose.yml); without it, a restart
 * comes back empty.
 */
export async function startRedis(opts: { persistent?: boolean; extraArgs?: string[] } = {}): Promise<OwnRedis> {
  const port = await sparePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'chat-redis-'));
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    opts.persistent ? 'yes' : 'no',
    '--appendfsync',
    'always',
    ...(opts.extraArgs ?? []),
  ];
  let proc: Proc | undefined;
  const start = async (o: { empty?: boolean } = {}) => {
    // Redis 7 keeps its append-only files in a directory of their own.
    if (o.empty) rmSync(path.join(dir, 'appendonlydir'), { recursive: true, force: true });
    proc = run('redis-server', args);
    const p = proc;
    await until(`redis-server on ${port}`, async () => {
      if (p.child.exitCode !== null) throw new Error(`redis-server exited: ${p.output()}`);
      return redisPing(port);
    });
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: () => terminate(proc),
    start,
    async close() {
      await terminate(proc);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Three masters (no replicas) on spare ports, slots spread by `redis-cli --cluster create`. */
export async function startRedisCluster(): Promise<{ url: string; nodes: OwnRedis[]; close(): Promise<void> }> {
  const nodes: OwnRedis[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      nodes.push(await startRedis({ extraArgs: ['--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${i}.conf`, '--cluster-node-timeout', '2000'] }));
    }
    execFileSync('redis-cli', ['--cluster', 'create', ...nodes.map((n) => `127.0.0.1:${n.port}`), '--cluster-replicas', '0', '--cluster-yes'], {
      stdio: 'pipe',
      timeout: 30_000,
    });
    // Every node must agree that every slot is served before clients connect.
    await until('redis cluster', async () =>
      nodes.every((n) => execFileSync('redis-cli', ['-p', String(n.port), 'cluster', 'info']).toString().includes('cluster_state:ok')),
    );
  } catch (err) {
    for (const n of nodes) await n.close();
    throw err;
  }
  return {
    url: `redis+cluster://${nodes.map((n) => `127.0.0.1:${n.port}`).join(',')}`,
    nodes,
    async close() {
      for (const n of nodes) await n.close();
    },
  };
}

/** Runs a command on a Redis server of ours and answers its output. */
export function redisCli(port: number, ...args: string[]): string {
  return execFileSync('redis-cli', ['-p', String(port), ...args], { timeout: 10_000 }).toString().trim();
}

/**
 * A Redis primary with one replica, watched by one Sentinel (quorum 1) under the master name
 * `chat`; a primary silent for a second is failed over to the replica.
 */
export async function startSentinel(): Promise<{
  url: string;
  primary: OwnRedis;
  replica: OwnRedis;
  /** The address the Sentinel gives for the primary now (`host:port`). */
  currentPrimary(): string;
  close(): Promise<void>;
}> {
  const primary = await startRedis();
  const replica = await startRedis({ extraArgs: ['--replicaof', '127.0.0.1', String(primary.port)] });
  const port = await sparePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'chat-sentinel-'));
  const conf = path.join(dir, 'sentinel.conf');
  // Sentinel rewrites its configuration file, so it must be a file of its own.
  writeFileSync(
    conf,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `sentinel monitor chat 127.0.0.1 ${primary.port} 1`,
      'sentinel down-after-milliseconds chat 1000',
      'sentinel failover-timeout chat 10000',
      '',
    ].join('\n'),
  );
  const proc = run('redis-server', [conf, '--sentinel']);
  const closeAll = async () => {
    await terminate(proc);
    await replica.close();
    await primary.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await until(`sentinel on ${port}`, async () => {
      if (proc.child.exitCode !== null) throw new Error(`sentinel exited: ${proc.output()}`);
      return redisPing(port);
    });
    // The Sentinel has found the replica (through the primary) before anything relies on a failover.
    await until('sentinel seeing the replica', async () => redisCli(port, 'sentinel', 'replicas', 'chat').includes(String(replica.port)));
  } catch (err) {
    await closeAll();
    throw err;
  }
  return {
    url: `redis+sentinel://127.0.0.1:${port}/chat`,
    primary,
    replica,
    currentPrimary: () => redisCli(port, 'sentinel', 'get-master-addr-by-name', 'chat').split('\n').join(':'),
    close: closeAll,
  };
}

/** The PostgreSQL binaries of the newest installed major version. */
function pgBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const major = readdirSync(root)
    .filter((d) => /^\d+$/.test(d))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!major) throw new Error(`no PostgreSQL under ${root}`);
  return path.join(root, major, 'bin', name);
}

/** initdb and postgres refuse to run as root: as root, run them as the `postgres` user. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** One PostgreSQL server the test controls, with a migrated database `chat`. */
export interface OwnPostgres {
  port: number;
  url: string;
  /** Fast shutdown (SIGINT): sessions are ended, new connections refused until `start()`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** initdb into a temporary directory, postgres on a spare port (fsync off: test data), the schema migrated. */
export async function startPostgres(): Promise<OwnPostgres> {
  const user = postgresUser();
  const dir = mkdtempSync(path.join(tmpdir(), 'chat-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  execFileSync(pgBin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], { stdio: 'pipe', ...user });
  const port = await sparePort();
  const base = `postgres://postgres@127.0.0.1:${port}`;
  let proc: Proc | undefined;
  const start = async () => {
    proc = run(pgBin('postgres'), ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'], user ?? {});
    const p = proc;
    await until(`postgres on ${port}`, async () => {
      if (p.child.exitCode !== null) throw new Error(`postgres exited: ${p.output()}`);
      const c = new pg.Client({ connectionString: `${base}/postgres` });
      try {
        await c.connect();
        await c.end();
        return true;
      } catch {
        return false;
      }
    });
  };
  await start();
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query('create database chat');
  await admin.end();
  const db = PostgresDb.connect(`${base}/chat`, 2);
  await migrate(db);
  await db.close();
  return {
    port,
    url: `${base}/chat`,
    stop: () => terminate(proc, 'SIGINT'),
    start,
    async close() {
      await terminate(proc, 'SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
