import { z } from 'zod';
import { millis, okWith } from '../../lib/contract.ts';
import { userEntry } from '../users/users.schema.ts';
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

// ---- answers ----

/** A friend: the list entry and the caller's private remark. */
const friendEntry = userEntry.extend({ remark: z.string().describe("The caller's private name for this friend; empty when none") });

/** A pending friend request: the other person and when it was sent. */
const requestEntry = userEntry.extend({ created: millis.describe('When the request was sent (ms)') });

export const friendsAnswer = okWith({
  users: z.array(friendEntry).describe('Friends, by name'),
  requests: z.array(requestEntry).describe('Requests to the caller, oldest first'),
  sent: z.array(requestEntry).describe('Requests by the caller, oldest first'),
});
