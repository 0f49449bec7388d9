/**
 * Room keys of the client: `g:<gid>` for a group, `d:<name>` for a direct
 * conversation (the other person's name, as the server labels it for this
 * reader). Plain strings, so they can key plain objects and be persisted.
 */
export type RoomKey = `g:${string}` | `d:${string}`;

/** A group (`gid`) or a direct conversation (`dm`: the other person's name), as the API names rooms. */
export type RoomRef = { gid: string; dm?: undefined } | { dm: string; gid?: undefined };

/** The key of whatever carries `gid` or `dm` (a message, a conversation, an event). */
export function roomKey(ref: { gid?: string | null | undefined; dm?: string | null | undefined }): RoomKey {
  if (typeof ref.gid === 'string') return `g:${ref.gid}`;
  if (typeof ref.dm === 'string') return `d:${ref.dm}`;
  throw new Error('neither gid nor dm');
}

/** The API's `{gid}` or `{dm}` for a key. */
export function roomRef(key: RoomKey): RoomRef {
  return key.startsWith('g:') ? { gid: key.slice(2) } : { dm: key.slice(2) };
}
