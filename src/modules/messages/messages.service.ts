import type { AppContext } from '../../context.ts';
import { AppError, badRequest, conflict, forbidden, notFound, UNAVAILABLE_RETRY_AFTER_S, UniqueViolation } from '../../errors.ts';
import { likePattern } from '../../lib/fields.ts';
import type { MessagePayload, RoomRef, ServerToClientEvents } from '../../realtime/events.ts';
import { type Actor, type Conversation, type Conversations, labelOf } from './conversations.ts';
import { announceExpired } from './file-expiry.ts';
import { GroupCommit, type Written } from './group-commit.ts';
import { HistoryCache } from './history-cache.ts';
import { type MessageRecord, messageView, type SearchHit } from './message-views.ts';
import { canRecall, contentRefusal, isFileType, isValidEmoji, parseRoom, roomKey } from './messages.policy.ts';
import { type EditBody, type HistoryQuery, historyLimit, type ReactBody, type RecallBody, type SendBody, type TypingBody } from './messages.schema.ts';
import { type MessageRow, messagesStore, type NewMessage } from './messages.store.ts';
import { SearchIndexUpkeep } from './search-upkeep.ts';

/** One typing notice per person and room in each 2-second window. */
const TYPING_WINDOW_MS = 2000;

/** How long a sender's cid identifies its message, kept in the history or not (docs/protocol.md). */
export const CID_WINDOW_MS = 24 * 3_600_000;

/**
 * How long an acknowledgement waits for the message's broadcast to be taken by Redis. Normally
 * well under a millisecond; the bound only matters while Redis is unreachable, when the message
 * is stored and acknowledged all the same (receivers elsewhere catch up; docs/operations.md).
 */
const PUBLISH_WAIT_MS = 2_000;

/** Emits one event to one audience, except maybe one connection (socket id). */
type Emit = <E extends keyof ServerToClientEvents>(event: E, payload: Parameters<ServerToClientEvents[E]>[0], except?: string) => void;

/** A send that passed every check, waiting for its batch. */
interface PendingSend {
  message: NewMessage;
  sender: Actor;
  conversation: Conversation;
  /** The connection that sent it (socket id): it gets the record in its ack, not again as an event. */
  origin: string | undefined;
}

/**
 * What the batch did with a send: stored now, or found stored under the same cid; or not stored
 * because the group changed since the send was allowed (`stale`: check it again).
 */
type SendOutcome = { row: MessageRow; duplicate: boolean } | { stale: true };

/** Times a send is checked again after its group changed under it before it gives up (503). */
const STALE_SEND_ATTEMPTS = 5;

/** Test hooks: a test process sets these to stop at the worst moments (never set in production). */
export const messagingTestHooks: { afterCommit?: (stored: readonly NewMessage[]) => void } = {};

/**
 * Messaging: the one send pipeline (socket `msg` and `POST /api/messages`),
 * recall, reactions, typing, history and search, and what the files and
 * moderation modules need to know about messages.
 *
 * Sends are group-committed: every send checked in the same turn of the event
 * loop, or while the previous batch was being written, is stored by one
 * statement (see messagesStore.insertBatch). A message is acknowledged and
 * fanned out only after that statement has committed.
 */
export class MessagesService {
  private readonly commit: GroupCommit<PendingSend, SendOutcome>;
  /** This node's copy of rooms' kept history (history-cache.ts). */
  readonly history: HistoryCache;
  /** Merges the search indexes' pending lists after this node's sends (started by the app). */
  readonly searchUpkeep: SearchIndexUpkeep;

  constructor(
    private readonly ctx: AppContext,
    private readonly conversations: Conversations,
  ) {
    // Overlapping a batch's fan-out with the next statement only helps when Postgres runs elsewhere:
    // PGlite executes on this thread, so it would only hold the fan-out back.
    this.commit = new GroupCommit((batch) => this.storeRetryingCids(batch), { overlap: ctx.db.kind === 'postgres' });
    this.history = new HistoryCache(ctx.db);
    this.searchUpkeep = new SearchIndexUpkeep(ctx.db, ctx.log, (pages) => ctx.metrics.searchIndexPagesMerged.inc(pages));
  }

