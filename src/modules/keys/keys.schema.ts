import { z } from 'zod';
import { SCOPES } from '../../identity.ts';
import { component, millis, okWith } from '../../lib/contract.ts';

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

// ---- answers ----

const scope = z.enum(SCOPES);

/** An API key as its owner sees it (spec 2.5); never the secret. */
export const keyView = component(
  'Key',
  z.object({
    id: z.number().int(),
    name: z.string(),
    prefix: z.string().describe('The 8 hex characters after `key_`, to recognise the key'),
    scopes: z.array(scope),
    rateLimit: z.number().int().nullable().describe('Requests per minute; null: the default (60)'),
    created: millis,
    lastUsed: millis.nullable().describe('Last request made with the key (ms); null: never used'),
    expires: millis.nullable().describe('Expiry (ms); null: never expires'),
    revoked: z.boolean(),
  }),
  'An API key (spec 2.5), without its secret',
);
export type KeyView = z.infer<typeof keyView>;

export const keysAnswer = okWith({
  keys: z.array(keyView),
  scopes: z.array(scope).describe('The scopes the caller may grant (`admin` only to administrators)'),
  defaultRate: z.number().int().describe('Requests per minute of a key without `rateLimit`'),
  isAdmin: z.boolean(),
});

export const keyCreatedAnswer = okWith({
  key: keyView,
  plaintext: z.string().describe('`key_<prefix>_<secret>`: shown this once, only its hash is stored'),
});
