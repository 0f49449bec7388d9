/**
 * A small store an app subscribes to: the connection's status, the
 * conversation list, the messages of each room and the sends in flight, as one
 * immutable snapshot. Framework-agnostic; `subscribe` and `getSnapshot` are
 * what React's `useSyncExternalStore` takes (the snapshot keeps its identity
 * until something changes). The state changes are plain functions (exported,
 * unit-tested); the store only wires them to the connection's events.
 */
import { type Conversation, historyPage, listConversations, markRead, setQuiet } from './calls.ts';
import type { Connection, ConnectionStatus, PendingSend } from './connection.ts';
import type { EditPayload, FileExpiredPayload, MessagePayload, QuietPayload, ReactionPayload, ReadPayload, RecallPayload } from './events.ts';
import { mentionsOf } from './mentions.ts';
import { parseMerge } from './merge.ts';
import { type RoomKey, roomKey, roomRef } from './sync/rooms.ts';
import type { Api } from './transport/rest.ts';

export interface ChatSnapshot {
  status: ConnectionStatus;
  /** The account's name (once connected). */
  me: string | undefined;
  /** Groups and friends, newest activity first (the server's list, kept current by live messages and read events). */
  conversations: readonly Conversation[];
  /** Messages of each room held so far (live, caught up, or loaded with loadHistory), by idx, each once. */
  messages: Readonly<Partial<Record<RoomKey, readonly MessagePayload[]>>>;
  /** Sends not yet acknowledged, oldest first. */
  pending: readonly PendingSend[];
  /** Direct conversations: how far the friend has read (their read receipts). */
  receipts: Readonly<Partial<Record<RoomKey, number>>>;
}

/** Messages kept per room in the store: the server keeps no more either. */
export const ROOM_MESSAGES_MAX = 500;
const PREVIEW_CHARS = 200;

export const emptySnapshot: ChatSnapshot = { status: 'idle', me: undefined, conversations: [], messages: {}, pending: [], receipts: {} };

// ---- state changes (pure) ----

/** Merges messages into a room's list: sorted by idx, one per idx (the newer copy wins), at most the newest 500. */
export function mergeMessages(list: readonly MessagePayload[], incoming: readonly MessagePayload[]): MessagePayload[] {
  const byIdx = new Map<number, MessagePayload>();
  for (const m of list) byIdx.set(m.idx, m);
  for (const m of incoming) byIdx.set(m.idx, m);
  return [...byIdx.values()].sort((a, b) => a.idx - b.idx).slice(-ROOM_MESSAGES_MAX);
}

/** What the conversation list shows of a message (as the server's `last`). */
export function previewOf(m: MessagePayload): NonNullable<Conversation['last']> {
  let content = m.content;
  if (m.type === 'text') content = [...content].slice(0, PREVIEW_CHARS).join('');
  else if (m.type === 'merge') content = [...(parseMerge(content)?.title ?? '')].slice(0, PREVIEW_CHARS).join('');
  return { idx: m.idx, from: m.from, type: m.type, content, ts: m.ts, recalled: m.recalled };
}

const unreadOf = (lastIdx: number, readIdx: number) => Math.max(0, lastIdx - Math.max(readIdx, lastIdx - ROOM_MESSAGES_MAX));

/**
 * Whether an unread message of the conversation names us: judged from the messages held when they
 * cover every unread one, else as the server's list (or a live message) last said.
 */
function stillMentioned(c: Conversation, held: readonly MessagePayload[] | undefined, me: string | undefined): boolean {
  if (c.unread === 0) return false;
  const unread = (held ?? []).filter((m) => m.idx > c.readIdx);
  return unread.length >= c.unread ? unread.some((m) => mentionsOf(m, me)) : c.mentioned;
}

/**
 * A conversation's entry after a message in it: newest first in the list, unread counted unless it
 * is ours, `mentioned` once an unread one names us.
 */
