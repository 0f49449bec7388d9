/**
 * What the two "build when stale" scripts share (web/scripts/ensure-built.mjs for web/dist,
 * infra/ensure-dist.mjs for dist/): a hash of a build's input files, kept beside its output, and a
 * lock directory so that two processes finding a build stale at once (two test files, two starts)
 * build once, one after the other. Plain JavaScript: it runs before anything is compiled.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** The hash of every input file's path, size and modification time: no file is read. */
function inputsStat(root, inputs) {
  const h = createHash('sha256');
  for (const rel of inputs.flatMap((i) => files(root, i))) {
    const s = statSync(path.join(root, rel));
    h.update(`${rel.split(path.sep).join('/')}\0${s.size}\0${s.mtimeMs}\0`);
  }
  return h.digest('hex');
}

/**
 * Whether the build whose main file is `output` and whose stamp is `stampFile` (its inputs'
 * content hash, then their stat fingerprint) is there and was made from the inputs as they are.
 * Like git's index, an unchanged stat fingerprint (every path, size and mtime) answers without
 * reading a file: that is every `npm start` of an unchanged tree. When it differs (a checkout
 * touched the files), the contents decide, and an unchanged content refreshes the fingerprint.
 * The fingerprint is taken before the contents are read, so a file changed meanwhile makes the
 * next check read them again. Returns `{ fresh: true }`, or `{ fresh: false, stamp }`: the text
 * to write to `stampFile` once built.
 */
export function checkBuild(root, inputs, { output, stampFile }) {
  const built = existsSync(output) && existsSync(stampFile);
  const [hash, stat] = built ? readFileSync(stampFile, 'utf8').split('\n') : [];
  const nowStat = inputsStat(root, inputs);
  if (stat !== undefined && stat === nowStat) return { fresh: true };
  const nowHash = inputsHash(root, inputs);
  const stamp = `${nowHash}\n${nowStat}`;
  if (hash !== nowHash) return { fresh: false, stamp };
  try {
    writeFileSync(stampFile, stamp);
  } catch {
    // A read-only tree: the contents will be read again next time, that is all.
  }
  return { fresh: true };
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

/** Runs a build step as a script: its error is printed under `label`, and the process exits 1. */
export function runStep(label, step) {
  try {
    step();
  } catch (err) {
    console.error(`[${label}] ${err.message}`);
    process.exit(1);
  }
}
