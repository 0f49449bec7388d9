import type { MessageKey } from '../../i18n/keys.ts';

/** Where two people stand: friends, or a pending request one way or the other. */
export interface Relation {
  friends: boolean;
  /** The caller asked the other person. */
  outgoing: boolean;
  /** The other person asked the caller. */
  incoming: boolean;
}

/**
 * Why a new friend request from the caller is refused (409), or undefined when
 * it may be sent. A reverse request is refused rather than turned into a
 * friendship: the caller should accept it, which says what they mean.
 */
export function requestRefusal(r: Relation): MessageKey | undefined {
  if (r.friends) return 'api.friend.already';
  if (r.outgoing) return 'api.friend.alreadyRequested';
  if (r.incoming) return 'api.friend.reversePending';
  return undefined;
}

/** A friendship's key: the pair ordered by id, so each pair has one row. */
export const pairOf = (a: number, b: number): [lo: number, hi: number] => (a < b ? [a, b] : [b, a]);
