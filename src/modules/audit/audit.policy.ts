import type { MessageKey } from '../../i18n/keys.ts';

/** Rows kept (spec section 8); older ones are trimmed. */
export const AUDIT_CAPACITY = 5000;
/** Longest `detail` string (spec section 8). */
export const AUDIT_DETAIL_MAX = 300;

export type AuditValue = string | number | boolean | null;

/** Drops a dangling high surrogate left by cutting a string in the middle of a pair. */
function cut(s: string, length: number): string {
  const out = s.slice(0, Math.max(0, length));
  const last = out.charCodeAt(out.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? out.slice(0, -1) : out;
}

/**
 * The `detail` of an audit entry: JSON `{k, v}` of at most 300 characters.
 * When too long, the longest string values are shortened (ending in `…`),
 * and as a last resort trailing values are dropped, so the key always survives.
 */
export function formatDetail(k: MessageKey, v: Readonly<Record<string, AuditValue>>): string {
  const values: Record<string, AuditValue> = { ...v };
  let out = JSON.stringify({ k, v: values });
  while (out.length > AUDIT_DETAIL_MAX) {
    const excess = out.length - AUDIT_DETAIL_MAX;
    let longest: string | undefined;
    let longestLength = 1;
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'string' && value.length > longestLength) {
        longest = name;
        longestLength = value.length;
      }
    }
    if (longest === undefined) {
      const names = Object.keys(values);
      if (names.length === 0) break;
      delete values[names[names.length - 1]!];
    } else {
      const s = values[longest] as string;
      values[longest] = `${cut(s, s.length - excess - 1)}…`;
    }
    out = JSON.stringify({ k, v: values });
  }
  return out;
}
