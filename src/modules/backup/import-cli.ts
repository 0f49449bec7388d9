import { ConfigError, loadConfig } from '../../config.ts';
import { runImport } from './backup.run.ts';

/** `npm run import -- <dir>`: loads an archive into the configured, empty installation (see docs/operations.md). */
const dir = process.argv[2];
if (!dir || process.argv.length > 3) {
  console.error('usage: npm run import -- <archive directory>');
  process.exit(2);
}
try {
  const config = loadConfig();
  const started = Date.now();
  const summary = await runImport(config, dir, (line) => console.log(line));
  console.log(`imported ${summary.rows} rows and ${summary.files} files from ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `import failed: ${(err as Error).message}`);
  process.exit(err instanceof ConfigError ? 2 : 1);
}
