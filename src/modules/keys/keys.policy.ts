import type { Role } from '../../identity.ts';
import { type Scope, SCOPES } from '../../identity.ts';

export const DEFAULT_RATE = 60;

/** Scopes this role may put on a key: everything but `admin` for plain users. */
export function grantableScopes(role: Role): Scope[] {
  return role === 'admin' ? [...SCOPES] : SCOPES.filter((s) => s !== 'admin');
}

/** Plaintext format: `key_<8-char prefix>_<48-char secret>`. */
export const KEY_RE = /^key_([0-9a-f]{8})_([0-9a-f]{48})$/;