export function withMessage(s: ChatSnapshot, m: MessagePayload): ChatSnapshot {
  const key = roomKey(m);
  const messages = { ...s.messages, [key]: mergeMessages(s.messages[key] ?? [], [m]) };
  const at = s.conversations.findIndex((c) => roomKey(c) === key);
  const old = at >= 0 ? s.conversations[at]! : placeholder(m);
  if (m.idx < old.lastIdx) return { ...s, messages };
  const mine = m.from === s.me;
  const readIdx = mine ? Math.max(old.readIdx, m.idx) : old.readIdx;
  const unread = unreadOf(m.idx, readIdx);
  const mentioned = unread > 0 && (old.mentioned || mentionsOf(m, s.me));
  const entry = { ...old, lastIdx: m.idx, last: previewOf(m), readIdx, unread, mentioned } as Conversation;
  const rest = s.conversations.filter((_, i) => i !== at);
  return { ...s, messages, conversations: [entry, ...rest] };
}

/** An entry for a room the list did not have yet (a group joined, a first message); the next list fills it in. */
function placeholder(m: MessagePayload): Conversation {
  const common = { avatar: '', lastIdx: 0, last: null, readIdx: 0, unread: 0, mentioned: false, version: 0, quiet: false, muted: false };
  return (typeof m.gid === 'string' ? { gid: m.gid, name: m.gid, ...common } : { dm: m.dm ?? '', name: m.dm ?? '', ...common, online: false, friendReadIdx: null }) as Conversation;
}

/** Older (or newer) messages of a room loaded over HTTP. */
export function withHistory(s: ChatSnapshot, key: RoomKey, page: readonly MessagePayload[]): ChatSnapshot {
  return { ...s, messages: { ...s.messages, [key]: mergeMessages(s.messages[key] ?? [], page) } };
}

/**
 * The held messages of a room fetched again (a page `after` the oldest held one): each held message
 * is replaced by its copy in the page, or dropped when the page covers its idx without it (trimmed,
 * or its author deleted). Messages of the page beyond those held are left to the connection's delivery.
 */
export function withRevised(s: ChatSnapshot, key: RoomKey, page: readonly MessagePayload[]): ChatSnapshot {
  const held = s.messages[key];
  if (!held?.length) return s;
  const fresh = new Map(page.map((m) => [m.idx, m]));
  const coveredTo = page.length ? page[page.length - 1]!.idx : Number.POSITIVE_INFINITY;
  const revised = held.flatMap((m) => {
    const copy = fresh.get(m.idx);
    if (copy) return [copy];
    return m.idx <= coveredTo ? [] : [m];
  });
  const conversations = s.conversations.map((c) => (roomKey(c) === key ? ({ ...c, mentioned: stillMentioned(c, revised, s.me) } as Conversation) : c));
  return { ...s, conversations, messages: { ...s.messages, [key]: revised } };
}

export function withRecall(s: ChatSnapshot, p: RecallPayload): ChatSnapshot {
  const key = roomKey(p);
  const change = (m: MessagePayload): MessagePayload =>
    m.idx === p.idx ? { ...m, recalled: true, content: '', reactions: {}, ...('name' in m ? { name: null, size: null } : {}) } : m;
  const held = (s.messages[key] ?? []).map(change);
  const conversations = s.conversations.map((c) => {
    if (roomKey(c) !== key) return c;
    const last = c.last?.idx === p.idx ? { ...c.last, content: '', recalled: true } : c.last;
    return { ...c, last, mentioned: stillMentioned(c, held, s.me) } as Conversation;
  });
  return { ...s, conversations, messages: { ...s.messages, [key]: held } };
}

/** The author edited a text message: its new text shows, in the list's preview too when it is the newest. */
export function withEdit(s: ChatSnapshot, p: EditPayload): ChatSnapshot {
  const key = roomKey(p);
  const change = (m: MessagePayload): MessagePayload => (m.idx === p.idx ? { ...m, content: p.content, md: p.md, edited: p.edited } : m);
  const held = s.messages[key] ? s.messages[key].map(change) : undefined;
  const conversations = s.conversations.map((c) => {
    if (roomKey(c) !== key) return c;
    const last = c.last?.idx === p.idx && c.last.type === 'text' ? { ...c.last, content: [...p.content].slice(0, PREVIEW_CHARS).join('') } : c.last;
    return { ...c, last, mentioned: stillMentioned(c, held, s.me) } as Conversation;
  });
  return { ...s, conversations, messages: held ? { ...s.messages, [key]: held } : s.messages };
}

