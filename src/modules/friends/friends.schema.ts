import { z } from 'zod';
import { text, userName } from '../../lib/fields.ts';

/** request, accept, decline, remove: the other person. */
export const friendBody = z.object({
  /** The other account's name (case-insensitive). */
  name: userName,
});
export type FriendBody = z.infer<typeof friendBody>;

/** POST /api/friends/remark. */
export const remarkBody = z.object({
  /** The friend's name. */
  to: userName,
  /** What the caller calls this friend, at most 32 characters; empty clears. Private to the caller. */
  remark: text(32),
});
export type RemarkBody = z.infer<typeof remarkBody>;
