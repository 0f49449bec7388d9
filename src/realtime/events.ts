/**
 * Every Socket.IO event name and payload, in one place (documented in
 * docs/protocol.md). The type map is not validation: handlers parse client
 * payloads with zod.
 */

/** Acknowledgement of every client → server event. */
export type Ack<T extends object = object> = (res: ({ ok: true } & T) | AckFailure) => void;

/** A refused event: `retryAfter` (seconds) when waiting helps, as HTTP's Retry-After (`api.rateLimited`, `api.unavailable`). */
export type AckFailure = { ok: false; error: string; retryAfter?: number } & Record<string, unknown>;

export interface PresencePayload {
  name: string;
  online: boolean;
  away: boolean;
  platforms: string[];
}

export interface PenaltyPayload {
  action: 'warning' | 'mute' | 'ban' | 'ipban';
  expires: number | null;
  reason: string;
}

/** `friends.changed`: `name` is the other party, `by` who acted (either of the two). */
export interface FriendsChangedPayload {
  name: string;
  by: string;
  action: 'request' | 'accept' | 'decline' | 'cancel' | 'remove';
}

/** `group.members`: `name` is the member the change is about. */
export interface GroupMembersPayload {
  gid: string;
  name: string;
  action: 'join' | 'leave' | 'remove' | 'role' | 'nickname' | 'mute' | 'transfer';
}

export interface GroupsChangedPayload {
  gid: string;
  action: 'create' | 'rename' | 'announce' | 'avatar' | 'role' | 'muteAll' | 'transfer' | 'dissolve' | 'settings';
}

export interface GroupInvitesPayload {
  gid: string;
  /** The invitation's id (an auto-join makes no invitation: it sends `group.members` instead). */
  id: number;
  action: 'invite' | 'approve' | 'accept' | 'reject';
  status: 'pending' | 'accepted' | 'rejected';
  /** Who must act next while pending. */
  awaiting: 'manager' | 'invitee' | null;
}

export interface GroupRequestsPayload {
  gid: string;
  /** The requester. */
  name: string;
  action: 'request' | 'approve' | 'reject';
}

/** A mailbox notification (spec 2.12); `read` is 0 or 1. */
export interface NotificationPayload {
  id: number;
  kind: string;
  title: string;
  body: string;
  created: number;
  read: 0 | 1;
}

/** A site-wide announcement (spec 2.12). */
export interface AnnouncementPayload {
  id: number;
  title: string;
  content: string;
  actor: string;
  created: number;
  updated: number;
}

/**
 * A message record (spec 2.10) as one reader sees it: `gid` for a group
 * message, `dm` for a direct one (the other person's name from the reader's
 * side); `name` and `size` for file types only.
 */
export interface MessagePayload {
  /** Per-room index, strictly increasing, no gaps. */
  idx: number;
  from: string;
  type: 'text' | 'image' | 'file' | 'video' | 'audio' | 'merge';
  /** Text, an upload path (`/uploads/<hex>.<ext>`), or the JSON of a merged forward; empty once recalled. */
  content: string;
  ts: number;
  md: 0 | 1;
  replyTo: number | null;
  /** Emoji → names of the people who reacted. */
  reactions: Record<string, string[]>;
  recalled: boolean;
  /** The uploaded file behind the message has been removed. */
  file_expired: boolean;
  name?: string | null;
  size?: number | null;
  gid?: string;
  dm?: string;
}

/** Where a message event belongs: a group, or a direct conversation named from the receiver's side. */
export type RoomRef = { gid: string; dm?: undefined } | { dm: string; gid?: undefined };

/** `recall`: the message `idx` of the room was recalled by `by`. */
export type RecallPayload = RoomRef & { idx: number; by: string };

/** `reaction`: the whole reactions map of message `idx` after a toggle. */
export type ReactionPayload = RoomRef & { idx: number; reactions: Record<string, string[]> };

