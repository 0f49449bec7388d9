/**
 * Why the last session ended on the server's side (`logged.out`), shown on the login screen
 * (`auth.ended.<reason>`). A browser's session is a cookie, so the API-key reasons do not reach
 * it; any reason not listed reads as `unauthorized`.
 */
export const END_REASONS = ['banned', 'password', 'passwordChanged', 'deleted', 'ipbanned', 'logout', 'expired', 'unauthorized'] as const;
export type EndReason = (typeof END_REASONS)[number] | null;

export const endReason = (reason: string): NonNullable<EndReason> => END_REASONS.find((r) => r === reason) ?? 'unauthorized';

/** The reason to show when the server refused a new connection's credentials (`connection.refusal`, an `api.*` key). */
export const endReasonOfRefusal = (key: string | undefined): NonNullable<EndReason> =>
  key === 'api.login.banned' ? 'banned' : key === 'api.penalty.ipBanned' ? 'ipbanned' : 'unauthorized';