export function withReaction(s: ChatSnapshot, p: ReactionPayload): ChatSnapshot {
  const key = roomKey(p);
  const list = s.messages[key];
  if (!list) return s;
  return { ...s, messages: { ...s.messages, [key]: list.map((m) => (m.idx === p.idx ? { ...m, reactions: p.reactions } : m)) } };
}

/** Files of a room's messages were removed: those messages show them expired. */
export function withFileExpired(s: ChatSnapshot, p: FileExpiredPayload): ChatSnapshot {
  const key = roomKey(p);
  const list = s.messages[key];
  if (!list) return s;
  const gone = new Set(p.idxs);
  return { ...s, messages: { ...s.messages, [key]: list.map((m) => (gone.has(m.idx) ? { ...m, file_expired: true } : m)) } };
}

/**
 * Direct conversations' receipts as the list says them (`friendReadIdx`): they hold across reloads,
 * never move back, and go when the friend stopped sharing them.
 */
export function withListReceipts(receipts: ChatSnapshot['receipts'], list: readonly Conversation[]): ChatSnapshot['receipts'] {
  const next: Partial<Record<RoomKey, number>> = { ...receipts };
  for (const c of list) {
    if (!('dm' in c)) continue;
    const key = roomKey(c);
    if (c.friendReadIdx === null) delete next[key];
    else next[key] = Math.max(next[key] ?? 0, c.friendReadIdx);
  }
  return next;
}

/** A room's notifications silenced or let sound again (from any of our devices). */
export function withQuiet(s: ChatSnapshot, p: QuietPayload): ChatSnapshot {
  const key = roomKey(p);
  if (!s.conversations.some((c) => roomKey(c) === key && c.quiet !== p.quiet)) return s;
  return { ...s, conversations: s.conversations.map((c) => (roomKey(c) === key ? ({ ...c, quiet: p.quiet } as Conversation) : c)) };
}

/** A read marker moved: ours (another device, or markRead) or, in a direct conversation, the friend's receipt. */
export function withRead(s: ChatSnapshot, p: ReadPayload): ChatSnapshot {
  const key = roomKey(p);
  if (p.by !== s.me) return { ...s, receipts: { ...s.receipts, [key]: Math.max(s.receipts[key] ?? 0, p.idx) } };
  const conversations = s.conversations.map((c) => {
    if (roomKey(c) !== key || p.idx <= c.readIdx) return c;
    const read = { ...c, readIdx: p.idx, unread: unreadOf(c.lastIdx, p.idx) } as Conversation;
    return { ...read, mentioned: stillMentioned(read, s.messages[key], s.me) } as Conversation;
  });
  return { ...s, conversations };
}

// ---- the store ----

/** A change event's effect on the snapshot. */
type Change = (s: ChatSnapshot) => ChatSnapshot;

export class ChatStore {
  private snapshot: ChatSnapshot = emptySnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe: Array<() => void>;
  /** Each room's `version` as the last conversation list said (-1: fetching it again failed, so the next list retries). */
  private readonly versions = new Map<RoomKey, number>();
  /** Rooms whose held messages are being fetched again, with the change events that came meanwhile (applied on top). */
  private readonly revising = new Map<RoomKey, Change[]>();
  /** Rooms whose version moved again while they were being fetched. */
  private readonly reviseAgain = new Set<RoomKey>();

  constructor(
    c: Connection,
    private readonly api: Api,
  ) {
    this.unsubscribe = [
      c.on('status', (status) => this.set({ ...this.snapshot, status, me: c.me })),
      c.on('conversations', (list) => this.takeList(list)),
      c.on('message', (m) => this.set(withMessage(this.snapshot, m))),
      c.on('outbox', (pending) => this.set({ ...this.snapshot, pending })),
      c.onServer('recall', (p) => this.change(roomKey(p), (s) => withRecall(s, p))),
      c.onServer('reaction', (p) => this.change(roomKey(p), (s) => withReaction(s, p))),
      c.onServer('edit', (p) => this.change(roomKey(p), (s) => withEdit(s, p))),
      c.onServer('file.expired', (p) => this.change(roomKey(p), (s) => withFileExpired(s, p))),
      c.onServer('read', (p) => this.set(withRead(this.snapshot, p))),
      c.onServer('quiet', (p) => this.set(withQuiet(this.snapshot, p))),
    ];
  }

  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The current state; the same object until something changes. */
  getSnapshot = (): ChatSnapshot => this.snapshot;

