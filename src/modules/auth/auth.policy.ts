import type { MessageKey } from '../../i18n/keys.ts';
import type { AccountStatus } from '../../identity.ts';

/** Login lockout (spec section 8): 5 consecutive failures from one address lock it for 10 minutes. */
export const LOCKOUT = { failures: 5, lockMs: 10 * 60_000 } as const;

/** 2FA challenge lifetime (spec section 8) and wrong codes one challenge tolerates. */
export const CHALLENGE = { ttlMs: 5 * 60_000, maxWrongCodes: 5 } as const;

/** The refusal key for an account that may not log in, or undefined when it may. */
export function loginRefusal(status: AccountStatus, banned: boolean): MessageKey | undefined {
  if (status === 'pending') return 'api.login.pending';
  if (status === 'rejected') return 'api.login.rejected';
  if (status === 'banned' || banned) return 'api.login.banned';
  return undefined;
}
