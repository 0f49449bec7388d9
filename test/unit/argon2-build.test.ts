import { existsSync } from 'node:fs';
import path from 'node:path';
import portable from 'argon2';
import { describe, expect, it } from 'vitest';
import { argon2Package, BUILT_MARK, hostBuildDir, variantFor } from '../../infra/argon2-host.mjs';
import { argon2Build } from '../../src/modules/auth/argon2.ts';
import { hashPassword, verifyPassword } from '../../src/modules/auth/passwords.ts';

const onX64Linux = process.platform === 'linux' && process.arch === 'x64';

describe('argon2 compiled for the host CPU', () => {
  it('picks the best variant the CPU flags allow, and none without AVX2', () => {
    if (!onX64Linux) {
      expect(variantFor(new Set(['avx2']))).toBeUndefined();
      return;
    }
    expect(variantFor(new Set(['sse2', 'avx2', 'avx512f', 'avx512vl']))?.name).toBe('avx512');
    expect(variantFor(new Set(['sse2', 'avx2', 'avx512f']))?.name).toBe('avx2');
    expect(variantFor(new Set(['sse2', 'avx2']))?.name).toBe('avx2');
    expect(variantFor(new Set(['sse2', 'ssse3']))).toBeUndefined();
  });

  it('is what the server hashes with wherever the install could build it', async () => {
    const variant = variantFor();
    const built = variant !== undefined && existsSync(path.join(hostBuildDir(argon2Package(import.meta.url), variant), BUILT_MARK));
    // CI installs on a machine with a compiler and AVX2 or better: the build must be there and used.
    if (process.env.CI) expect(built).toBe(variant !== undefined);
    const { argon2, variant: used } = await argon2Build();
    expect(used).toBe(built ? variant?.name : 'portable');
    expect(argon2 === portable).toBe(!built);
  });

  it('makes and checks the same hashes as the portable addon, both ways', async () => {
    const { argon2 } = await argon2Build();
    const options = { type: portable.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
    const salt = Buffer.from('0123456789abcdef');
    expect(await argon2.hash('same input', { ...options, salt })).toBe(await portable.hash('same input', { ...options, salt }));
    const byServer = await hashPassword('correct horse');
    expect(await portable.verify(byServer, 'correct horse')).toBe(true);
    const byPortable = await portable.hash('battery staple', options);
    expect(await verifyPassword(byPortable, 'battery staple')).toBe(true);
    expect(await verifyPassword(byPortable, 'battery stapler')).toBe(false);
  });
});
