import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { pino } from 'pino';
import { migrate } from '../src/db/migrate.ts';
import { PgliteDb } from '../src/db/pglite.ts';
import { createPgBossJobs } from '../src/jobs/index.ts';

/**
 * `npm run build`: compiles the three entry points (server, worker, migrate)
 * into plain ESM JavaScript in `dist/` (or the directory given as the first
 * argument), with source maps, and with most dependencies bundled in (see `external`).
 * `npm start` and the image run this output: a Node process then loads
 * JavaScript directly instead of compiling TypeScript through tsx's loader
 * hooks on every start (docs/operations.md, "The image", has the measured
 * difference).
 *
 * It also leaves `db-template/` beside the code: an empty embedded database
 * with every migration applied and pg-boss' schema and schedules installed, which a new DATA_DIR starts as a copy of
 * (src/db/pglite.ts). Making it costs an initdb and the migrations (several
 * seconds), so the previous one is kept while its inputs (the migrations, the
 * database code, the PGlite version) are unchanged.
 */
const outdir = path.resolve(process.argv[2] ?? 'dist');
const template = path.join(outdir, 'db-template');
const templateStamp = path.join(outdir, 'db-template.hash');
const root = path.resolve(import.meta.dirname, '..');

/** The hash of what decides the template's content. */
function templateInputs(): string {
  const h = createHash('sha256');
  const dbDir = path.join(root, 'src/db');
  const files = [
    ...readdirSync(dbDir).map((f) => path.join(dbDir, f)),
    ...readdirSync(path.join(dbDir, 'migrations')).map((f) => path.join(dbDir, 'migrations', f)),
  ].sort();
  for (const f of files) {
    if (!f.endsWith('.ts') && !f.endsWith('.sql')) continue;
    h.update(path.relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
  }
  h.update(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  return h.digest('hex');
}

/** Postgres writes some files owner-only; the image's service user (not the builder) copies them. */
function readableByAll(p: string): void {
  const dir = statSync(p).isDirectory();
  chmodSync(p, dir ? 0o755 : 0o644);
  if (dir) for (const f of readdirSync(p)) readableByAll(path.join(p, f));
}

const hash = templateInputs();
const kept = `${outdir}.db-template-${process.pid}`;
const keep = existsSync(templateStamp) && readFileSync(templateStamp, 'utf8') === hash;
if (keep) renameSync(template, kept);
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', worker: 'workers/main.ts', migrate: 'src/db/migrate-cli.ts' },
  outdir,
  bundle: true,
  // Shared modules become chunks imported by each entry, not three copies.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Dependencies are bundled too: Node's loader then reads a few files instead of ~700 (zod's
  // locales alone are 95, arctic's providers 70), a third of the embedded start's module loading
  // (docs/benchmarks.md, "2026-11-29, fourth session"). These stay imports of node_modules: they
  // load files beside their own code (PGlite's WebAssembly, BullMQ's Lua scripts, pino's worker,
  // argon2's native addon), or are the cluster's and are imported only there.
  external: [
    '@electric-sql/pglite',
    'argon2',
    'pino',
    'bullmq',
    'ioredis',
    '@socket.io/redis-adapter',
    '@aws-sdk/*',
    '@tus/s3-store',
    'pg-native',
  ],
  // Bundled CommonJS calls require(): in an ES module there is none unless the chunk makes one.
  banner: { js: "import { createRequire as __chatRequire } from 'node:module'; const require = __chatRequire(import.meta.url);" },
  sourcemap: true,
  logLevel: 'warning',
});
// src/db/migrate.ts reads its SQL files beside the running module.
cpSync('src/db/migrations', path.join(outdir, 'migrations'), { recursive: true });
if (keep) {
  renameSync(kept, template);
  writeFileSync(templateStamp, hash);
} else {
  // Made beside, then renamed: an interrupted build leaves no template rather than half of one.
  const making = `${template}.new`;
  rmSync(making, { recursive: true, force: true });
  const db = await PgliteDb.open(making, '');
  await migrate(db);
  // pg-boss' own schema and the job schedules, which a first start would otherwise create.
  const jobs = createPgBossJobs(db, pino({ level: 'warn' }));
  await jobs.start({ work: false });
  await jobs.stop();
  await db.close();
  readableByAll(making);
  renameSync(making, template);
  writeFileSync(templateStamp, hash);
}
console.log(`built ${path.relative(process.cwd(), outdir) || '.'}/main.js, worker.js, migrate.js${keep ? '' : ', db-template/'}`);
