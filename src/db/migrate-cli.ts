import { loadConfig } from '../config.ts';
import { openDatabase } from './index.ts';
import { migrate } from './migrate.ts';

/** `npm run migrate`: applies pending migrations to the configured database and exits. */
const config = loadConfig();
const db = await openDatabase(config);
try {
  const applied = await migrate(db);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await db.close();
}
