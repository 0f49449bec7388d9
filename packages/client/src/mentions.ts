/**
 * Mentions: `@name` in a group's text message (docs/protocol.md, "Mentions"), the rule the server
 * uses for the conversation list's `mentioned`. An `@` at the start or after a stop character
 * (whitespace, or ASCII punctuation other than the `_ . -` names may hold), then the name in any
 * case, then the end, a stop character, or dots and dashes ending a sentence ("thanks @ann.").
 */
import type { MessagePayload } from './events.ts';

const STOP = String.raw`[\s\x21-\x2c\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7e]`;
const AFTER = `(?=$|${STOP}|[.-]+(?:$|${STOP}))`;
/** Any mention: its name is the second group, sentence-ending dots and dashes left out. */
const ANY = new RegExp(`(^|${STOP})@((?:(?!${STOP})[^.-]|[.-](?!(?:[.-])*(?:$|${STOP})))+)`, 'gu');

/** `@` and the part of a name typed so far, at the end of a text. */
const TYPING = new RegExp(`(?:^|${STOP})@((?:(?!${STOP}).)*)$`, 'u');

const patterns = new Map<string, RegExp>();

/** Whether `text` names `name` as `@name`. */
export function mentions(text: string, name: string): boolean {
  if (!name || !text.includes('@')) return false;
  let re = patterns.get(name);
  if (!re) {
    re = new RegExp(`(?:^|${STOP})@${name.replaceAll('.', String.raw`\.`)}${AFTER}`, 'iu');
    patterns.set(name, re);
  }
  return re.test(text);
}

/** Whether a message names `name`: a group's text, not recalled, by someone else. */
export function mentionsOf(m: MessagePayload, name: string | undefined): boolean {
  return name !== undefined && typeof m.gid === 'string' && m.type === 'text' && !m.recalled && m.from !== name && mentions(m.content, name);
}

/** A text cut into plain runs and mentions (`{ mention: name }`), for showing the mentions apart. */
export function mentionParts(text: string): Array<string | { mention: string }> {
  const parts: Array<string | { mention: string }> = [];
  let at = 0;
  for (const match of text.matchAll(ANY)) {
    const start = match.index + match[1]!.length;
    if (start > at) parts.push(text.slice(at, start));
    parts.push({ mention: match[2]! });
    at = start + 1 + match[2]!.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** The mention being typed before `caret` (for suggestions): where its `@` is and what follows it. */
export function mentionTyped(text: string, caret: number): { start: number; query: string } | null {
  const found = TYPING.exec(text.slice(0, caret));
  if (!found) return null;
  return { start: caret - found[1]!.length - 1, query: found[1]! };
}
