import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { PgliteDb } from '../../src/db/pglite.ts';
import { randomHex } from '../../src/lib/crypto.ts';
import { runExport, runImport } from '../../src/modules/backup/backup.run.ts';
import setupEmbeddedTemplate from '../helpers/global-setup-embedded.ts';
import { withDatabase } from '../helpers/global-setup-cluster.ts';
import { TEST_DATA_ROOT } from '../helpers/paths.ts';

/**
 * Export and import throughput (not part of `npm run bench`): an embedded installation seeded
 * with USERS accounts, ROOMS groups and MESSAGES messages (plus FILES stored files of 1 MB) is
 * exported (offline, then online through a running server's control socket), imported into a new
 * Postgres database, exported from there and imported back into embedded mode.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx test/bench/backup-throughput.ts [messages]
 */
const MESSAGES = Number(process.argv[2] ?? 100_000);
const USERS = 1000;
const ROOMS = Math.ceil(MESSAGES / 500);
const FILES = 100;
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!baseUrl) throw new Error('set BENCH_DATABASE_URL');

const scratch = mkdtempSync(path.join(TEST_DATA_ROOT, 'backup-bench-'));
const quiet = () => {};
const env = { LOG_LEVEL: 'silent', PORT: '0' };
const dbName = `chat_t_${Math.floor(Date.now() / 1000)}_${randomHex(4)}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();

async function timed<T>(label: string, units: number, fn: () => Promise<T>): Promise<T> {
  const t = Date.now();
  const out = await fn();
  const s = (Date.now() - t) / 1000;
  console.log(`${label.padEnd(48)} ${s.toFixed(1).padStart(6)} s  ${Math.round(units / s).toLocaleString('en').padStart(9)} rows/s`);
  return out;
}

try {
  await setupEmbeddedTemplate();
  const source = path.join(scratch, 'source');
  cpSync(process.env.TEST_PGLITE_TEMPLATE!, path.join(source, 'db'), { recursive: true });
  const seed = await PgliteDb.open(path.join(source, 'db'));
  await seed.exec(`
    insert into users (name, email, password_hash, status, created)
      select 'user' || i, 'user' || i || '@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', 'active', 1700000000000 + i
        from generate_series(1, ${USERS}) i;
    insert into groups (gid, name, owner_id, created)
      select lpad(to_hex(i), 16, '0'), 'group ' || i, 1 + i % ${USERS}, 1700000000000 from generate_series(1, ${ROOMS}) i;
    insert into group_members (gid, user_id, role, joined)
      select lpad(to_hex(g), 16, '0'), 1 + (g + k) % ${USERS}, case when k = 0 then 'owner' else 'member' end, 1700000000000
        from generate_series(1, ${ROOMS}) g, generate_series(0, 19) k;
    insert into messages (room, idx, from_id, gid, type, content, ts)
      select 'g:' || lpad(to_hex(1 + (i - 1) / 500), 16, '0'), 1 + (i - 1) % 500, 1 + i % ${USERS}, lpad(to_hex(1 + (i - 1) / 500), 16, '0'),
             'text', 'message number ' || i || ' with some ordinary chat text in it, about this long', 1700000000000 + i
        from generate_series(1, ${MESSAGES}) i;
    insert into room_seq (room, last_idx) select 'g:' || lpad(to_hex(g), 16, '0'), 500 from generate_series(1, ${ROOMS}) g;
  `);
  const uploads = path.join(source, 'uploads');
  mkdirSync(uploads, { recursive: true });
  for (let i = 0; i < FILES; i++) {
    const name = `${randomHex(16)}.bin`;
    writeFileSync(path.join(uploads, name), Buffer.alloc(1024 * 1024, i));
    await seed.query(`insert into files (name, origin, size, kind, uploader_id, created) values ($1, 'f.bin', $2, 'other', 1, 0)`, [name, 1024 * 1024]);
  }
  await seed.close();
  const rows = MESSAGES + USERS + ROOMS * 22 + FILES;
  console.log(`seeded ${MESSAGES} messages, ${USERS} users, ${ROOMS} groups, ${FILES} files of 1 MB (≈${rows} rows)`);

  await timed('embedded export, server stopped', rows, () => runExport(loadConfig({ ...env, DATA_DIR: source }), path.join(scratch, 'a1'), quiet));

  const app = await createApp({ config: loadConfig({ ...env, DATA_DIR: source }), log: pino({ level: 'silent' }) });
  await app.listen();
  let snapshot = '';
  await timed('embedded export, server running (control socket)', rows, () =>
    runExport(loadConfig({ ...env, DATA_DIR: source }), path.join(scratch, 'a2'), (l) => {
      if (l.startsWith('snapshot')) snapshot = l;
    }),
  );
  console.log(`  ${snapshot}`);
  await app.close();

  await admin.query(`create database ${dbName}`);
  const clusterEnv = { ...env, DATABASE_URL: withDatabase(baseUrl, dbName), DATA_DIR: path.join(scratch, 'cluster') };
  let rebuild = '';
  await timed('import into a new Postgres database (disk store)', rows, () =>
    runImport(loadConfig(clusterEnv), path.join(scratch, 'a2'), (l) => {
      if (l.includes('indexes built')) rebuild = l.trim();
    }),
  );
  console.log(`  of which ${rebuild}`);
  await timed('cluster export (Postgres)', rows, () => runExport(loadConfig(clusterEnv), path.join(scratch, 'a3'), quiet));

  const target = path.join(scratch, 'target');
  cpSync(process.env.TEST_PGLITE_TEMPLATE!, path.join(target, 'db'), { recursive: true });
  await timed('import into embedded (PGlite)', rows, () => runImport(loadConfig({ ...env, DATA_DIR: target }), path.join(scratch, 'a3'), quiet));
} finally {
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end();
  rmSync(scratch, { recursive: true, force: true });
}
