import type { AppContext } from '../../context.ts';
import type { UsersService } from '../users/users.service.ts';
import type { ConversationEntry, MarkReadBody, QuietBody } from './conversation-list.schema.ts';
import { type ConversationRow, conversationListStore } from './conversation-list.store.ts';
import type { Conversations } from './conversations.ts';

/**
 * The conversation list with unread counts (GET /api/conversations) and read
 * markers (POST /api/conversations/read). A client catching up after a
 * reconnect lists once and fetches `after=` only for rooms whose `lastIdx`
 * moved (docs/protocol.md, "Conversations and read markers").
 */
export class ConversationListService {
  constructor(
    private readonly ctx: AppContext,
    private readonly conversations: Conversations,
    private readonly users: UsersService,
  ) {}

  /**
   * Every group the caller is in and every friend, newest activity first: one
   * statement, plus one presence lookup for the friends' `online`.
   */
  async list(userId: number): Promise<ConversationEntry[]> {
    const actor = await this.conversations.actor(userId);
    const rows = await conversationListStore.list(this.ctx.db, actor);
    const peers = rows.flatMap((r) =>
      r.peer_id === null
        ? []
        : [{ id: r.peer_id, name: r.peer_name ?? '', nickname: r.peer_nickname ?? '', avatar: r.avatar, invisible: r.peer_invisible ?? false, away: r.peer_away ?? false }],
    );
    const online = peers.length ? await this.users.onlineOf(peers) : new Map<number, boolean>();
    return rows.map((r) => entry(r, online));
  }

  /**
   * Silences a room's notifications for the caller, or lets them sound again; the caller's
   * connections hear `quiet` so every device follows. Any room the caller may read.
   */
  async setQuiet(userId: number, body: QuietBody): Promise<boolean> {
    const actor = await this.conversations.actor(userId);
    const c = await this.conversations.open(actor, body, 'read');
    await conversationListStore.setQuiet(this.ctx.db, actor.id, c.room, body.quiet);
    const ref = c.kind === 'group' ? { gid: c.gid } : { dm: c.other.name };
    this.ctx.notifier.toUser(actor.id, 'quiet', { ...ref, quiet: body.quiet });
    return body.quiet;
  }

  /**
   * Moves the caller's marker forward to `idx` (lowered to the room's newest
   * idx; a smaller one changes nothing) and returns the marker. When it moved,
   * the caller's connections hear `read`, and in a direct conversation so does
   * the friend (a read receipt) unless the caller turned `readReceipts` off.
   */
  async markRead(userId: number, body: MarkReadBody): Promise<number> {
    const actor = await this.conversations.actor(userId);
    const c = await this.conversations.open(actor, body, 'read');
    const { moved, before } = await conversationListStore.markRead(this.ctx.db, actor.id, c.room, body.idx);
    if (moved === null) return before;
    const n = this.ctx.notifier;
    if (c.kind === 'group') {
      n.toUser(actor.id, 'read', { gid: c.gid, idx: moved, by: actor.name });
    } else {
      n.toUser(actor.id, 'read', { dm: c.other.name, idx: moved, by: actor.name });
      if ((await this.users.account(actor.id)).read_receipts) n.toUser(c.other.id, 'read', { dm: actor.name, idx: moved, by: actor.name });
    }
    return moved;
  }
}

function entry(r: ConversationRow, online: ReadonlyMap<number, boolean>): ConversationEntry {
  const common = {
    name: r.name,
    avatar: r.avatar,
    lastIdx: r.last_idx,
    last:
      r.l_idx === null
        ? null
        : { idx: r.l_idx, from: r.l_from ?? '', type: r.l_type ?? 'text', content: r.l_content ?? '', ts: r.l_ts ?? 0, recalled: r.l_recalled ?? false },
    readIdx: r.read_idx,
    unread: r.unread,
    muted: r.muted,
    mentioned: r.mentioned,
    version: r.version,
    quiet: r.quiet,
  };
  return r.gid !== null ? { gid: r.gid, ...common } : { dm: r.peer_name ?? '', ...common, online: online.get(r.peer_id ?? 0) ?? false, friendReadIdx: r.peer_read_idx };
}