/**
 * `read`: `by` has read the room up to `idx`. To the reader's own connections
 * (`gid`, or `dm` naming the other person), and in a direct conversation to
 * the other person as a read receipt (`dm` and `by` are then the reader),
 * unless the reader turned `readReceipts` off.
 */
export type ReadPayload = RoomRef & { idx: number; by: string };

/** `typing`: `from` is typing in group `gid`, or to the receiver (`pm` is then `from`). */
export type TypingPayload = { from: string } & ({ gid: string; pm?: undefined } | { pm: string; gid?: undefined });

/** Server → client. Modules add their events here; payload types live beside them. */
export interface ServerToClientEvents {
  /** Sent once the connection has joined its rooms and is recorded as present: events flow from here on. */
  ready: (p: { name: string; platform: Platform }) => void;
  /** A friend or co-member came online, went offline, or switched away/invisible. */
  presence: (p: PresencePayload) => void;
  /** This account or session was logged out (ban, password reset, deletion, logout); the client should stop reconnecting. */
  'logged.out': (p: { reason: string }) => void;
  /** A penalty was imposed on this user. */
  penalty: (p: PenaltyPayload) => void;
  /** Own account changed (rename, role): refetch /api/me. */
  'me.changed': (p: { name: string }) => void;
  /** The friend list, incoming or outgoing requests changed: refetch GET /api/friends. */
  'friends.changed': (p: FriendsChangedPayload) => void;
  /** A group's member list changed: refetch GET /api/groups/members. */
  'group.members': (p: GroupMembersPayload) => void;
  /** A group's settings or the caller's place in it changed: refetch GET /api/groups. */
  'groups.changed': (p: GroupsChangedPayload) => void;
  /** An invitation the receiver is concerned with was made or moved on: refetch GET /api/groups/invites. */
  'group.invites': (p: GroupInvitesPayload) => void;
  /** A join request was made (to the group's managers) or decided (to them and the requester). */
  'group.requests': (p: GroupRequestsPayload) => void;
  /** A new message in one of the receiver's rooms (the sender's own connections get it too). */
  msg: (m: MessagePayload) => void;
  /** A message was recalled: content and reactions are gone. */
  recall: (p: RecallPayload) => void;
  /** A message's reactions changed. */
  reaction: (p: ReactionPayload) => void;
  /** A read marker moved: the caller's own (from another connection), or a friend's read receipt. */
  read: (p: ReadPayload) => void;
  /** Someone is typing (at most one notice per person and room every 2 s). */
  typing: (p: TypingPayload) => void;
  /** A notification was written to this user's mailbox. */
  notification: (n: NotificationPayload) => void;
  /** An administrator published an announcement (sent to every connected user). */
  announcement: (a: AnnouncementPayload) => void;
}

/** Client → server; every event takes a payload and an acknowledgement callback. */
export interface ClientToServerEvents {
  /** Switches live presence; persists nothing. */
  status: (p: { invisible?: boolean; away?: boolean }, ack?: Ack) => void;
  /** `{pm}` (a friend's name) or `{gid}`; ack `{ok, forwarded}` (false when throttled). */
  typing: (p: { pm?: string; gid?: string }, ack?: Ack<{ forwarded: boolean }>) => void;
  /** `{gid | dm, type, content, md?, replyTo?, name?, size?, cid?}`; ack `{ok, message}` once stored. */
  msg: (p: unknown, ack?: Ack<{ message: MessagePayload }>) => void;
  /** `{gid | dm, idx}`. */
  recall: (p: unknown, ack?: Ack) => void;
  /** `{gid | dm, idx, emoji}`: toggles the caller's reaction; ack with the new map. */
  react: (p: unknown, ack?: Ack<{ reactions: Record<string, string[]> }>) => void;
}

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

export const PLATFORMS = ['web', 'desktop', 'mobile', 'bot'] as const;
export type Platform = (typeof PLATFORMS)[number];
