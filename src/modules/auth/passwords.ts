import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { Slots } from '../../lib/slots.ts';
import { argon2Build } from './argon2.ts';

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): ≈ 25–30 ms per hash here with the
 * package's portable addon, about half that with the build for this CPU (see argon2.ts).
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash or verification per core at a time, first come first served. argon2 runs on
 * libuv's thread pool (4 threads by default): with more hashes than cores in flight they share
 * the cores, all finish late and together, and then leave the cores idle while their requests do
 * their database work at the same time. One per core keeps a hash running on every core while
 * the others finish, leaves pool threads free for other work, and the event loop less contended.
 */
const hashing = new Slots(Math.max(1, availableParallelism()));

async function limited<T>(work: () => Promise<T>): Promise<T> {
  await hashing.acquire();
  try {
    return await work();
  } finally {
    hashing.release();
  }
}

export const hashPassword = async (password: string): Promise<string> => {
  const { argon2: build } = await argon2Build();
  return limited(() => build.hash(password, OPTIONS));
};

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    const { argon2: build } = await argon2Build();
    return await limited(() => build.verify(hash, password));
  } catch {
    return false;
  }
}

/** True when a stored hash was made with other parameters and should be replaced at the next login (no addon involved). */
export const needsRehash = (hash: string): boolean => argon2.needsRehash(hash, OPTIONS);

let dummy: Promise<string> | undefined;

/** Spends the time of one verification, so unknown names answer as slowly as wrong passwords. */
export async function burnVerify(password: string): Promise<void> {
  dummy ??= hashPassword('dummy-password-0');
  await verifyPassword(await dummy, password);
}
