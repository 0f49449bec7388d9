import { z } from 'zod';
import { component, millis, okWith } from '../../lib/contract.ts';

const name = z.string('api.badRequest').trim().min(1).max(64);

export const reviewBody = z.object({ name: z.string().min(1).max(64) });

/** GET /api/admin/users. */
export const usersQuery = z.object({
  /** A substring of the name, case-insensitive (`%` and `_` are literal). */
  q: z.string().trim().min(1).max(64).optional(),
  /** The shown status; `banned` means a ban in force. */
  status: z.enum(['pending', 'active', 'rejected', 'banned']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type UsersQuery = z.infer<typeof usersQuery>;

export const nameBody = z.object({ name });

/** POST /api/admin/user/add and user/pass. */
export const namePasswordBody = z.object({
  name,
  password: z.string('api.register.weakPassword').max(256, 'api.register.weakPassword'),
});

/** POST /api/admin/user/image: the path of an image uploaded here (`/uploads/<name>`), or empty to clear. */
export const userImageBody = z.object({ name, image: z.string('api.profile.badAvatar').max(200, 'api.tooLarge') });

export const renameBody = z.object({ name, newName: z.string('api.register.badName').max(64, 'api.register.badName') });

export const roleBody = z.object({ name, role: z.enum(['user', 'admin'], 'api.admin.badRole') });

/** A lenient integer query parameter: absent or not an integer gives the fallback; out of range is clamped. */
function intParam(v: unknown, fallback: number, min: number, max: number): number {
  const n = typeof v === 'string' && /^-?\d{1,16}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

/** GET /api/admin/files (spec 4.8): `limit` defaults to 200 and is at most 1000. */
export const filesQuery = z
  .object({
    /** Substring of the stored or the original name; `%` and `_` are literal. */
    q: z.string().max(200).optional(),
    limit: z.unknown().optional().describe('Integer, default 200, clamped to 1–1000'),
    offset: z.unknown().optional().describe('Integer, default 0'),
  })
  .transform(({ q, limit, offset }) => ({
    q: q === '' ? undefined : q,
    limit: intParam(limit, 200, 1, 1000),
    offset: intParam(offset, 0, 0, Number.MAX_SAFE_INTEGER),
  }));

/** POST /api/admin/file/del. */
export const fileDelBody = z.object({ name: z.string('api.admin.fileInvalid').max(300, 'api.admin.fileInvalid') });

/** POST /api/admin/files/del-batch: at most 200 names; an item that is not a valid name counts as failed. */
export const filesDelBatchBody = z.object({ names: z.array(z.unknown()).max(200, 'api.tooLarge') });

// ---- answers ----

/** A registration awaiting review. */
const approvalEntry = z.object({
  name: z.string(),
  email: z.string().describe('As given at registration'),
  created: millis.describe('When the account was registered (ms)'),
});

export const approvalsAnswer = okWith({ approvals: z.array(approvalEntry).describe('Oldest first') });

/** An account in the administrators' list (spec 2.14). */
export const adminUserEntry = component(
  'AdminUser',
  z.object({
    name: z.string(),
    role: z.enum(['user', 'admin']),
    status: z.enum(['pending', 'active', 'rejected', 'banned']).describe('`banned`: a ban in force (or the account banned)'),
    last_seen: millis.nullable().describe('Last activity (ms); null: never logged in'),
    created: millis,
    avatar: z.string().describe('The profile picture (`/uploads/<name>`, or empty): what `admin/user/image` sets'),
  }),
  'An account in the administrators’ user list (spec 2.14)',
);

export const adminUsersAnswer = okWith({
  users: z.array(adminUserEntry),
  total: z.number().int().describe('Accounts matching the filters'),
});

export const userAddedAnswer = okWith({ name: z.string().describe('The account created, as stored') });
