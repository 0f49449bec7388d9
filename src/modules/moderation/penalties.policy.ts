/** Penalty rules (spec 2.11, section 8). Pure functions. */

export const PENALTY_ACTIONS = ['warning', 'mute', 'ban', 'ipban'] as const;
export type PenaltyAction = (typeof PENALTY_ACTIONS)[number];

/** The longest timed penalty: 3650 days, in seconds. */
export const MAX_PENALTY_SECONDS = 3650 * 86_400;

/** 0, or anything above the maximum, means permanent. */
export const isPermanent = (durationSeconds: number): boolean => durationSeconds === 0 || durationSeconds > MAX_PENALTY_SECONDS;

/** When a penalty imposed at `now` ends: null for a permanent one. */
export const penaltyExpiry = (durationSeconds: number, now: number): number | null =>
  isPermanent(durationSeconds) ? null : now + durationSeconds * 1000;

/** In force: not revoked, and permanent or not yet expired. */
export const inForce = (p: { revoked: boolean; expires: number | null }, now: number): boolean =>
  !p.revoked && (p.expires === null || p.expires > now);