  /**
   * Validates, authorises, runs the send guards, stores and fans out one
   * message; resolves with the record as the sender sees it. A retry with the
   * same `cid` resolves with the message stored the first time, and is not
   * delivered again. `origin`: the sending connection (socket id), left out
   * of the fan-out since the acknowledgement carries the record.
   */
  async send(userId: number, body: SendBody, origin?: string): Promise<MessagePayload> {
    const refused = contentRefusal(body.type, body.content);
    if (refused) throw new AppError(refused.status, refused.key);
    for (let attempt = 1; ; attempt++) {
      const sender = await this.conversations.actor(userId);
      const conversation = await this.conversations.open(sender, body, 'send');
      await this.speaking(sender);
      for (const guard of this.ctx.hooks.sendGuards) await guard(sender.id, body);
      const file = isFileType(body.type);
      const message: NewMessage = {
        room: conversation.room,
        fromId: sender.id,
        gid: conversation.kind === 'group' ? conversation.gid : null,
        toId: conversation.kind === 'direct' ? conversation.other.id : null,
        type: body.type,
        content: body.content,
        md: body.md,
        replyTo: body.replyTo,
        ts: this.ctx.clock.now(),
        name: file ? (body.name ?? null) : null,
        size: file ? (body.size ?? null) : null,
        cid: body.cid ?? null,
        accessVersion: conversation.kind === 'group' ? conversation.accessVersion : null,
        toName: conversation.kind === 'direct' ? conversation.other.name : null,
      };
      let outcome: SendOutcome;
      try {
        outcome = await this.commit.submit({ message, sender, conversation, origin });
      } catch (err) {
        // The group was dissolved, or the recipient deleted, after the check.
        if ((err as { code?: unknown }).code === '23503') {
          throw notFound(conversation.kind === 'group' ? 'api.group.notFound' : 'api.user.notFound');
        }
        throw err;
      }
      if ('stale' in outcome) {
        // The group or its members, or the recipient or the friendship, changed since the rows this
        // send was allowed by were read.
        this.conversations.forgetSendAccess(sender.id, body);
        if (attempt >= STALE_SEND_ATTEMPTS) throw new AppError(503, 'api.unavailable', { headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S) } });
        continue;
      }
      // Acknowledged only once the other nodes can hear of it: a node that dies between the commit
      // and the publish has acknowledged nothing, and the sender's retry (same cid) announces it.
      await this.publishedOrLate();
      return messageView(outcome.row, labelOf(conversation));
    }
  }

  private async publishedOrLate(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PUBLISH_WAIT_MS);
    });
    await Promise.race([this.ctx.notifier.published(), late]);
    clearTimeout(timer);
  }

  /** The hourly job: cids of trimmed messages older than the idempotency window are forgotten. */
  async forgetOldCids(): Promise<number> {
    return messagesStore.forgetCids(this.ctx.db, this.ctx.clock.now() - CID_WINDOW_MS);
  }

  /** Resolves once every accepted send has been stored (graceful shutdown). */
  drained(): Promise<void> {
    return this.commit.drained();
  }

  /**
   * Recall by the author, or by a platform admin for any message: content,
   * file details and reactions are cleared, the record stays (`recalled`).
   * Recalling a recalled message changes nothing and announces nothing.
   */
  async recall(userId: number, body: RecallBody): Promise<void> {
    const actor = await this.conversations.actor(userId);
    const conversation = await this.conversations.open(actor, body, 'read');
    const changed = await this.ctx.db.tx(async (q) => {
      const m = await messagesStore.lock(q, conversation.room, body.idx, 'update');
      if (!m) throw notFound('api.msg.notFound');
      if (!canRecall({ userId: actor.id, platformAdmin: actor.platformAdmin }, m.from_id)) throw forbidden('api.msg.notAuthor');
      if (m.recalled) return false;
      await messagesStore.recall(q, conversation.room, body.idx);
      return true;
    });
    if (!changed) return;
    for (const a of this.audiences(conversation, actor)) a.emit('recall', { ...a.label, idx: body.idx, by: actor.name });
  }

  /**
   * The author's new text of one of their text messages (not recalled), under the rules of
   * reacting (a member not muted in the group, a friend) and of sending text (contentRefusal);
   * everyone in the room hears `edit`. Returns the record as it now is.
   */
  async edit(userId: number, body: EditBody): Promise<MessagePayload> {
    const refused = contentRefusal('text', body.content);
    if (refused) throw new AppError(refused.status, refused.key);
    const actor = await this.conversations.actor(userId);
    const conversation = await this.conversations.open(actor, body, 'react');
    await this.speaking(actor);
    const edited = this.ctx.clock.now();
    const row = await this.ctx.db.tx(async (q) => {
      const m = await messagesStore.lock(q, conversation.room, body.idx, 'update');
      if (!m) throw notFound('api.msg.notFound');
      if (m.from_id !== actor.id) throw forbidden('api.msg.notYours');
      if (m.recalled) throw conflict('api.msg.recalled');
      if (m.type !== 'text') throw badRequest('api.msg.notEditable');
      await messagesStore.edit(q, { room: conversation.room, idx: body.idx, content: body.content, md: body.md, ts: edited });
      return messagesStore.record(q, conversation.room, body.idx);
    });
    if (!row) throw notFound('api.msg.notFound');
    for (const a of this.audiences(conversation, actor)) a.emit('edit', { ...a.label, idx: body.idx, content: body.content, md: body.md, edited });
    return messageView(row, labelOf(conversation));
  }

  /** Toggles the caller's reaction (members only, not on recalled messages); returns the new reactions map. */
  async react(userId: number, body: ReactBody): Promise<Record<string, string[]>> {
    if (!isValidEmoji(body.emoji)) throw badRequest('api.msg.badEmoji');
    const actor = await this.conversations.actor(userId);
    const conversation = await this.conversations.open(actor, body, 'react');
    await this.speaking(actor);
    const reaction = { room: conversation.room, idx: body.idx, emoji: body.emoji, userId: actor.id, ts: this.ctx.clock.now() };
    const reactions = await this.ctx.db.tx(async (q) => {
      // Shared lock: reactions run side by side, a recall waits for them (and they for it).
      const m = await messagesStore.lock(q, conversation.room, body.idx, 'share');
      if (!m) throw notFound('api.msg.notFound');
      if (m.recalled) throw conflict('api.msg.recalled');
      try {
        await messagesStore.toggleReaction(q, reaction);
      } catch (err) {
        // The same person added the same emoji at the same moment: it is there, which is what both asked.
        if (!(err instanceof UniqueViolation)) throw err;
      }
      return messagesStore.reactions(q, conversation.room, body.idx);
    });
    for (const a of this.audiences(conversation, actor)) a.emit('reaction', { ...a.label, idx: body.idx, reactions });
    return reactions;
  }

  /**
   * A typing notice to the group (never back to the typist's own connections)
   * or to a friend. At most one per person and room per 2-second window: the
   * rest are dropped (false).
   */
  async typing(userId: number, body: TypingBody): Promise<boolean> {
    const actor = await this.conversations.actor(userId);
    const conversation = await this.conversations.open(actor, { gid: body.gid, dm: body.pm }, 'typing');
    await this.speaking(actor);
    const { allowed } = await this.ctx.state.hit(`typing:${actor.id}:${conversation.room}`, 1, TYPING_WINDOW_MS);
    if (!allowed) return false;
    if (conversation.kind === 'group') {
      this.ctx.notifier.toGroupExceptUser(conversation.gid, actor.id, 'typing', { from: actor.name, gid: conversation.gid });
    } else {
      this.ctx.notifier.toUser(conversation.other.id, 'typing', { from: actor.name, pm: actor.name });
    }
    return true;
  }

  /** A muted (or banned) user may not send, react or type anywhere: the speakGuards refuse. */
  private async speaking(actor: Actor): Promise<void> {
    for (const guard of this.ctx.hooks.speakGuards) await guard(actor.id);
  }

  /**
   * GET /api/messages: a page of a room, oldest first (at most 500), as the
   * JSON text of the records array. The access check is the same as ever; the
   * page comes from this node's copy of the room (history-cache.ts) when the
   * room's version, read by one batched statement, says it is current. For a
   * group that read runs beside the access check (the room follows from the gid).
   */
  async historyJson(userId: number, query: HistoryQuery): Promise<string> {
    const actor = await this.conversations.actor(userId);
    const groupRoom = query.gid !== undefined ? roomKey.group(query.gid) : undefined;
    const early = groupRoom !== undefined ? this.history.version(groupRoom) : undefined;
    // Unused when the access check refuses: its failure must not go unhandled then.
    early?.catch(() => undefined);
    const conversation = await this.conversations.open(actor, query, 'read');
    const label = conversation.kind === 'group' ? ({ key: 'gid', value: conversation.gid } as const) : ({ key: 'dm', value: conversation.other.name } as const);
    const version = await (early !== undefined && groupRoom === conversation.room ? early : this.history.version(conversation.room));
    return this.history.page(conversation.room, label, version, { before: query.before, after: query.after, limit: historyLimit(query) });
  }

  /** GET /api/messages/search: live text messages of the caller's groups and direct conversations, newest first. */
  async search(userId: number, q: string, limit: number): Promise<SearchHit[]> {
    const rows = await messagesStore.search(this.ctx.db.lane('search'), userId, likePattern(q), limit);
    this.searchUpkeep.noteSearched();
    return rows.map((r) => ({
      idx: r.idx,
      from: r.from,
      type: r.type,
      content: r.content,
      ts: r.ts,
      ...(r.gid !== null ? { gid: r.gid } : { dm: r.peer ?? '' }),
    }));
  }

  /**
   * A message as stored, for reports and moderation (undefined when it is not
   * stored, e.g. trimmed). Direct messages are labelled from the sender's side
   * (`dm` is the recipient).
   */
  async messageSnapshot(room: string, idx: number): Promise<(MessageRecord & { room: string; fromId: number }) | undefined> {
    if (!parseRoom(room)) return undefined;
    const row = await messagesStore.record(this.ctx.db, room, idx);
    if (!row) return undefined;
    const label = row.gid !== null ? { gid: row.gid } : { dm: await this.nameOf(row.to_id) };
    return { ...messageView(row, label), room, fromId: row.from_id };
  }

  /**
   * For the files module: how many messages of a file type reference each
   * upload, by file name (`<hex>.<ext>`, the part after `/uploads/`). Names
   * no message references are absent from the map. Recalled messages no
   * longer reference their file.
   */
  async fileReferenceCounts(names: string[]): Promise<Map<string, number>> {
    const rows = await messagesStore.fileReferenceCounts(this.ctx.db, names.map(uploadPath));
    return new Map(rows.map((r) => [r.content.slice(UPLOADS.length), r.n]));
  }

  /** For the files module: whether a live message of a room the user reads carries this upload URL. */
  async fileSharedWith(userId: number, url: string): Promise<boolean> {
    return messagesStore.fileSharedWith(this.ctx.db, userId, url);
  }

  /**
   * For the files module, inside its transaction: marks the messages referencing these files (by
   * name) `file_expired`, announced to their rooms once it commits; returns how many changed.
   */
  async markFilesExpired(names: string[]): Promise<number> {
    const marked = await messagesStore.markFilesExpired(this.ctx.db, names.map(uploadPath));
    await announceExpired(this.ctx, this.ctx.db, marked);
    return marked.length;
  }

  // ---- storing and fan-out ----

  /**
   * A cid stored by another node between our lookup and our insert fails the
   * whole statement (nothing stored); looking again finds it, so try again.
   */
  private async storeRetryingCids(batch: readonly PendingSend[]): Promise<Written<SendOutcome>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.store(batch);
      } catch (err) {
        if (!(err instanceof UniqueViolation) || attempt >= 3) throw err;
      }
    }
  }

  /**
   * Writes one batch; its fan-out is the follow-up, which the batcher runs
   * while the next batch is being written. Nothing may throw after the insert
   * has committed (the batcher would retry the items one by one and store them
   * twice), so stored duplicates are read before it.
   */
  private async store(batch: readonly PendingSend[]): Promise<Written<SendOutcome>> {
    const cidKey = (m: NewMessage) => (m.cid === null ? undefined : `${m.fromId}:${m.cid}`);
    const withCid = batch.filter((s) => s.message.cid !== null).map((s) => ({ fromId: s.message.fromId, cid: s.message.cid! }));
    const stored = new Map<string, MessageRow>();
    const kept = new Set<string>();
    const since = this.ctx.clock.now() - CID_WINDOW_MS;
    for (const hit of await messagesStore.byCids(this.ctx.db, withCid, since)) {
      const key = `${hit.from_id}:${hit.cid}`;
      const send = batch.find((s) => cidKey(s.message) === key)!;
      // Trimmed from the history: the request repeats the original, which has the stored idx and time.
      const row = hit.kept ? await messagesStore.record(this.ctx.db, hit.room, hit.idx) : rowOf(send, { idx: hit.idx, replyTo: null }, hit.ts);
      if (!row) continue;
      stored.set(key, row);
      if (hit.kept) kept.add(key);
    }

    // Each item is stored now (fresh), was stored before (stored), or repeats a cid of this batch (same).
    const fresh: PendingSend[] = [];
    const firstOfCid = new Map<string, number>();
    const plan = batch.map((s): { stored: MessageRow } | { fresh: number; repeat: boolean } => {
      const key = cidKey(s.message);
      const before = key === undefined ? undefined : stored.get(key);
      if (before) return { stored: before };
      const first = key === undefined ? undefined : firstOfCid.get(key);
      if (first !== undefined) return { fresh: first, repeat: true };
      if (key !== undefined) firstOfCid.set(key, fresh.length);
      fresh.push(s);
      return { fresh: fresh.length - 1, repeat: false };
    });

    const keys = fresh.length ? await messagesStore.insertBatch(this.ctx.db, fresh.map((s) => s.message)) : [];
    const rows = fresh.map((s, i): MessageRow | undefined => (keys[i] ? rowOf(s, keys[i], s.message.ts) : undefined));
    messagingTestHooks.afterCommit?.(fresh.filter((_, i) => rows[i]).map((f) => f.message));
    const results = plan.map((p): SendOutcome => {
      if ('stored' in p) return { row: p.stored, duplicate: true };
      const row = rows[p.fresh];
      return row ? { row, duplicate: p.repeat } : { stale: true };
    });
    const followUp = () => {
      if (fresh.some((s, i) => rows[i] && s.message.type === 'text')) this.searchUpkeep.noteStored();
      for (const [i, s] of fresh.entries()) {
        const row = rows[i];
        if (!row) continue;
        this.deliver(s, row);
        this.ctx.metrics.messagesSent.inc({ kind: s.conversation.kind === 'group' ? 'group' : 'dm' });
      }
      // A retry of a message still in the history is announced again: its first announcement may have
      // died with the node that stored it. Receivers that had it drop it by room and idx.
      for (const s of batch) {
        const key = cidKey(s.message);
        if (key !== undefined && kept.has(key)) this.deliver(s, stored.get(key)!);
      }
    };
    return { results, followUp };
  }

  /** After the commit: the group's room, or both people of a direct message (each sees the other's name). */
  private deliver(send: PendingSend, row: MessageRow): void {
    for (const a of this.audiences(send.conversation, send.sender)) a.emit('msg', messageView(row, a.label), send.origin);
  }

  /**
   * Who hears of a change in a conversation, with the label each knows it by:
   * the group's room (plus the actor when a platform admin outside the group),
   * or each of the two people of a direct conversation.
   */
  private audiences(c: Conversation, actor: Actor): Array<{ label: RoomRef; emit: Emit }> {
    const n = this.ctx.notifier;
    if (c.kind === 'group') {
      const emit: Emit = c.member ? (e, p, x) => n.toGroup(c.gid, e, p, x) : (e, p, x) => n.toGroupAndUsers(c.gid, [actor.id], e, p, x);
      return [{ label: { gid: c.gid }, emit }];
    }
    return [
      { label: { dm: c.other.name }, emit: (e, p, x) => n.toUser(actor.id, e, p, x) },
      { label: { dm: actor.name }, emit: (e, p) => n.toUser(c.other.id, e, p) },
    ];
  }

  private async nameOf(userId: number | null): Promise<string> {
    if (userId === null) return '';
    return (await this.ctx.db.query<{ name: string }>('select name from users where id = $1', [userId]))[0]?.name ?? '';
  }
}

/** The record of a send as stored under `key` at `ts`: the request's fields are what was stored. */
function rowOf(s: PendingSend, key: { idx: number; replyTo: number | null }, ts: number): MessageRow {
  const m = s.message;
  return {
    room: m.room,
    idx: key.idx,
    from: s.sender.name,
    from_id: m.fromId,
    to_id: m.toId,
    gid: m.gid,
    type: m.type,
    content: m.content,
    ts,
    md: m.md,
    reply_to: key.replyTo,
    recalled: false,
    file_expired: false,
    edited: null,
    name: m.name,
    size: m.size,
    reactions: {},
  };
}

const UPLOADS = '/uploads/';
const uploadPath = (name: string) => UPLOADS + name;
