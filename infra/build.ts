import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * `npm run build`: compiles the three entry points (server, worker, migrate)
 * into plain ESM JavaScript in `dist/` (or the directory given as the first
 * argument), with source maps, dependencies left as imports of node_modules.
 * The image runs this output: a Node process then loads JavaScript directly
 * instead of compiling TypeScript through tsx's loader hooks on every start
 * (docs/operations.md, "The image", has the measured difference).
 */
const outdir = path.resolve(process.argv[2] ?? 'dist');
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
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// src/db/migrate.ts reads its SQL files beside the running module.
cpSync('src/db/migrations', path.join(outdir, 'migrations'), { recursive: true });
console.log(`built ${path.relative(process.cwd(), outdir) || '.'}/main.js, worker.js, migrate.js`);
