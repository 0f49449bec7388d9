#!/usr/bin/env node
/**
 * Compiles argon2's addon for this machine's CPU (AVX-512 or AVX2) beside the package, at
 * `npm install` (the root's `prepare`). Never fails the install: without a compiler, Node's
 * headers or a CPU that gains from it, logins simply use the package's portable addon. Skips when
 * the build for this package version and CPU is there already. See infra/argon2-host.mjs.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { argon2Package, BUILT_MARK, hashesLikePortable, hostBuildDir, variantFor } from './argon2-host.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What of the package the build needs (its prebuilt addons and any earlier build stay behind). */
const SOURCES = ['package.json', 'argon2.cjs', 'argon2.cpp', 'binding.gyp', 'argon2'];

/** node-gyp: npm's own (npm sets npm_config_node_gyp for scripts), else the one beside this Node. */
function nodeGyp() {
  const candidates = [
    process.env.npm_config_node_gyp,
    path.resolve(path.dirname(process.execPath), '../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js'),
  ];
  return candidates.find((p) => p && existsSync(p));
}

/** Node's headers where this Node was installed (Debian's nodejs has them), else node-gyp fetches them. */
function nodeDirArgs() {
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  return existsSync(path.join(prefix, 'include', 'node', 'common.gypi')) ? ['--nodedir', prefix] : [];
}

/** The built copy loads and hashes exactly like the package's portable addon. */
async function loadsAndAgrees(pkgDir, builtDir) {
  const require = createRequire(import.meta.url);
  try {
    return await hashesLikePortable(require(pkgDir), require(builtDir));
  } catch {
    return false;
  }
}

export async function buildArgon2() {
  const variant = variantFor();
  if (!variant) return 'portable';
  const pkg = argon2Package(path.join(root, 'package.json'));
  const dir = hostBuildDir(pkg, variant);
  if (existsSync(path.join(dir, BUILT_MARK))) return 'fresh';
  const gyp = nodeGyp();
  if (!gyp) {
    console.log('[argon2] node-gyp not found: logins use the portable build');
    return 'no-node-gyp';
  }
  // Built beside, then renamed: a server starting meanwhile never loads half a build.
  const making = `${dir}.making-${process.pid}`;
  rmSync(making, { recursive: true, force: true });
  mkdirSync(making, { recursive: true });
  for (const name of SOURCES) cpSync(path.join(pkg.dir, name), path.join(making, name), { recursive: true });
  const started = Date.now();
  const built = spawnSync(process.execPath, [gyp, 'rebuild', ...nodeDirArgs()], {
    cwd: making,
    env: { ...process.env, CFLAGS: variant.cflags },
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (built.status !== 0 || !(await loadsAndAgrees(pkg.dir, making))) {
    rmSync(making, { recursive: true, force: true });
    const why = built.status !== 0 ? (built.stderr || built.error?.message || '').trim().split('\n').pop() : 'its hashes differ';
    console.log(`[argon2] could not build for ${variant.name} (${why}): logins use the portable build`);
    return 'failed';
  }
  // The objects and makefiles are not needed any more; the addon is.
  for (const name of ['argon2', 'argon2.cpp']) rmSync(path.join(making, name), { recursive: true, force: true });
  writeFileSync(path.join(making, BUILT_MARK), `${variant.name}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(making, dir);
  console.log(`[argon2] built for ${variant.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 'built';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await buildArgon2();
  } catch (err) {
    console.log(`[argon2] not built (${err instanceof Error ? err.message : err}): logins use the portable build`);
  }
}
