import argon2 from 'argon2';

/** argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): ≈ 25–30 ms per hash here. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with other parameters and should be replaced at the next login. */
export const needsRehash = (hash: string): boolean => argon2.needsRehash(hash, OPTIONS);

let dummy: Promise<string> | undefined;

/** Spends the time of one verification, so unknown names answer as slowly as wrong passwords. */
export async function burnVerify(password: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-0');
  await verifyPassword(await dummy, password);
}
