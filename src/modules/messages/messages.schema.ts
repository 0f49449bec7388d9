import { z } from 'zod';
import { component, millis, okWith } from '../../lib/contract.ts';
import { text, userName } from '../../lib/fields.ts';
import { gid } from '../groups/groups.schema.ts';
import { HISTORY_MAX, MESSAGE_TYPES, mergeContent } from './messages.policy.ts';

/** The bundle inside a `merge` message's `content` (a JSON string): named so clients get its type. */
component('MergeContent', mergeContent, "The JSON inside a merge message's `content` string: an optional title and 1–100 forwarded entries");

/** Text PostgreSQL cannot store: refused as a malformed value (400) rather than failing the insert. */
const storable = (s: string) => !s.includes('\u0000');

/** A conversation: exactly one of `gid` (a group) and `dm` (the other person's name). */
export const conversationFields = {
  /** A group the caller belongs to. */
  gid: gid.optional(),
  /** The other person of a direct conversation (a friend, not oneself). */
  dm: userName.optional(),
};
export const oneConversation = (v: { gid?: string | undefined; dm?: string | undefined }) => (v.gid === undefined) !== (v.dm === undefined);
export const ONE_CONVERSATION = { message: 'api.msg.noRoom', path: ['gid'] };

/** A conversation as the service sees it. */
export type Conversation = { gid: string; dm?: undefined } | { dm: string; gid?: undefined };

export const conversation = z.object(conversationFields).refine(oneConversation, ONE_CONVERSATION);

/** `md` as 0/1 (booleans accepted). */
const markdownFlag = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .default(0)
  .transform((v): 0 | 1 => (v === true || v === 1 ? 1 : 0));

/**
 * A message to send: the socket `msg` event and `POST /api/messages`. Content
 * rules (sizes, merge structure, upload paths) are checked by the policy, so
 * their refusals carry the spec's keys and statuses.
 */
export const sendBody = z
  .object({
    ...conversationFields,
    type: z.enum(MESSAGE_TYPES),
    /** Text, an upload path (`/uploads/<hex>.<ext>`) for file types, or the JSON of a merge. */
    content: z.string().refine(storable),
    /** Markdown switch, 0 or 1; the server stores text, never HTML. */
    md: markdownFlag,
    /** idx of a message of the same room; dropped (null) unless that message is live. */
    replyTo: z.number().int().min(1).nullable().default(null),
    /** File types: the file's name as shown to people. */
    name: z.string().max(255).refine(storable).optional(),
    /** File types: the file's size in bytes. */
    size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    /** Client id: the same sender and cid give back the message stored the first time (a retry). */
    cid: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[\x21-\x7e]+$/)
      .optional(),
  })
  .refine(oneConversation, ONE_CONVERSATION);
export type SendBody = z.infer<typeof sendBody>;

/** Socket `recall`. */
export const recallBody = z.object({ ...conversationFields, idx: z.number().int().min(1) }).refine(oneConversation, ONE_CONVERSATION);
export type RecallBody = z.infer<typeof recallBody>;

/** Socket `edit`: the author's new text of a text message. */
export const editBody = z
  .object({
    ...conversationFields,
    idx: z.number().int().min(1),
    content: z.string().refine(storable),
    /** Markdown switch of the new text (0 when left out). */
    md: markdownFlag,
  })
  .refine(oneConversation, ONE_CONVERSATION);
export type EditBody = z.infer<typeof editBody>;

/** Socket `react`: toggles the caller's reaction. */
export const reactBody = z
  .object({ ...conversationFields, idx: z.number().int().min(1), emoji: z.string().max(64) })
  .refine(oneConversation, ONE_CONVERSATION);
export type ReactBody = z.infer<typeof reactBody>;

/** Socket `typing`: `pm` (a friend's name) or `gid`. */
export const typingBody = z
  .object({ gid: gid.optional(), pm: userName.optional() })
  .refine((v) => (v.gid === undefined) !== (v.pm === undefined), { message: 'api.msg.noRoom', path: ['gid'] });
export type TypingBody = z.infer<typeof typingBody>;

const idxParam = z.coerce.number().int().min(0).max(2 ** 31 - 1);

