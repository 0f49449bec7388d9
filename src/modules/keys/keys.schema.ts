import { z } from 'zod';

const KEY_ERR = 'api.key.invalid';

/**
 * `rateLimit`: an integer 1–6000; anything else (absent, out of range, not a
 * number) means the default, stored as null (spec 4.7).
 */
const rateLimit = z.unknown().transform((v) => (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 6000 ? (v as number) : null));

/** Days until expiry, 1–3650; null or absent means never. */
const expiresDays = z.number(KEY_ERR).int(KEY_ERR).min(1, KEY_ERR).max(3650, KEY_ERR).nullable();

export const createKeyBody = z.object({
  name: z.string(KEY_ERR).trim().min(1, KEY_ERR).max(40, KEY_ERR),
  scopes: z.array(z.string(KEY_ERR).max(64, KEY_ERR), KEY_ERR).max(64, KEY_ERR),
  rateLimit: rateLimit.optional(),
  expiresDays: expiresDays.optional(),
});
export type CreateKeyBody = z.infer<typeof createKeyBody>;

export const updateKeyBody = z.object({
  id: z.number(KEY_ERR).int(KEY_ERR).positive(KEY_ERR),
  name: z.string(KEY_ERR).trim().min(1, KEY_ERR).max(40, KEY_ERR).optional(),
  scopes: z.array(z.string(KEY_ERR).max(64, KEY_ERR), KEY_ERR).max(64, KEY_ERR).optional(),
  rateLimit: rateLimit.optional(),
  expiresDays: expiresDays.optional(),
  revoked: z.boolean(KEY_ERR).optional(),
});
export type UpdateKeyBody = z.infer<typeof updateKeyBody>;

export const deleteKeyBody = z.object({ id: z.number(KEY_ERR).int(KEY_ERR) });
