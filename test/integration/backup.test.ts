import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { randomHex } from '../../src/lib/crypto.ts';
import { runExport, runImport } from '../../src/modules/backup/backup.run.ts';
import { type Manifest, readManifest } from '../../src/modules/backup/backup.manifest.ts';
import { Client, PASSWORD, uniqueName } from '../helpers/client.ts';
import setupEmbeddedTemplate from '../helpers/global-setup-embedded.ts';
import { withDatabase } from '../helpers/global-setup-cluster.ts';
import { TEST_DATA_ROOT } from '../helpers/paths.ts';
import { startS3, type TestS3 } from '../helpers/s3.ts';
import type { TestNode } from '../helpers/server.ts';
import { befriend, groupWith } from '../helpers/social.ts';
import { uniquePng, uploadSingle } from '../helpers/uploads.ts';
import { checkedFetch } from '../helpers/contract.ts';

/**
 * `npm run export` / `npm run import` (src/modules/backup): an embedded installation, filled over
 * the API, moves into cluster mode (a new Postgres database and S3) and back, and people find
 * their accounts, sessions, keys, history and files. Cluster project only: it needs both modes.
 */

// biome-ignore lint/suspicious/noExplicitAny: responses are inspected loosely.
type Json = any;
type Named = Client & { name: string };

const run = promisify(execFile);
const log = pino({ level: 'silent' });
const baseEnv = {
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  REGISTRATION: 'open',
  TRUST_PROXY: 'true',
};

let scratch: string;
let s3: TestS3;
const databases: string[] = [];
const nodes: TestNode[] = [];

beforeAll(async () => {
  // A migrated, empty PGlite directory to copy (the embedded project's template; built if missing).
  await setupEmbeddedTemplate();
  scratch = mkdtempSync(path.join(TEST_DATA_ROOT, 'backup-'));
  s3 = await startS3();
});

afterAll(async () => {
  for (const n of nodes) await n.app.close();
  await s3?.close();
  await withAdmin(async (c) => {
    for (const db of databases) await c.query(`drop database if exists ${db} with (force)`);
  });
  rmSync(scratch, { recursive: true, force: true });
});

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** A new, empty (not even migrated) Postgres database; dropped after the file. */
async function newDatabase(): Promise<string> {
  const name = `chat_t_${Math.floor(Date.now() / 1000)}_${randomHex(4)}`;
  await withAdmin((c) => c.query(`create database ${name}`));
  databases.push(name);
  return withDatabase(process.env.TEST_DATABASE_URL!, name);
}

/** A DATA_DIR holding a migrated database without a row (an installation never started). */
function newDataDir(): string {
  const dir = mkdtempSync(path.join(scratch, 'data-'));
  cpSync(process.env.TEST_PGLITE_TEMPLATE!, path.join(dir, 'db'), { recursive: true });
  return dir;
}

const embeddedEnv = (dataDir: string) => ({ ...baseEnv, DATA_DIR: dataDir });
const clusterEnv = (databaseUrl: string) => ({
  ...baseEnv,
  ...s3.env,
  DATA_DIR: mkdtempSync(path.join(scratch, 'node-')),
  DATABASE_URL: databaseUrl,
  REDIS_URL: process.env.TEST_REDIS_URL!,
  REDIS_PREFIX: `t${randomHex(4)}:`,
});

async function start(env: Record<string, string>): Promise<TestNode> {
  const app = await createApp({ config: loadConfig(env), log });
  const addr = await app.listen();
  const node = { app, url: `http://127.0.0.1:${addr.port}` };
  nodes.push(node);
  return node;
}

async function stop(node: TestNode): Promise<void> {
  await node.app.close();
  nodes.splice(nodes.indexOf(node), 1);
}

/** The CLI as an operator runs it (`npm run export|import -- <dir>`), in a process of its own. */
async function cli(which: 'export' | 'import', dir: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', `src/modules/backup/${which}-cli.ts`, dir], {
    env: { PATH: process.env.PATH ?? '', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
  });
  return stdout;
}