/** GET /api/messages. */
export const historyQuery = z
  .object({
    ...conversationFields,
    /** Only messages with a smaller idx (older pages). */
    before: idxParam.optional(),
    /** Only messages with a larger idx (catch-up after a reconnect): the oldest of them come first. */
    after: idxParam.optional(),
    /**
     * 1–500; larger values are lowered to 500. Default: the whole kept history
     * (500) when neither `before` nor `after` is given (spec 4.5), else 100.
     */
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .transform((n) => Math.min(n, HISTORY_MAX))
      .optional(),
  })
  .refine(oneConversation, ONE_CONVERSATION);
export type HistoryQuery = z.infer<typeof historyQuery>;

/** The default page size of `before`/`after` reads. */
export const HISTORY_PAGE = 100;

/** The page size of a history query: its `limit`, else everything kept for a plain read, else 100 per page. */
export const historyLimit = (q: HistoryQuery): number =>
  q.limit ?? (q.before === undefined && q.after === undefined ? HISTORY_MAX : HISTORY_PAGE);

/** GET /api/messages/search. */
export const searchQuery = z.object({
  /** Substring of a text message (case-insensitive; `%` and `_` are literal), 1–100 characters. */
  q: z.string().trim().min(1).max(100, 'api.tooLarge'),
  /** 1–200, default 50; larger values are lowered to 200. */
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(50)
    .transform((n) => Math.min(n, 200)),
});
export type SearchQuery = z.infer<typeof searchQuery>;

const reason = text(500).default('');

/** POST /api/report: a message (`gid` or `dm` and `idx`) or a user (`name`). */
export const reportBody = z.discriminatedUnion('type', [
  z
    .object({ type: z.literal('message'), ...conversationFields, idx: z.number().int().min(1), reason })
    .refine(oneConversation, ONE_CONVERSATION),
  z.object({ type: z.literal('user'), name: userName, reason }),
]);
export type ReportBody = z.infer<typeof reportBody>;

/** POST /api/groups/file/delete. */
export const groupFileDeleteBody = z.object({
  gid,
  /** `/uploads/<name>.<ext>` as a message of the group carries it. */
  url: z.string().max(200, 'api.tooLarge'),
});

// ---- responses ----

const roomLabel = {
  gid: z.string().optional().describe('The group (exactly one of `gid` and `dm`)'),
  dm: z.string().optional().describe('The other person of a direct conversation, named from the reader\'s side (exactly one of `gid` and `dm`)'),
};

/** The message record of spec 2.10 as one reader sees it (history, the HTTP send, the socket `msg` event). */
export const messageSchema = component(
  'Message',
  z.object({
    idx: z.number().int().describe('Per-room index, strictly increasing, no gaps'),
    from: z.string().describe("The sender's current name"),
    type: z.enum(MESSAGE_TYPES),
    content: z
      .string()
      .describe('Text, an upload path (`/uploads/<hex>.<ext>`) for file types, or the JSON of a merged forward; empty once recalled'),
    ts: millis,
    md: z.literal([0, 1]).describe('Markdown switch'),
    replyTo: z.number().int().nullable().describe('idx of the message replied to, or null'),
    reactions: z.record(z.string(), z.array(z.string())).describe('Emoji → names of the people who reacted'),
    recalled: z.boolean(),
    file_expired: z.boolean().describe('The uploaded file behind the message has been removed'),
    edited: millis.nullable().describe('When the author last edited the text (Unix ms); null when never'),
    name: z.string().nullable().optional().describe("File types only: the file's name as shown to people"),
    size: z.number().int().nullable().optional().describe("File types only: the file's size in bytes"),
    ...roomLabel,
  }),
  'A message record (spec 2.10)',
);

/** A hit of GET /api/messages/search. */
export const messageHitSchema = component(
  'MessageHit',
  z.object({
    idx: z.number().int(),
    from: z.string().describe("The sender's current name"),
    type: z.enum(MESSAGE_TYPES),
    content: z.string(),
    ts: millis,
    ...roomLabel,
  }),
  'A text message found by the search',
);
export type MessageHit = z.infer<typeof messageHitSchema>;

export const historyResponse = okWith({
  messages: z.array(messageSchema).describe('Oldest first'),
  max: z.literal(HISTORY_MAX).describe('Messages kept per room'),
});
export const searchResponse = okWith({ messages: z.array(messageHitSchema).describe('Newest first') });
export const sendResponse = okWith({ message: messageSchema });
export const reportResponse = okWith({ id: z.number().int().describe('The report') });
export const groupFileDeleteResponse = okWith({ expired: z.number().int().describe('Messages marked `file_expired`') });
