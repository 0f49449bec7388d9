/**
 * What the two "build when stale" scripts share (web/scripts/ensure-built.mjs for web/dist,
 * infra/ensure-dist.mjs for dist/): a hash of a build's input files, kept beside its output, and a
 * lock directory so that two processes finding a build stale at once (two test files, two starts)
 * build once, one after the other. Plain JavaScript: it runs before anything is compiled.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** The files under each of `inputs` (paths relative to `root`), in a stable order. */
function files(root, rel) {
  const abs = path.join(root, rel);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [rel];
  return readdirSync(abs)
    .sort()
    .flatMap((f) => files(root, path.join(rel, f)));
}

/** The hash of every input file's path and content. */
export function inputsHash(root, inputs) {
  const h = createHash('sha256');
  for (const rel of inputs.flatMap((i) => files(root, i))) {
    h.update(rel.split(path.sep).join('/')).update('\0').update(readFileSync(path.join(root, rel))).update('\0');
  }
  return h.digest('hex');
}

/**
 * Runs `fn` while holding the lock directory `lock`, waiting up to `waitMs` for another holder; a
 * lock older than `staleMs` is a crashed builder's and is taken over.
 */
export function withLock(lock, { staleMs, waitMs, what }, fn) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      try {
        if (Date.now() - statSync(lock).mtimeMs > staleMs) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Gone meanwhile: try again.
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for another build of ${what}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
