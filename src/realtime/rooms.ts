/** Room names: always built here, never as string literals elsewhere. Ids, not names, so a rename moves nothing. */
export const rooms = {
  user: (userId: number) => `u:${userId}`,
  group: (gid: string) => `g:${gid}`,
  /** The connections opened with one session (cookie or bearer token), by the sha256 of its token. */
  session: (sessionHash: string) => `s:${sessionHash}`,
  /** The connections opened with one API key, by its id. */
  key: (keyId: number) => `k:${keyId}`,
};
