/**
 * Messaging rules as pure functions: room keys, the content limits of spec 8,
 * and who may recall. The service asks these; test/unit/messages.policy.test.ts
 * holds the tables.
 */
import { z } from 'zod';
import { charCount } from '../../lib/fields.ts';
import type { MessageKey } from '../../i18n/keys.ts';
import { isUploadPath } from '../users/users.policy.ts';

export const MESSAGE_TYPES = ['text', 'image', 'file', 'video', 'audio', 'merge'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Types whose content is an upload path and which carry `name` and `size`. */
export const FILE_TYPES: readonly MessageType[] = ['image', 'file', 'video', 'audio'];
export const isFileType = (t: string): boolean => (FILE_TYPES as readonly string[]).includes(t);

/** Spec 8: messages kept per room. */
export const HISTORY_MAX = 500;
export const TEXT_MAX_CHARS = 4096;
export const MERGE_MAX_ITEMS = 100;
export const MERGE_MAX_CHARS = 8000;
export const EMOJI_MAX_CHARS = 16;

/**
 * The JSON inside a `merge` message (a forwarded bundle): an optional title
 * and the forwarded entries. Item count is checked separately (over 100 is a
 * size excess, 413, not a malformed value).
 */
export const mergeContent = z.object({
  title: z.string().optional(),
  items: z
    .array(
      z.object({
        /** Who wrote the forwarded message. */
        from: z.string().min(1).max(64),
        type: z.enum(MESSAGE_TYPES),
        content: z.string().optional(),
        name: z.string().optional(),
        size: z.number().int().min(0).optional(),
        ts: z.number().int().optional(),
      }),
    )
    .min(1),
});

/**
 * Room keys: `g:<gid>` for a group, `d:<lower id>:<higher id>` for a direct
 * conversation. Ids, not names, so a rename changes nothing.
 */
export const roomKey = {
  group: (gid: string) => `g:${gid}`,
  direct: (a: number, b: number) => (a < b ? `d:${a}:${b}` : `d:${b}:${a}`),
};

/** What a room key names, or undefined for anything else. */
export function parseRoom(room: string): { kind: 'group'; gid: string } | { kind: 'direct'; users: [number, number] } | undefined {
  const g = /^g:([0-9a-f]{16})$/.exec(room);
  if (g) return { kind: 'group', gid: g[1]! };
  const d = /^d:(\d+):(\d+)$/.exec(room);
  if (d) return { kind: 'direct', users: [Number(d[1]), Number(d[2])] };
  return undefined;
}

/** A refusal with the status it answers on HTTP. */
export interface Refusal {
  status: 400 | 403 | 404 | 409 | 413;
  key: MessageKey;
}

/**
 * Why `content` is not acceptable for `type`, or undefined. Text: not blank
 * (400), at most 4096 characters (413). Merge: JSON `{title?, items}` with 1–100
 * items (more is 413) and at most 8000 characters (413). File types: an upload
 * path of this server (400). Sizes count characters (code points).
 */
export function contentRefusal(type: MessageType, content: string): Refusal | undefined {
  if (type === 'text') {
    if (content.trim() === '') return { status: 400, key: 'api.msg.empty' };
    if (charCount(content) > TEXT_MAX_CHARS) return { status: 413, key: 'api.msg.tooLong' };
    return undefined;
  }
  if (type === 'merge') {
    if (charCount(content) > MERGE_MAX_CHARS) return { status: 413, key: 'api.msg.tooLong' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      return { status: 400, key: 'api.msg.badMerge' };
    }
    const merge = mergeContent.safeParse(parsed);
    if (!merge.success) return { status: 400, key: 'api.msg.badMerge' };
    if (merge.data.items.length > MERGE_MAX_ITEMS) return { status: 413, key: 'api.msg.tooLong' };
    return undefined;
  }
  return isUploadPath(content) ? undefined : { status: 400, key: 'api.msg.badFile' };
}

/** Recall: the author, or a platform admin for any message. */
export const canRecall = (actor: { userId: number; platformAdmin: boolean }, authorId: number): boolean =>
  actor.platformAdmin || actor.userId === authorId;

/** A reaction is one short token (an emoji, or a shortcode): 1–16 characters, no spaces or control characters. */
export const isValidEmoji = (emoji: string): boolean =>
  emoji.length > 0 && charCount(emoji) <= EMOJI_MAX_CHARS && !/[\s\p{Cc}]/u.test(emoji);

/**
 * What may stand around a mention: whitespace or ASCII punctuation, except the `_ . -` that names
 * may hold (users/user-names.ts). The same class in JavaScript and in Postgres' regular expressions
 * (written with `\x` escapes, which both read the same way inside brackets).
 */
const MENTION_STOP = String.raw`[\s\x21-\x2c\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7e]`;

/**
 * The pattern of `@name` naming this person in a text (any case): at the start or after a stop
 * character, and followed by the end, a stop character, or dots and dashes that end a sentence
 * before one ("thanks @ann."). docs/protocol.md, "Mentions"; the SDK's `mentions` is the same rule.
 */
export function mentionPattern(name: string): string {
  const quoted = name.replaceAll('.', String.raw`\.`);
  return `(^|${MENTION_STOP})@${quoted}(?=$|${MENTION_STOP}|[.-]+($|${MENTION_STOP}))`;
}
