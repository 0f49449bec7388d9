import type { MessagePayload, RoomRef } from '../../realtime/events.ts';
import { isFileType } from './messages.policy.ts';
import type { MessageHit } from './messages.schema.ts';
import type { MessageRow } from './messages.store.ts';

/** The message record of spec 2.10 as one reader sees it (the `msg` event's payload). */
export type MessageRecord = MessagePayload;

/** Where a record belongs, as the reader names it. */
export type RoomLabel = RoomRef;

/** A stored row as the reader labelled by `label` sees it. */
export function messageView(row: MessageRow, label: RoomLabel): MessageRecord {
  return {
    idx: row.idx,
    from: row.from,
    type: row.type,
    content: row.content,
    ts: row.ts,
    md: row.md,
    replyTo: row.reply_to,
    reactions: row.reactions,
    recalled: row.recalled,
    file_expired: row.file_expired,
    edited: row.edited,
    ...(isFileType(row.type) ? { name: row.name, size: row.size } : {}),
    ...label,
  };
}

/** A search hit: `{idx, from, type, content, ts}` with `gid` or `dm`. */
export type SearchHit = MessageHit;
