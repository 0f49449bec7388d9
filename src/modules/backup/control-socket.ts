import { existsSync } from 'node:fs';
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { PgliteDb } from '../../db/pglite.ts';
import { type SnapshotTiming, snapshotPglite } from './embedded-snapshot.ts';

/**
 * How `npm run export` reaches a running embedded server: PGlite lets one process open a data
 * directory, so the exporter cannot read the database itself while the server runs. The server
 * listens on a Unix socket in DATA_DIR (owner-only, like the data it guards) and, asked for a
 * snapshot, copies its database to a directory the exporter then opens (embedded-snapshot.ts).
 * One request per connection: a JSON line in, a JSON line out.
 */
export const CONTROL_SOCKET = 'control.sock';
/** Unix socket paths are limited to 108 bytes (Linux), 104 (macOS). */
const MAX_SOCKET_PATH = 100;

const request = z.discriminatedUnion('op', [
  z.object({ op: z.literal('ping') }),
  /** `dir`: absolute, not existing yet; the server creates it. */
  z.object({ op: z.literal('snapshot'), dir: z.string().min(1) }),
]);
type Request = z.infer<typeof request>;

type Reply = { ok: true; pid: number; snapshot?: SnapshotTiming } | { ok: false; error: string };

export const controlSocketPath = (dataDir: string): string => path.join(dataDir, CONTROL_SOCKET);

export interface ControlSocket {
  close(): Promise<void>;
}

/**
 * Starts the control socket of an embedded server. Undefined (with a warning) when DATA_DIR's path
 * is too long for a socket or its file system refuses one: exports then need the server stopped.
 */
export async function startControlSocket(opts: { dataDir: string; db: PgliteDb; log: Logger }): Promise<ControlSocket | undefined> {
  const socketPath = controlSocketPath(opts.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    opts.log.warn({ socketPath }, 'DATA_DIR path too long for the control socket: stop the server to export');
    return undefined;
  }
  // Only one process may open the data directory, so a socket file here is a dead server's.
  await rm(socketPath, { force: true });
  let snapshotting: Promise<unknown> | undefined;
  const connections = new Set<Socket>();

  const handle = async (req: Request): Promise<Reply> => {
    if (req.op === 'ping') return { ok: true, pid: process.pid };
    if (!path.isAbsolute(req.dir) || existsSync(req.dir)) return { ok: false, error: 'snapshot dir must be an absolute path that does not exist yet' };
    if (snapshotting) return { ok: false, error: 'another export is taking a snapshot' };
    const dbDir = path.join(opts.dataDir, 'db');
    const run = snapshotPglite(opts.db, dbDir, req.dir);
    snapshotting = run.catch(() => {});
    try {
      const snapshot = await run;
      opts.log.info({ dir: req.dir, ...snapshot }, 'database snapshot taken for an export');
      return { ok: true, pid: process.pid, snapshot };
    } finally {
      snapshotting = undefined;
    }
  };

  const server = createServer((conn) => {
    connections.add(conn);
    conn.once('close', () => connections.delete(conn));
    conn.on('error', () => {});
    readLine(conn)
      .then((line) => {
        const parsed = request.safeParse(JSON.parse(line));
        return parsed.success ? handle(parsed.data) : ({ ok: false, error: 'unknown request' } as const);
      })
      .catch((err: Error): Reply => {
        opts.log.warn({ err }, 'control socket request failed');
        return { ok: false, error: err.message };
      })
      .then((reply) => conn.end(`${JSON.stringify(reply)}\n`));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
    await chmod(socketPath, 0o600);
  } catch (err) {
    // Some file systems (bind mounts of other hosts' disks) take no sockets: the server runs without.
    opts.log.warn({ err, socketPath }, 'control socket not started: stop the server to export');
    server.close();
    return undefined;
  }
  return {
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A snapshot in progress finishes before the database closes under it.
      await snapshotting;
      for (const c of connections) c.destroy();
      await closed;
      await rm(socketPath, { force: true });
    },
  };
}

/** Sends one request to the control socket of DATA_DIR; undefined when no server listens there. */
async function ask(dataDir: string, req: Request): Promise<Reply | undefined> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return undefined;
  const conn = createConnection(socketPath);
  try {
    await new Promise<void>((resolve, reject) => {
      conn.once('connect', resolve);
      conn.once('error', reject);
    });
  } catch (err) {
    conn.destroy();
    // A socket file left by a server that died: nobody answers.
    if (['ECONNREFUSED', 'ENOENT'].includes((err as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw err;
  }
  // Not end(): the server would close its side (no half-open sockets) before it has answered.
  conn.write(`${JSON.stringify(req)}\n`);
  const reply = JSON.parse(await readLine(conn)) as Reply;
  conn.destroy();
  return reply;
}

/** Whether an embedded server runs on DATA_DIR (answers on its control socket). */
export async function embeddedServerRunning(dataDir: string): Promise<boolean> {
  return (await ask(dataDir, { op: 'ping' }))?.ok === true;
}

/** Asks the embedded server running on DATA_DIR for a snapshot of its database in `dir`. */
export async function requestSnapshot(dataDir: string, dir: string): Promise<SnapshotTiming> {
  const reply = await ask(dataDir, { op: 'snapshot', dir });
  if (!reply) throw new Error('the embedded server stopped answering on its control socket');
  if (!reply.ok || !reply.snapshot) throw new Error(`the server could not take a snapshot: ${reply.ok ? 'no answer' : reply.error}`);
  return reply.snapshot;
}

/** The first line a peer sends (requests and replies are one line each). */
function readLine(conn: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let buf = '';
    const onData = (chunk: Buffer) => {
      buf += chunk.toString('utf8');
      const nl = buf.indexOf('\n');
      if (nl === -1) {
        if (buf.length > 64 * 1024) done(new Error('control message too long'));
        return;
      }
      done(undefined, buf.slice(0, nl));
    };
    const onEnd = () => done(new Error('connection closed before a full line'));
    const done = (err?: Error, line?: string) => {
      conn.off('data', onData);
      conn.off('end', onEnd);
      conn.off('error', done);
      if (err) reject(err);
      else resolve(line!);
    };
    conn.on('data', onData);
    conn.once('end', onEnd);
    conn.once('error', done);
  });
}
