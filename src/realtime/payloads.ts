import { z } from 'zod';
import { component, millis } from '../lib/contract.ts';
import { editBody, reactBody, recallBody, sendBody, typingBody } from '../modules/messages/messages.schema.ts';
import { MESSAGE_TYPES } from '../modules/messages/messages.policy.ts';
import { PENALTY_ACTIONS } from '../modules/moderation/penalties.policy.ts';

/**
 * The Socket.IO protocol as zod schemas: every server → client payload, every
 * client → server payload (the very schemas the handlers parse with) and its
 * acknowledgement. events.ts infers the TS event maps from these, and the
 * AsyncAPI document (asyncapi.ts) is generated from them, so the types, the
 * validation and the document cannot drift apart. docs/protocol.md is the
 * narrative. Server payloads are exact objects: the document says
 * `additionalProperties: false` and the tests hold every received payload to it.
 */

export const PLATFORMS = ['web', 'desktop', 'mobile', 'bot'] as const;
export const platform = z.enum(PLATFORMS).describe('The client platform declared at the handshake (`auth.platform`)');

/** A room of a message event: a group (`gid`) or a direct conversation (`dm`, the other person's name from the receiver's side). */
function inRoom<S extends z.ZodRawShape>(shape: S) {
  return z.union([
    z.object({ gid: z.string().describe('The group'), dm: z.never().optional(), ...shape }),
    z.object({ dm: z.string().describe("The other person's name, from the receiver's side"), gid: z.never().optional(), ...shape }),
  ]);
}

const reactions = z.record(z.string(), z.array(z.string())).describe('Emoji → names of the people who reacted, in the order they did');

// ---- server → client ----

export const readyPayload = z.object({ name: z.string().describe('The account the connection carries'), platform });

export const presencePayload = z.object({
  name: z.string(),
  online: z.boolean(),
  away: z.boolean(),
  platforms: z.array(z.string()).describe('Platforms of the live connections'),
});

export const loggedOutPayload = z.object({
  reason: z
    .string()
    .describe(
      'Why: `banned`, `password`, `passwordChanged`, `deleted`, `ipbanned`, `logout`, `renamed`, `keyRevoked`, `keyDeleted`, `keyScopes`, `keyExpired`, `expired`, `unauthorized`',
    ),
});

export const penaltyPayload = z.object({
  action: z.enum(PENALTY_ACTIONS),
  expires: millis.nullable().describe('When it ends (Unix ms); null: permanent'),
  reason: z.string(),
});

export const penaltyLiftedPayload = z.object({
  id: z.number().int().describe('The penalty (as in `GET /api/me/penalties`)'),
  action: z.enum(PENALTY_ACTIONS),
});

export const meChangedPayload = z.object({ name: z.string().describe('The account name now') });

export const friendsChangedPayload = z.object({
  name: z.string().describe('The other party'),
  by: z.string().describe('Who acted (either of the two)'),
  action: z.enum(['request', 'accept', 'decline', 'cancel', 'remove']),
});

export const groupMembersPayload = z.object({
  gid: z.string(),
  name: z.string().describe('The member the change is about'),
  action: z.enum(['join', 'leave', 'remove', 'role', 'nickname', 'mute', 'transfer']),
});

export const groupsChangedPayload = z.object({
  gid: z.string(),
  action: z.enum(['create', 'rename', 'announce', 'avatar', 'role', 'muteAll', 'transfer', 'dissolve', 'settings']),
});

export const groupInvitesPayload = z.object({
  gid: z.string(),
  id: z.number().int().describe("The invitation's id (an auto-join makes no invitation: it sends `group.members` instead)"),
  action: z.enum(['invite', 'approve', 'accept', 'reject']),
  status: z.enum(['pending', 'accepted', 'rejected']),
  awaiting: z.enum(['manager', 'invitee']).nullable().describe('Who must act next while pending'),
});

export const groupRequestsPayload = z.object({
  gid: z.string(),
  name: z.string().describe('The requester'),
  action: z.enum(['request', 'approve', 'reject']),
});

/** A mailbox notification (spec 2.12). */
export const notificationPayload = component(
  'Notification',
  z.object({
    id: z.number().int(),
    kind: z.string().describe('`penalty` or `appeal` so far'),
    title: z.string().describe('An i18n key for server-written notifications'),
    body: z.string(),
    created: millis,
    read: z.union([z.literal(0), z.literal(1)]),
  }),
  "A message in a user's mailbox (spec 2.12)",
);

