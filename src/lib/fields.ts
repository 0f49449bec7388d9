import { z } from 'zod';

/** Reusable fields of request schemas. */

/** Length in characters as people count them (code points), not UTF-16 units. */
export const charCount = (s: string): number => [...s].length;

/** Trimmed text of at most `max` characters; longer is a size excess (413 `api.tooLarge`). */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .refine((s) => charCount(s) <= max, 'api.tooLarge');

/** An account name as given by a client (looked up case-insensitively; 404 when unknown). */
export const userName = z.string().trim().min(1).max(64);

/** Default and largest page of a list endpoint. */
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 200;

/**
 * `limit` and `offset` of a paged list, from the query string. A limit above
 * the maximum is lowered to it (the caller gets the largest page there is);
 * anything that is not a non-negative integer is a 400.
 */
export const paging = {
  /** Rows per page, 1–200; default 50; larger values are lowered to 200. */
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(PAGE_DEFAULT)
    .transform((n) => Math.min(n, PAGE_MAX)),
  /** Rows to skip, 0–1,000,000. */
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

/** A `q` search keyword: trimmed, empty means everything, at most 64 characters (413 above). */
export const keyword = z.string().trim().max(64, 'api.tooLarge').default('');

/** `%`, `_` and `\` of a keyword taken literally in a `like ... escape '\'` pattern. */
export const likePattern = (q: string): string => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
