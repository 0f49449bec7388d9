import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { pino } from 'pino';
import { PgliteDb } from '../../src/db/pglite.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createPgBossJobs } from '../../src/jobs/index.ts';
import { TEST_DATA_ROOT } from './paths.ts';

const pgBossVersion = (): string =>
  (JSON.parse(readFileSync(path.resolve('node_modules/pg-boss/package.json'), 'utf8')) as { version: string }).version;

/**
 * Creating a PGlite database costs ~4 s; copying a migrated one costs ~0.2 s.
 * Build one template per migration set and let every test file copy it.
 */
export default async function setup(): Promise<void> {
  const migrationsDir = path.resolve('src/db/migrations');
  const hash = createHash('sha256');
  for (const f of readdirSync(migrationsDir).sort()) hash.update(f).update(readFileSync(path.join(migrationsDir, f)));
  hash.update(`pg-boss ${pgBossVersion()}`);
  const template = path.join(TEST_DATA_ROOT, `template-${hash.digest('hex').slice(0, 12)}`);
  process.env.TEST_PGLITE_TEMPLATE = template;
  if (existsSync(template)) return;
  mkdirSync(TEST_DATA_ROOT, { recursive: true });
  const building = `${template}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const db = await PgliteDb.open(building);
  await migrate(db);
  // Every app start in embedded mode runs pg-boss on its database: install its schema once here (~1-2 s per start).
  const jobs = createPgBossJobs(db, pino({ level: 'silent' }));
  await jobs.start({ work: false });
  await jobs.stop();
  await db.close();
  renameSync(building, template);
}
