/**
 * Merged forwards (the spec's `merge` type): a message whose `content` is a JSON bundle of other
 * messages, each quoted with its author and time. `mergeDraft` builds one to send; `parseMerge`
 * reads one received, defensively, since `content` is any string an older row or client left.
 */
import type { MessageDraft } from './calls.ts';
import type { MessagePayload } from './events.ts';
import type { components } from './generated/openapi.ts';

/** The bundle inside a merge message's `content`. */
export type MergeContent = components['schemas']['MergeContent'];
export type MergeItem = MergeContent['items'][number];

/** A merge message quoting `messages` in the order given (1–100 of them; the server checks). */
export function mergeDraft(messages: readonly MessagePayload[], title?: string): MessageDraft {
  const items: MergeItem[] = messages.map((m) => ({
    from: m.from,
    type: m.type,
    content: m.content,
    ts: m.ts,
    ...(m.name ? { name: m.name } : {}),
    ...(typeof m.size === 'number' ? { size: m.size } : {}),
  }));
  const bundle: MergeContent = title === undefined ? { items } : { title, items };
  return { type: 'merge', content: JSON.stringify(bundle) };
}

const isItem = (v: unknown): v is MergeItem =>
  typeof v === 'object' && v !== null && typeof (v as MergeItem).from === 'string' && typeof (v as MergeItem).type === 'string';

/** The bundle of a merge message's `content`, keeping the well-formed entries; undefined when it is no bundle. */
export function parseMerge(content: string): MergeContent | undefined {
  let v: unknown;
  try {
    v = JSON.parse(content);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null || !Array.isArray((v as { items?: unknown }).items)) return undefined;
  const { title, items } = v as { title?: unknown; items: unknown[] };
  const kept = items.filter(isItem);
  return typeof title === 'string' ? { title, items: kept } : { items: kept };
}
