#!/usr/bin/env node
/**
 * Builds the server into dist/ (`npm run build`: the compiled entry points and the embedded
 * database template) when it is missing or older than its sources, so that `npm start` runs
 * compiled JavaScript: the root's `prepare` (at `npm install`) and `npm start` (infra/start.mjs) run it. "Older" is
 * decided by a hash of the inputs kept in dist/: an unchanged tree costs a stat of each input, no
 * build.
 *
 * Skips quietly where there is nothing to build with (an install without dev dependencies, a
 * checkout without the sources). Plain JavaScript, like web/scripts/ensure-built.mjs: it runs
 * before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBuild, runStep, withLock } from './build-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, '.build-hash');

/** Files whose content decides the build's output. */
const INPUTS = ['src', 'workers', 'infra/build.ts', 'infra/argon2-host.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** Whether dist/ is there and was built from the sources as they are; else what to stamp it with once built. */
const check = () => checkBuild(root, INPUTS, { output: path.join(dist, 'main.js'), stampFile: stamp });

export function ensureDist() {
  if (!existsSync(path.join(root, 'src', 'main.ts'))) return 'no-sources';
  try {
    const require = createRequire(path.join(root, 'package.json'));
    require.resolve('esbuild');
    require.resolve('tsx');
  } catch {
    console.log('[build] esbuild is not installed (production install?): dist/ is left as it is');
    return 'no-esbuild';
  }
  if (check().fresh) return 'fresh';
  // One builder at a time (two starts at once); a lock older than five minutes is a crashed builder's.
  return withLock(path.join(root, '.dist-build-lock'), { staleMs: 300_000, waitMs: 300_000, what: 'dist/' }, () => {
    const state = check();
    if (state.fresh) return 'fresh';
    console.log(existsSync(path.join(dist, 'main.js')) ? '[build] sources changed: rebuilding dist/' : '[build] building dist/');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/build.ts'], { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`build failed (exit ${run.status})`);
    writeFileSync(stamp, state.stamp);
    return 'built';
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) runStep('build', ensureDist);
