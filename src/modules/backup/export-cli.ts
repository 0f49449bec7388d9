import { ConfigError, loadConfig } from '../../config.ts';
import { runExport } from './backup.run.ts';

/** `npm run export -- <dir>`: writes an archive of the configured installation (see docs/operations.md). */
const dir = process.argv[2];
if (!dir || process.argv.length > 3) {
  console.error('usage: npm run export -- <new directory>');
  process.exit(2);
}
try {
  const config = loadConfig();
  const started = Date.now();
  const manifest = await runExport(config, dir, (line) => console.log(line));
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(`exported ${rows} rows and ${manifest.files.count} files to ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `export failed: ${(err as Error).message}`);
  process.exit(err instanceof ConfigError ? 2 : 1);
}
