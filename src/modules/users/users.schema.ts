import { z } from 'zod';
import { keyword, paging } from '../../lib/fields.ts';

/** POST /api/profile: any of the three fields. Over-long text is a size excess (413). */
export const profileUpdate = z.object({
  /** Display name, at most 32 characters; empty clears. */
  nickname: z.string().max(32, 'api.tooLarge').optional(),
  /** Free text, at most 200 characters; empty clears. */
  signature: z.string().max(200, 'api.tooLarge').optional(),
  /** `/uploads/<name>.<ext>` of a file on this server, or empty to clear. */
  avatar: z.string().max(200, 'api.tooLarge').optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdate>;

export const profileQuery = z.object({ name: z.string().min(1).max(64).optional() });

/** POST /api/settings: every field optional; omitted fields are unchanged. */
export const settingsUpdate = z.object({
  invisible: z.boolean().optional(),
  away: z.boolean().optional(),
  lang: z.enum(['zh', 'en', 'ja']).optional(),
  /** "Anyone may add me to a group": invitations join at once. */
  allowInvite: z.boolean().optional(),
  /** Tell a friend how far I have read our direct conversation (the `read` event); default true. */
  readReceipts: z.boolean().optional(),
});
export type SettingsUpdate = z.infer<typeof settingsUpdate>;

export const passwordChange = z.object({
  oldPassword: z.string().min(1).max(256),
  newPassword: z.string().max(256, 'api.register.weakPassword'),
});

/** GET /api/users: case-insensitive substring of name or nickname; paged. */
export const usersQuery = z.object({
  /** Keyword; empty lists everyone. `%` and `_` are literal. */
  q: keyword,
  ...paging,
});
export type UsersQuery = z.infer<typeof usersQuery>;
