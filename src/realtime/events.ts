import type { z } from 'zod';
import {
  type ackFailure,
  type announcementPayload,
  type clientEvents,
  type editPayload,
  type fileExpiredPayload,
  type friendsChangedPayload,
  type groupInvitesPayload,
  type groupMembersPayload,
  type groupRequestsPayload,
  type groupsChangedPayload,
  type messagePayload,
  type notificationPayload,
  PLATFORMS,
  type penaltyLiftedPayload,
  type penaltyPayload,
  type presencePayload,
  type quietPayload,
  type reactionPayload,
  type readPayload,
  type recallPayload,
  type roomRef,
  type serverEvents,
  type typingPayload,
} from './payloads.ts';

/**
 * Every Socket.IO event name and payload type, in one place (documented in
 * docs/protocol.md, published as /api/asyncapi.json). The types are inferred
 * from the zod schemas of payloads.ts, the one source of the protocol; the
 * type map is not validation: handlers parse client payloads with zod.
 */
export { clientEvents, serverEvents } from './payloads.ts';

/** Acknowledgement of every client → server event. */
export type Ack<T extends object = object> = (res: ({ ok: true } & T) | AckFailure) => void;

/** A refused event: `retryAfter` (seconds) when waiting helps, as HTTP's Retry-After (`api.rateLimited`, `api.unavailable`). */
export type AckFailure = z.infer<typeof ackFailure>;

export type PresencePayload = z.infer<typeof presencePayload>;
export type PenaltyPayload = z.infer<typeof penaltyPayload>;
/** `penalty.lifted`: the penalty `id` was revoked. */
export type PenaltyLiftedPayload = z.infer<typeof penaltyLiftedPayload>;
/** `friends.changed`: `name` is the other party, `by` who acted (either of the two). */
export type FriendsChangedPayload = z.infer<typeof friendsChangedPayload>;
/** `group.members`: `name` is the member the change is about. */
export type GroupMembersPayload = z.infer<typeof groupMembersPayload>;
export type GroupsChangedPayload = z.infer<typeof groupsChangedPayload>;
export type GroupInvitesPayload = z.infer<typeof groupInvitesPayload>;
export type GroupRequestsPayload = z.infer<typeof groupRequestsPayload>;
/** A mailbox notification (spec 2.12); `read` is 0 or 1. */
export type NotificationPayload = z.infer<typeof notificationPayload>;
/** A site-wide announcement (spec 2.12). */
export type AnnouncementPayload = z.infer<typeof announcementPayload>;
/**
 * A message record (spec 2.10) as one reader sees it: `gid` for a group
 * message, `dm` for a direct one (the other person's name from the reader's
 * side); `name` and `size` for file types only.
 */
export type MessagePayload = z.infer<typeof messagePayload>;
/** Where a message event belongs: a group, or a direct conversation named from the receiver's side. */
export type RoomRef = z.infer<typeof roomRef>;
/** `recall`: the message `idx` of the room was recalled by `by`. */
export type RecallPayload = z.infer<typeof recallPayload>;
/** `file.expired`: messages `idxs` of the room now point at a removed file. */
export type FileExpiredPayload = z.infer<typeof fileExpiredPayload>;
/** `edit`: the author edited text message `idx`: its new `content`, `md` and `edited` time. */
export type EditPayload = z.infer<typeof editPayload>;
/** `reaction`: the whole reactions map of message `idx` after a toggle. */
export type ReactionPayload = z.infer<typeof reactionPayload>;
/**
 * `read`: `by` has read the room up to `idx`. To the reader's own connections
 * (`gid`, or `dm` naming the other person), and in a direct conversation to
 * the other person as a read receipt (`dm` and `by` are then the reader),
 * unless the reader turned `readReceipts` off.
 */
export type ReadPayload = z.infer<typeof readPayload>;
/** `quiet`: the receiver silenced a room's notifications (`quiet: true`) or let them sound again, from any device. */
export type QuietPayload = z.infer<typeof quietPayload>;
/** `typing`: `from` is typing in group `gid`, or to the receiver (`pm` is then `from`). */
export type TypingPayload = z.infer<typeof typingPayload>;

type ServerEvents = typeof serverEvents;
type ClientEvents = typeof clientEvents;

/** Server → client: one listener per event of `serverEvents` (payloads.ts, where each is described). */
export type ServerToClientEvents = {
  [E in keyof ServerEvents]: (p: z.output<ServerEvents[E]['payload']>) => void;
};

/**
 * Client → server: one handler per event of `clientEvents`, with an optional
 * acknowledgement. The payload type is what a client sends (the schema's
 * input); the handler still parses it: the type map is not validation.
 */
export type ClientToServerEvents = {
  [E in keyof ClientEvents]: (p: z.input<ClientEvents[E]['payload']>, ack?: (res: z.output<ClientEvents[E]['ack']>) => void) => void;
};

/** What a live connection carries of its account. */
export interface AccountChange {
  name: string;
  role: 'user' | 'admin';
}

/** Between nodes (serverSideEmit). */
export interface InterServerEvents {
  ping: () => void;
  /** A user was renamed or changed role: nodes update what their live connections carry. */
  'user.changed': (userId: number, account: AccountChange) => void;
}

/** Per-socket data set at the handshake. */
export interface SocketData {
  userId: number;
  name: string;
  role: 'user' | 'admin';
  platform: Platform;
  via: 'cookie' | 'key';
  /** The client's address as the server recorded it (X-Forwarded-For only under TRUST_PROXY). */
  ip: string;
  /** The API key's scopes; null for a session cookie (full rights). */
  scopes: readonly string[] | null;
  /** The session's token hash (cookie or bearer token); null for an API key. Logging out ends its connections. */
  sessionHash: string | null;
}

export { PLATFORMS };
export type Platform = (typeof PLATFORMS)[number];
