import { z } from 'zod';
import { MESSAGE_TYPES } from './messages.policy.ts';
import { conversationFields, ONE_CONVERSATION, oneConversation } from './messages.schema.ts';

/** POST /api/conversations/read. */
export const markReadBody = z
  .object({
    ...conversationFields,
    /** Read up to this idx. A smaller idx than the marker changes nothing; one above the room's newest is lowered to it. */
    idx: z.number().int().min(0).max(2 ** 31 - 1),
  })
  .refine(oneConversation, ONE_CONVERSATION);
export type MarkReadBody = z.infer<typeof markReadBody>;

/** The newest message of a room, as the list shows it. */
const lastMessage = z.object({
  idx: z.number().int(),
  /** The sender's current name. */
  from: z.string(),
  type: z.enum(MESSAGE_TYPES),
  content: z
    .string()
    .describe(
      'A preview: text cut to 200 characters; for file types the upload path (as in history); for a merge its title (cut to 200), or empty; empty once recalled',
    ),
  ts: z.number().int(),
  recalled: z.boolean(),
});

const entryFields = {
  /** What the caller calls the room: their remark; else the group's name, or the friend's nickname, else their name. */
  name: z.string(),
  /** The group's avatar URL, or the friend's avatar (an upload path); empty when none. */
  avatar: z.string(),
  /** The room's newest idx; 0 when it has no message yet. */
  lastIdx: z.number().int().min(0),
  /** The newest kept message, or null. */
  last: lastMessage.nullable(),
  /** The caller's read marker (0: nothing read). */
  readIdx: z.number().int().min(0),
  /** Messages above the marker, none of them the caller's; at most 500 (the kept history). */
  unread: z.number().int().min(0).max(500),
  /** The caller cannot send here now: muted in the group, or a plain member under mute-all. Always false for a direct conversation. */
  muted: z.boolean(),
};

/** One entry of GET /api/conversations: a group the caller is in, or a direct conversation with a friend. */
export const conversationEntry = z.union([
  z.object({ gid: z.string(), ...entryFields }),
  z.object({
    /** The friend's name. */
    dm: z.string(),
    ...entryFields,
    /** Whether the friend appears online (never for an invisible friend). */
    online: z.boolean(),
  }),
]);
export type ConversationEntry = z.infer<typeof conversationEntry>;

export const conversationListResponse = z.object({
  ok: z.literal(true),
  /** Newest activity first; rooms without messages last, by name. */
  conversations: z.array(conversationEntry),
});

export const markReadResponse = z.object({
  ok: z.literal(true),
  /** The caller's marker after the call. */
  idx: z.number().int().min(0),
});
