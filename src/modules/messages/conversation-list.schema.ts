import { z } from 'zod';
import { component, millis, okWith } from '../../lib/contract.ts';
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

/** POST /api/conversations/quiet. */
export const quietBody = z
  .object({
    ...conversationFields,
    quiet: z.boolean().describe("true: the caller's clients show no notification for the room but of a message naming them; false: as every room"),
  })
  .refine(oneConversation, ONE_CONVERSATION);
export type QuietBody = z.infer<typeof quietBody>;

/** The newest message of a room, as the list shows it. */
const lastMessage = component(
  'MessagePreview',
  z.object({
    idx: z.number().int(),
    from: z.string().describe("The sender's current name"),
    type: z.enum(MESSAGE_TYPES),
    content: z
      .string()
      .describe(
        'A preview: text cut to 200 characters; for file types the upload path (as in history); for a merge its title (cut to 200), or empty; empty once recalled',
      ),
    ts: millis,
    recalled: z.boolean(),
  }),
  'The newest message of a room, as the conversation list shows it',
);

const entryFields = {
  name: z.string().describe("What the caller calls the room: their remark; else the group's name, or the friend's nickname, else their name"),
  avatar: z.string().describe("The group's avatar URL, or the friend's avatar (an upload path); empty when none"),
  lastIdx: z.number().int().min(0).describe("The room's newest idx; 0 when it has no message yet"),
  last: lastMessage.nullable().describe("The newest kept message, or null"),
  readIdx: z.number().int().min(0).describe("The caller's read marker (0: nothing read)"),
  unread: z.number().int().min(0).max(500).describe("Messages above the marker, none of them the caller's; at most 500 (the kept history)"),
  mentioned: z
    .boolean()
    .describe('A group where an unread text message names the caller as `@name` (any case; docs/protocol.md, "Mentions"). Always false for a direct conversation'),
  version: z
    .number()
    .int()
    .min(0)
    .describe(
      'A counter that moves whenever a kept message of the room changes (edit, recall, reaction, file expiry); 0 while none has. A client that held messages while away refetches them when it differs from the value it last saw (docs/protocol.md, "Catching up")',
    ),
  quiet: z
    .boolean()
    .describe("The caller silenced the room's notifications (`POST /api/conversations/quiet`): a client notifies only of messages naming them"),
  muted: z.boolean().describe("The caller cannot send here now: muted in the group, or a plain member under mute-all. Always false for a direct conversation"),
};

/** One entry of GET /api/conversations: a group the caller is in, or a direct conversation with a friend. */
export const conversationEntry = component(
  'Conversation',
  z.union([
    z.object({ gid: z.string(), ...entryFields }),
    z.object({
      dm: z.string().describe("The friend's name"),
      ...entryFields,
      online: z.boolean().describe('Whether the friend appears online (never for an invisible friend)'),
      friendReadIdx: z
        .number()
        .int()
        .min(0)
        .nullable()
        .describe("How far the friend has read this conversation (their read marker, as their `read` receipts say); null when their settings say `readReceipts: false`"),
    }),
  ]),
  'A group the caller is in, or a direct conversation with a friend, with its newest message and unread count',
);
export type ConversationEntry = z.infer<typeof conversationEntry>;

export const conversationListResponse = okWith({
  conversations: z.array(conversationEntry).describe('Newest activity first; rooms without messages last, by name'),
});

export const quietResponse = okWith({
  quiet: z.boolean().describe('The setting after the call'),
});

export const markReadResponse = okWith({
  idx: z.number().int().min(0).describe("The caller's marker after the call"),
});
