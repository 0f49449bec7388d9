/**
 * Where argon2's addon compiled for this machine's CPU lives, and whether a CPU can run it: shared
 * by the install step (infra/build-argon2.mjs) and the server (src/modules/auth/argon2.ts).
 *
 * The `argon2` package ships one prebuilt addon per platform, compiled for the oldest x86-64 CPUs
 * (SSE2): on a CPU with AVX2 or AVX-512 the same library compiled for them verifies a password in
 * about half the time (docs/decisions.md, "argon2 compiled for the host CPU"). The compiled copy
 * is kept apart from the package (a copy of it, built in node_modules/.cache/argon2-host/), never
 * in the package's own build/ directory: the package would then load it on any CPU, and a
 * node_modules copied to an older machine would die on its first hash (illegal instruction).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The file that marks a finished and checked build in its directory. */
export const BUILT_MARK = '.built';

/** Compiler flags of each variant and the CPU flags (/proc/cpuinfo) it needs, best first. */
export const VARIANTS = [
  { name: 'avx512', cflags: '-mavx2 -mavx512f -mavx512vl', needs: ['avx2', 'avx512f', 'avx512vl'] },
  { name: 'avx2', cflags: '-mavx2', needs: ['avx2'] },
];

/** The CPU flags of this machine; empty where there is no /proc/cpuinfo (not Linux). */
export function cpuFlags() {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8').match(/^flags\s*:(.*)$/m);
    return new Set(line ? line[1].trim().split(/\s+/) : []);
  } catch {
    return new Set();
  }
}

/** The best variant this CPU runs, or undefined (not x64 Linux, or neither AVX2 nor AVX-512). */
export function variantFor(flags = cpuFlags()) {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  return VARIANTS.find((v) => v.needs.every((f) => flags.has(f)));
}

/** The installed `argon2` package's directory and version, resolved from `from` (a file path or URL). */
export function argon2Package(from) {
  const manifest = createRequire(from).resolve('argon2/package.json');
  return { dir: path.dirname(manifest), version: JSON.parse(readFileSync(manifest, 'utf8')).version };
}

/**
 * Whether a compiled copy hashes exactly like the package's portable addon: one small input with a
 * fixed salt through both (checked after the build, and again by the server before it uses one).
 */
export async function hashesLikePortable(portable, compiled) {
  const options = { type: portable.argon2id, memoryCost: 1024, timeCost: 2, parallelism: 1, salt: Buffer.alloc(16, 7) };
  const [expected, got] = await Promise.all([portable.hash('check', options), compiled.hash('check', options)]);
  return expected === got;
}

/** The directory of the copy of the package compiled as `variant`. */
export function hostBuildDir(pkg, variant) {
  return path.join(path.dirname(pkg.dir), '.cache', 'argon2-host', `${pkg.version}-${variant.name}`);
}
