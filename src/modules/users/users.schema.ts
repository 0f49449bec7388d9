import { z } from 'zod';
import { component, okWith } from '../../lib/contract.ts';
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

// ---- answers ----

/** A person in a list (spec 2.9): the user list, friends, requests. */
export const userEntry = component(
  'User',
  z.object({
    name: z.string(),
    online: z.boolean().describe('Connected and not invisible'),
    image: z.string().describe('Avatar path (`/uploads/...`), empty when none'),
    nickname: z.string().describe('Display name, empty when none'),
  }),
  'A person in a list (spec 2.9)',
);
export type UserEntry = z.infer<typeof userEntry>;

/** A profile (spec 2.3). */
export const profile = component(
  'Profile',
  z.object({
    name: z.string(),
    nickname: z.string(),
    signature: z.string(),
    avatar: z.string().describe('Avatar path (`/uploads/...`), empty when none'),
  }),
  "A user's profile (spec 2.3)",
);
export type Profile = z.infer<typeof profile>;

/** GET /api/me (spec 2.2). */
export const meAnswer = component(
  'Me',
  okWith({
    username: z.string(),
    role: z.enum(['user', 'admin']),
    online: z.boolean().describe('At least one live connection'),
    platforms: z.array(z.string()).describe('Platform identifiers of the live connections'),
    penalties: z.number().int().describe('Penalties in force (mute, ban...); above 0 means restricted'),
    mustChange: z.boolean().describe('The password must be changed (an administrator reset it)'),
    twofa: z.boolean().describe('2FA is on'),
    profile,
  }),
  'The current account (spec 2.2), as GET /api/me answers it',
);

export const usersAnswer = okWith({ users: z.array(userEntry) });

export const profileAnswer = okWith({ profile });

/** GET /api/settings (spec 2.4). */
export const settingsAnswer = okWith({
  invisible: z.boolean().describe('Shown as offline to others'),
  away: z.boolean().describe('Online but marked away'),
  lang: z.enum(['zh', 'en', 'ja']),
  allowInvite: z.boolean().describe('Invitations to groups join at once'),
  readReceipts: z.boolean().describe('Friends are told how far the caller has read their direct conversation'),
});
