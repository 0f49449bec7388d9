#!/usr/bin/env node
/**
 * Builds the server into dist/ (`npm run build`: the compiled entry points and the embedded
 * database template) when it is missing or older than its sources, so that `npm start` runs
 * compiled JavaScript: the root's `prepare` (at `npm install`) and `prestart` run it. "Older" is
 * decided by a hash of the inputs kept in dist/: an unchanged tree costs one hash, no build.
 *
 * Skips quietly where there is nothing to build with (an install without dev dependencies, a
 * checkout without the sources). Plain JavaScript, like web/scripts/ensure-built.mjs: it runs
 * before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, '.build-hash');

/** Files whose content decides the build's output. */
const INPUTS = ['src', 'workers', 'infra/build.ts', 'package.json', 'package-lock.json', 'tsconfig.json'];

function files(rel) {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [rel];
  return readdirSync(abs)
    .sort()
    .flatMap((f) => files(path.join(rel, f)));
}

function inputsHash() {
  const h = createHash('sha256');
  for (const rel of INPUTS.flatMap(files)) {
    h.update(rel.split(path.sep).join('/')).update('\0').update(readFileSync(path.join(root, rel))).update('\0');
  }
  return h.digest('hex');
}

const isFresh = (hash) => existsSync(path.join(dist, 'main.js')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;

/** One builder at a time (two starts at once); a lock older than five minutes is a crashed builder's. */
function withLock(fn) {
  const lock = path.join(root, '.dist-build-lock');
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Gone meanwhile: try again.
      }
      if (Date.now() > deadline) throw new Error('timed out waiting for another build of dist/');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function ensureDist() {
  if (!existsSync(path.join(root, 'src', 'main.ts'))) return 'no-sources';
  try {
    const require = createRequire(path.join(root, 'package.json'));
    require.resolve('esbuild');
    require.resolve('tsx');
  } catch {
    console.log('[build] esbuild is not installed (production install?): dist/ is left as it is');
    return 'no-esbuild';
  }
  if (isFresh(inputsHash())) return 'fresh';
  return withLock(() => {
    const hash = inputsHash();
    if (isFresh(hash)) return 'fresh';
    console.log(existsSync(path.join(dist, 'main.js')) ? '[build] sources changed: rebuilding dist/' : '[build] building dist/');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/build.ts'], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`build failed (exit ${run.status})`);
    writeFileSync(stamp, hash);
    return 'built';
  });
}

try {
  ensureDist();
} catch (err) {
  console.error(`[build] ${err.message}`);
  process.exit(1);
}
