import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import portable from 'argon2';
import { argon2Package, BUILT_MARK, hashesLikePortable, hostBuildDir, variantFor } from '../../../infra/argon2-host.mjs';

export type Argon2 = typeof portable;

export interface Argon2Build {
  argon2: Argon2;
  /** 'avx512' or 'avx2' for the copy compiled for this CPU at install (infra/build-argon2.mjs), else 'portable'. */
  variant: string;
}

/**
 * The fastest argon2 this machine can run: the package compiled for this CPU at install when
 * there is such a build, this CPU has the instructions it was compiled for, and it hashes exactly
 * like the portable addon (checked once here on a small input); otherwise the package as
 * installed. Both are the same library and version, so every hash verifies with either.
 */
async function load(): Promise<Argon2Build> {
  try {
    const variant = variantFor();
    if (!variant) return { argon2: portable, variant: 'portable' };
    const dir = hostBuildDir(argon2Package(import.meta.url), variant);
    if (!existsSync(path.join(dir, BUILT_MARK))) return { argon2: portable, variant: 'portable' };
    const host = createRequire(import.meta.url)(dir) as Argon2;
    return (await hashesLikePortable(portable, host)) ? { argon2: host, variant: variant.name } : { argon2: portable, variant: 'portable' };
  } catch {
    return { argon2: portable, variant: 'portable' };
  }
}

let loading: Promise<Argon2Build> | undefined;

/** argon2 for this process, chosen once (see `load`). */
export const argon2Build = (): Promise<Argon2Build> => {
  loading ??= load();
  return loading;
};