/** A site-wide announcement (spec 2.12). */
export const announcementPayload = component(
  'Announcement',
  z.object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    actor: z.string().describe("The publisher's current name"),
    created: millis,
    updated: millis,
  }),
  'A site-wide announcement (spec 2.12)',
);

/** The fields of a message record besides its room. */
const messageFields = {
  idx: z.number().int().min(1).describe('Per-room index, strictly increasing, no gaps'),
  from: z.string().describe("The sender's current name"),
  type: z.enum(MESSAGE_TYPES),
  content: z.string().describe('Text, an upload path (`/uploads/<hex>.<ext>`), or the JSON of a merged forward; empty once recalled'),
  ts: millis.describe('Server time the message was accepted (Unix ms)'),
  md: z.union([z.literal(0), z.literal(1)]).describe('Markdown switch'),
  replyTo: z.number().int().nullable(),
  reactions,
  recalled: z.boolean(),
  file_expired: z.boolean().describe('The uploaded file behind the message has been removed'),
  edited: millis.nullable().describe('When the author last edited the text (Unix ms); null when never'),
  name: z.string().nullable().optional().describe('File types only: the name the sender declared'),
  size: z.number().int().nullable().optional().describe('File types only: the size the sender declared'),
};

/**
 * A message record (spec 2.10) as one reader sees it: `gid` for a group
 * message, `dm` for a direct one (the other person's name from the reader's
 * side); `name` and `size` for file types only.
 */
export const messagePayload = z
  .object({
    ...messageFields,
    gid: z.string().optional().describe('The group (a group message)'),
    dm: z.string().optional().describe("The other person's name from the reader's side (a direct message)"),
  })
  // Exactly one of the two, for the document's readers (the TS type keeps both optional).
  .meta({ oneOf: [{ required: ['gid'] }, { required: ['dm'] }] });

/** Where a message event belongs: a group, or a direct conversation named from the receiver's side. */
export const roomRef = inRoom({});

export const recallPayload = inRoom({ idx: z.number().int(), by: z.string().describe('Who recalled it') });

export const reactionPayload = inRoom({ idx: z.number().int(), reactions });

export const editPayload = inRoom({
  idx: z.number().int(),
  content: z.string().describe('The new text'),
  md: z.union([z.literal(0), z.literal(1)]).describe('Markdown switch of the new text'),
  edited: millis.describe('When it was edited (Unix ms)'),
});

export const fileExpiredPayload = inRoom({
  idxs: z.array(z.number().int()).describe('The messages of the room (ascending) whose file was removed: each is now `file_expired`'),
});

export const quietPayload = inRoom({ quiet: z.boolean().describe("Whether the room's notifications are silenced now") });

export const readPayload = inRoom({ idx: z.number().int().describe('The read marker now'), by: z.string().describe('The reader') });

export const typingPayload = z.union([
  z.object({ from: z.string(), gid: z.string(), pm: z.never().optional() }),
  z.object({ from: z.string(), pm: z.string().describe('The conversation as the receiver names it: `from`'), gid: z.never().optional() }),
]);

// ---- client → server ----

/** `status`: switches live presence; persists nothing. */
export const statusPayload = z.object({ invisible: z.boolean().optional(), away: z.boolean().optional() });

/** A refused event: `retryAfter` (seconds) when waiting helps, as HTTP's Retry-After (`api.rateLimited`, `api.unavailable`). */
export const ackFailure = z.object({
  ok: z.literal(false),
  error: z.string().describe('An i18n key (`api.<area>.<reason>`)'),
  retryAfter: z.number().int().min(0).optional().describe('Seconds to wait before sending again'),
});

/** An acknowledgement: `{ok: true, ...fields}` or the failure. */
function ackOf<S extends z.ZodRawShape>(fields: S) {
  return z.union([z.object({ ok: z.literal(true), ...fields }), ackFailure]);
}

// ---- the maps ----

/** One server → client event. */
export interface ServerEventSpec {
  payload: z.ZodType;
  /** One line or two (CommonMark), for the AsyncAPI document. */
  description: string;
}

/** One client → server event: its payload (the schema the handler parses) and acknowledgement. */
export interface ClientEventSpec {
  payload: z.ZodType;
  ack: z.ZodType;
  description: string;
  /** The API-key scope it needs besides `messages.read` (which every connection of a key has). */
  scope?: 'messages.send';
}