  /**
   * Loads a room's history into the store: with no option the whole kept
   * history (up to 500); `before` the page older than an idx.
   */
  async loadHistory(key: RoomKey, opts: { before?: number; limit?: number } = {}): Promise<void> {
    const page = await historyPage(this.api, roomRef(key), opts);
    this.set(withHistory(this.snapshot, key, page));
  }

  /**
   * Fetches the conversation list over HTTP (names, avatars, unread counts)
   * without waiting for the connection: an app shows it at once, and again
   * after a change the list does not follow by itself (a friend added, a group
   * joined or renamed: `friends.changed`, `groups.changed`).
   */
  async refreshConversations(): Promise<void> {
    this.takeList(await listConversations(this.api));
  }

  /** Marks the room read up to `idx` (default: its newest message); the list updates at once. */
  async markRead(key: RoomKey, idx?: number): Promise<void> {
    const c = this.snapshot.conversations.find((x) => roomKey(x) === key);
    const upTo = idx ?? c?.lastIdx ?? 0;
    if (this.snapshot.me) this.set(withRead(this.snapshot, { ...roomRef(key), idx: upTo, by: this.snapshot.me }));
    const marker = await markRead(this.api, roomRef(key), upTo);
    if (this.snapshot.me) this.set(withRead(this.snapshot, { ...roomRef(key), idx: marker, by: this.snapshot.me }));
  }

  /** Silences the room's notifications on every device of ours (`quiet`), or lets them sound again; the list updates at once. */
  async setQuiet(key: RoomKey, quiet: boolean): Promise<void> {
    this.set(withQuiet(this.snapshot, { ...roomRef(key), quiet }));
    try {
      this.set(withQuiet(this.snapshot, { ...roomRef(key), quiet: await setQuiet(this.api, roomRef(key), quiet) }));
    } catch (err) {
      // Refused or not sent: the list shows the setting as it still is.
      this.set(withQuiet(this.snapshot, { ...roomRef(key), quiet: !quiet }));
      throw err;
    }
  }

  /** Stops following the connection. */
  close(): void {
    for (const u of this.unsubscribe) u();
    this.listeners.clear();
  }

  /**
   * A new conversation list. Messages held of a room whose `version` moved since the last list may
   * have been edited, recalled, reacted to or lost their file while we were away: fetch them again.
   */
  private takeList(list: readonly Conversation[]): void {
    this.set({ ...this.snapshot, conversations: list, receipts: withListReceipts(this.snapshot.receipts, list) });
    for (const c of list) {
      const key = roomKey(c);
      const known = this.versions.get(key);
      this.versions.set(key, c.version);
      if (known !== undefined && known !== c.version && this.snapshot.messages[key]?.length) void this.revise(key);
    }
  }

  private async revise(key: RoomKey): Promise<void> {
    if (this.revising.has(key)) {
      this.reviseAgain.add(key);
      return;
    }
    const changes: Change[] = [];
    this.revising.set(key, changes);
    try {
      const oldest = this.snapshot.messages[key]?.[0]?.idx;
      if (oldest === undefined) return;
      const page = await historyPage(this.api, roomRef(key), { after: oldest - 1, limit: ROOM_MESSAGES_MAX });
      this.set(changes.reduce((s, change) => change(s), withRevised(this.snapshot, key, page)));
    } catch {
      // Left the room, or offline again: the next list that differs tries again.
      this.versions.set(key, -1);
    } finally {
      this.revising.delete(key);
      if (this.reviseAgain.delete(key)) void this.revise(key);
    }
  }

  /** A change event: applied now, and again on top of the room's messages being fetched again. */
  private change(key: RoomKey, change: Change): void {
    this.revising.get(key)?.push(change);
    this.set(change(this.snapshot));
  }

  private set(next: ChatSnapshot): void {
    if (next === this.snapshot) return;
    this.snapshot = next;
    for (const l of [...this.listeners]) l();
  }
}