async function register(node: TestNode, name = uniqueName()): Promise<Named> {
  const c = new Client(node) as Named;
  c.name = name;
  expect((await c.post('/api/register', { name, password: PASSWORD, email: `${name}@example.com` })).status).toBe(200);
  return login(node, name);
}

async function login(node: TestNode, name: string): Promise<Named> {
  const c = new Client(node) as Named;
  c.name = name;
  const res = await c.post('/api/login', { username: name, password: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return c;
}

/** The same user agent (cookie, key) pointed at another server. */
function carried(c: Named, node: TestNode): Named {
  const moved = c.on(node) as Named;
  moved.name = c.name;
  return moved;
}

async function history(c: Client, query: Record<string, string>): Promise<Json[]> {
  const res = await c.get('/api/messages', query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.messages;
}

async function send(c: Client, body: Record<string, unknown>): Promise<Json> {
  const res = await c.post('/api/messages', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message;
}

async function download(c: Client, url: string): Promise<Buffer> {
  const res = await checkedFetch(c.node.url + url, { headers: { cookie: c.cookie ?? '', 'x-forwarded-for': c.ip } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function sendFile(c: Client, to: Record<string, string>, content: Buffer): Promise<{ url: string; message: Json }> {
  const up = await uploadSingle(c, content, 'photo.png');
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  const message = await send(c, { ...to, type: 'image', content: up.body.url, name: 'photo.png', size: content.length });
  return { url: up.body.url, message };
}

/** What the people of the test see: the state that must survive each move. */
interface Seen {
  alice: Named;
  bob: Named;
  keyClient: Client;
  gid: string;
  group: Json[];
  direct: Json[];
  files: Map<string, Buffer>;
}

describe('export and import', () => {
  let seen: Seen;
  let cluster: TestNode;

  it('moves a running embedded installation into cluster mode (Postgres + S3)', async () => {
    const source = newDataDir();
    const embedded = await start(embeddedEnv(source));
    const alice = await register(embedded);
    const bob = await register(embedded);
    const carol = await register(embedded);
    await befriend(alice, bob);
    const gid = await groupWith(alice, { members: [bob, carol] });
    await send(alice, { gid, type: 'text', content: 'first, with "quotes", a\nnewline and ünïcödé ✓' });
    await send(bob, { gid, type: 'text', content: 'second', md: 1 });
    await send(alice, { dm: bob.name, type: 'text', content: 'just us' });
    const png = uniquePng(4096);
    const file = await sendFile(carol, { gid }, png);
    const key = await alice.post('/api/keys', { name: 'bot', scopes: ['profile.read'] });
    expect(key.status).toBe(200);
    const keyClient = new Client(embedded);
    keyClient.apiKey = key.body.plaintext;
    seen = {
      alice,
      bob,
      keyClient,
      gid,
      group: await history(alice, { gid }),
      direct: await history(alice, { dm: bob.name }),
      files: new Map([[file.url, png]]),
    };
    expect(seen.group).toHaveLength(3);

    // Exported from another process while the server runs (through its control socket).
    const archive = path.join(scratch, 'from-embedded');
    const out = await cli('export', archive, embeddedEnv(source));
    expect(out).toMatch(/snapshot of the running server's database/);
    const manifest = await readManifest(archive);
    expect(manifest.source).toMatchObject({ database: 'pglite', store: 'disk' });
    expect(manifest.schema.migrations.at(-1)).toMatch(/^\d{4}_/);
    const rows = (name: string) => manifest.tables.find((t) => t.name === name)?.rows;
    expect(rows('users')).toBe(3);
    expect(rows('messages')).toBe(4);
    expect(rows('sessions')).toBe(3);
    expect(rows('api_keys')).toBe(1);
    expect(manifest.files.count).toBe(1);
    expect(manifest.excluded).toHaveProperty('schema_migrations');
    // Written after the export: not in the archive.
    await send(alice, { gid, type: 'text', content: 'after the export' });
    await expect(runImport(loadConfig(embeddedEnv(source)), archive, () => {})).rejects.toThrow(/server is running/);
    await stop(embedded);

    const databaseUrl = await newDatabase();
    const summary = await runImport(loadConfig(clusterEnv(databaseUrl)), archive, () => {});
    expect(summary.rows).toBe(manifest.tables.reduce((n, t) => n + t.rows, 0));
    cluster = await start(clusterEnv(databaseUrl));
    await expectSameInstallation(seen, cluster);

    // Only into an empty installation.
    await expect(runImport(loadConfig(clusterEnv(databaseUrl)), archive, () => {})).rejects.toThrow(/not empty/);
  }, 90_000);

  it('moves a running cluster installation back into embedded mode', async () => {
    const bob = carried(seen.bob, cluster);
    await send(bob, { dm: seen.alice.name, type: 'text', content: 'written in cluster mode' });
    const png = uniquePng(2048);
    const file = await sendFile(bob, { gid: seen.gid }, png);
    seen.files.set(file.url, png);
    seen.group = await history(carried(seen.alice, cluster), { gid: seen.gid });
    seen.direct = await history(carried(seen.alice, cluster), { dm: bob.name });
    expect(seen.group.at(-1)).toMatchObject({ type: 'image', content: file.url });

    const archive = path.join(scratch, 'from-cluster');
    const manifest = await runExport(loadConfig(clusterEnv(cluster.app.ctx.config.databaseUrl!)), archive, () => {});
    expect(manifest.source).toMatchObject({ database: 'postgres', store: 's3' });
    expect(manifest.files.count).toBe(2);

    const target = newDataDir();
    await cli('import', archive, embeddedEnv(target));
    const embedded = await start(embeddedEnv(target));
    await expectSameInstallation(seen, embedded);
  }, 90_000);

  it('refuses a damaged archive: a table before touching the target, a stored file with the database rolled back', async () => {
    const archive = path.join(scratch, 'from-cluster');
    const damaged = path.join(scratch, 'damaged');
    cpSync(archive, damaged, { recursive: true });
    const manifest: Manifest = await readManifest(damaged);
    const users = path.join(damaged, manifest.tables.find((t) => t.name === 'users')!.file);
    const original = readFileSync(users);
    writeFileSync(users, original.toString().replace(seen.alice.name, seen.alice.name.toUpperCase()));
    const untouched = path.join(scratch, 'never-created');
    await expect(runImport(loadConfig(embeddedEnv(untouched)), damaged, () => {})).rejects.toThrow(/checksum mismatch.*users/);
    expect(existsSync(untouched)).toBe(false);

    writeFileSync(users, original);
    const blob = path.join(damaged, 'files', path.basename([...seen.files.keys()][0]!));
    writeFileSync(blob, Buffer.concat([readFileSync(blob).subarray(1), Buffer.from([0])]));
    const databaseUrl = await newDatabase();
    await expect(runImport(loadConfig(clusterEnv(databaseUrl)), damaged, () => {})).rejects.toThrow(/checksum mismatch.*files\//);
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      expect((await c.query('select count(*)::int as n from users')).rows[0].n).toBe(0);
    } finally {
      await c.end();
    }
  }, 60_000);
});

/** Everyone logs in with the same password and finds the same history, files, sessions and keys. */
async function expectSameInstallation(seen: Seen, node: TestNode): Promise<void> {
  const alice = await login(node, seen.alice.name);
  expect(await history(alice, { gid: seen.gid })).toEqual(seen.group);
  expect(await history(alice, { dm: seen.bob.name })).toEqual(seen.direct);
  for (const [url, content] of seen.files) expect((await download(alice, url)).equals(content)).toBe(true);
  const friends = await alice.get('/api/friends');
  expect(JSON.stringify(friends.body)).toContain(seen.bob.name);

  // The session cookie and the API key issued by the old installation still work.
  expect((await carried(seen.bob, node).get('/api/me')).body).toMatchObject({ ok: true, username: seen.bob.name });
  expect((await seen.keyClient.on(node).get('/api/me')).body).toMatchObject({ ok: true, username: seen.alice.name });

  // Counters went along: the next message follows on, a new account gets a new id.
  const next = await send(alice, { gid: seen.gid, type: 'text', content: `after the move to ${node.url}` });
  expect(next.idx).toBe(seen.group.at(-1).idx + 1);
  await register(node);
  seen.group.push(next);
}
