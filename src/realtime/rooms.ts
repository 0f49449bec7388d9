/** Room names: always built here, never as string literals elsewhere. Ids, not names, so a rename moves nothing. */
export const rooms = {
  user: (userId: number) => `u:${userId}`,
  group: (gid: string) => `g:${gid}`,
};
