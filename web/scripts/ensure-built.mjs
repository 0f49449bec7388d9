#!/usr/bin/env node
/**
 * Builds the web client into web/dist when it is missing or older than its
 * sources, so that a fresh clone serves the app after `npm install` (the
 * root's `prepare`) and after `npm start` (infra/start.mjs) with no extra
 * command. "Older" is decided by a hash of the inputs (the app's sources,
 * the SDK's, the server's message keys, the lockfile) kept beside the build:
 * an unchanged tree costs a stat of each input (infra/build-inputs.mjs), no build.
 *
 * Skips quietly where there is nothing to build with: an install without dev
 * dependencies (the image builds the app in its own stage) or a checkout
 * without the app's sources (the image's manifests-only install step).
 * Plain JavaScript: it runs before anything else is installed or compiled.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBuild, runStep, withLock } from '../../infra/build-inputs.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.dirname(web);
const dist = path.join(web, 'dist');
const stamp = path.join(dist, '.build-hash');

/** Files whose content decides the build's output. */
const INPUTS = ['web/index.html', 'web/vite.config.ts', 'web/package.json', 'web/src', 'web/public', 'packages/client/src', 'src/i18n/keys.ts', 'package-lock.json'];

/** Whether web/dist is there and was built from the sources as they are; else what to stamp it with once built. */
const check = () => checkBuild(root, INPUTS, { output: path.join(dist, 'index.html'), stampFile: stamp });

/** Builds when needed; returns what it did. */
export function ensureBuilt({ quiet = false } = {}) {
  const say = (m) => quiet || console.log(`[web] ${m}`);
  if (!existsSync(path.join(web, 'src', 'main.tsx'))) return 'no-sources';
  let vite;
  try {
    vite = path.join(path.dirname(createRequire(path.join(web, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
  } catch {
    say('vite is not installed (production install?): web/dist is left as it is');
    return 'no-vite';
  }
  if (check().fresh) return 'fresh';
  // Two processes finding the build stale at once (two test files starting together) build once,
  // one after the other, instead of emptying web/dist under each other.
  return withLock(path.join(web, '.build-lock'), { staleMs: 120_000, waitMs: 180_000, what: 'the web client' }, () => {
    // Another process may have built it while this one waited.
    const state = check();
    if (state.fresh) return 'fresh';
    return build(state.stamp, quiet, say, vite);
  });
}

function build(stampText, quiet, say, vite) {
  say(existsSync(path.join(dist, 'index.html')) ? 'sources changed: rebuilding the web client' : 'building the web client');
  // Always a production build, whatever NODE_ENV the caller runs under (vitest sets `test`, which would build React's development files).
  const env = { ...process.env, NODE_ENV: 'production' };
  const run = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: web, env, stdio: quiet ? 'pipe' : 'inherit' });
  if (run.status !== 0) {
    if (quiet) process.stderr.write(run.stderr ?? '');
    throw new Error(`web build failed (exit ${run.status})`);
  }
  writeFileSync(stamp, stampText);
  say('built web/dist');
  return 'built';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) runStep('web', () => ensureBuilt());
