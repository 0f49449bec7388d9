import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (input: string | Buffer): string => createHash('sha256').update(input).digest('hex');

export const randomHex = (bytes: number): string => randomBytes(bytes).toString('hex');

/** URL-safe random token (base64url). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Constant-time equality of two strings (false at once when lengths differ, which leaks only the length). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