/** Every event the server emits, by name. */
export const serverEvents = {
  ready: {
    payload: readyPayload,
    description: 'Sent once the connection has joined its rooms and is recorded as present: events flow from here on.',
  },
  presence: {
    payload: presencePayload,
    description: 'A friend or co-member (or the user on another device) came online, went offline, or switched away/invisible.',
  },
  'logged.out': {
    payload: loggedOutPayload,
    description:
      'This account, session or key was logged out (ban, password reset, deletion, logout, key revoked); the server disconnects the connection next and the client should not reconnect with the same credentials (except after `renamed`).',
  },
  penalty: { payload: penaltyPayload, description: 'A penalty was imposed on this user.' },
  'penalty.lifted': {
    payload: penaltyLiftedPayload,
    description:
      'A penalty of this user was revoked (by an administrator, or by approving an appeal): what it restricted is allowed again; refetch `GET /api/me/penalties`.',
  },
  'me.changed': { payload: meChangedPayload, description: 'Own account changed (rename, role): refetch `GET /api/me`.' },
  'friends.changed': {
    payload: friendsChangedPayload,
    description: 'The friend list, incoming or outgoing requests changed: refetch `GET /api/friends`.',
  },
  'group.members': { payload: groupMembersPayload, description: "A group's member list changed: refetch `GET /api/groups/members`." },
  'groups.changed': {
    payload: groupsChangedPayload,
    description: "A group's settings or the receiver's place in it changed: refetch `GET /api/groups`.",
  },
  'group.invites': {
    payload: groupInvitesPayload,
    description: 'An invitation the receiver is concerned with was made or moved on: refetch `GET /api/groups/invites`.',
  },
  'group.requests': {
    payload: groupRequestsPayload,
    description: "A join request was made (to the group's managers) or decided (to them and the requester).",
  },
  msg: {
    payload: messagePayload,
    description:
      "A new message in one of the receiver's rooms (the sender's other connections get it too; the sending connection has it in its ack).",
  },
  recall: { payload: recallPayload, description: 'A message was recalled: content and reactions are gone.' },
  reaction: { payload: reactionPayload, description: "A message's reactions changed: the whole new map." },
  edit: { payload: editPayload, description: 'The author edited a text message: its new text, Markdown switch and `edited` time.' },
  'file.expired': {
    payload: fileExpiredPayload,
    description: 'Files shown by messages of the room were removed (an administrator, a group manager, the uploader, or retention): show them expired.',
  },
  read: {
    payload: readPayload,
    description: "A read marker moved: the receiver's own (from another connection), or a friend's read receipt.",
  },
  quiet: {
    payload: quietPayload,
    description: "The receiver silenced a room's notifications, or let them sound again (from any of their devices).",
  },
  typing: { payload: typingPayload, description: 'Someone is typing (at most one notice per person and room every 2 s).' },
  notification: { payload: notificationPayload, description: "A notification was written to this user's mailbox." },
  announcement: { payload: announcementPayload, description: 'An administrator published an announcement (sent to every connection).' },
} as const satisfies Record<string, ServerEventSpec>;

/** Every event a client may emit, by name; each takes an optional acknowledgement callback. */
export const clientEvents = {
  status: {
    payload: statusPayload,
    ack: ackOf({}),
    description: 'Switches live presence (`invisible`, `away`); persists nothing. Cleared when the last connection closes.',
  },
  typing: {
    payload: typingBody,
    ack: ackOf({ forwarded: z.boolean().describe('false when throttled (one notice per person and room every 2 s)') }),
    description: '`{pm}` (a friend\'s name) or `{gid}`: tells the room that the caller is typing.',
    scope: 'messages.send',
  },
  msg: {
    payload: sendBody,
    ack: ackOf({ message: messagePayload }),
    description:
      'Sends a message; acknowledged once it is committed. A `cid` makes it idempotent for 24 hours: resend unchanged after a timeout or reconnect.',
    scope: 'messages.send',
  },
  recall: {
    payload: recallBody,
    ack: ackOf({}),
    description: 'Recalls a message (its author, or a platform administrator).',
    scope: 'messages.send',
  },
  edit: {
    payload: editBody,
    ack: ackOf({ message: messagePayload }),
    description: "Edits one of the caller's own text messages (not recalled); the ack carries the record as it now is.",
    scope: 'messages.send',
  },
  react: {
    payload: reactBody,
    ack: ackOf({ reactions }),
    description: "Toggles the caller's reaction; the ack carries the new map.",
    scope: 'messages.send',
  },
} as const satisfies Record<string, ClientEventSpec>;
