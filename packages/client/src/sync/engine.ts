/**
 * The sync engine: which messages reach the app, and when to ask the server
 * for more. Plain functions over plain data (no timers, no network), so every
 * hard case (a gap, a duplicate, a reconnect in the middle of a catch-up) is a
 * unit test. The connection manager feeds it what arrives (live messages,
 * acknowledgements of our own sends, conversation lists, history pages) and
 * carries out what it returns (deliver these, fetch that, watch this gap).
 *
 * The guarantee: per room, every message is delivered once, in idx order.
 * Indexes have no gaps when allocated, but a room's history can have holes
 * (the newest 500 are kept; a deleted account's messages go), so only the
 * server's history answer may declare a range empty: a page `after=A` lists
 * every message that exists above A up to its last entry, and a short page
 * (fewer than asked) everything up to the room's newest index known before
 * the page was asked for (its `bound`).
 */
import { type RoomKey, roomKey } from './rooms.ts';

/** What the engine needs of a message: its index and its room. */
export interface Indexed {
  idx: number;
  gid?: string | null | undefined;
  dm?: string | null | undefined;
}

/** What the engine needs of a conversation list entry. */
export interface ListedRoom {
  gid?: string | null | undefined;
  dm?: string | null | undefined;
  /** The room's newest idx (0: no message yet). */
  lastIdx: number;
  /** The caller's read marker. */
  readIdx: number;
}

/** Where delivery starts in a room first met in a conversation list: its newest message, or the caller's read marker. */
export type StartAt = 'latest' | 'unread';

export interface RoomSync<M extends Indexed> {
  /** Everything up to this idx has been delivered (or predates the start, or does not exist). */
  delivered: number;
  /** Messages above `delivered + 1`, waiting for the range below them to be filled or declared empty; sorted by idx. */
  held: readonly M[];
  /** The newest idx the server is known to have. */
  known: number;
  /** A history page is on its way. */
  fetching: boolean;
}

export interface SyncState<M extends Indexed> {
  rooms: Readonly<Partial<Record<RoomKey, RoomSync<M>>>>;
  /**
   * `listing` from each (re)connection until its conversation list is applied:
   * live messages wait in `early` so that a room first met in that list starts
   * where the list says, not at the first live message.
   */
  phase: 'listing' | 'live';
  early: readonly M[];
  startAt: StartAt;
}

/** A history page to ask for: `GET /api/messages?after=<after>` of `room`; `bound` goes back with the answer. */
export interface FetchPlan {
  room: RoomKey;
  after: number;
  /** The newest idx known when the page was planned. */
  bound: number;
}

/** What a step produced: messages to hand to the app, in order, and work for the connection manager. */
export interface Step<M extends Indexed> {
  state: SyncState<M>;
  deliver: M[];
  /** History pages to fetch now. */
  fetch: FetchPlan[];
  /** Rooms with a gap: if it is still there after a moment (messages through other nodes may be late), call planRoom. */
  gaps: RoomKey[];
}

/** A fresh engine; `since` resumes rooms at saved watermarks (see watermarks()). */
export function createSync<M extends Indexed>(opts: { startAt?: StartAt; since?: Partial<Record<RoomKey, number>> } = {}): SyncState<M> {
  const rooms: Partial<Record<RoomKey, RoomSync<M>>> = {};
  for (const [key, idx] of Object.entries(opts.since ?? {}) as Array<[RoomKey, number | undefined]>) {
    if (idx !== undefined) rooms[key] = { delivered: idx, held: [], known: idx, fetching: false };
  }
  return { rooms, phase: 'listing', early: [], startAt: opts.startAt ?? 'latest' };
}

/** Each room's delivered watermark, to persist and hand back as `since`. */
export function watermarks(state: SyncState<Indexed>): Partial<Record<RoomKey, number>> {
  const out: Partial<Record<RoomKey, number>> = {};
  for (const [key, r] of entries(state.rooms)) out[key] = r.delivered;
  return out;
}

/**
 * The connection is ready again (or for the first time): live messages wait
 * for the conversation list, and history pages in flight on the old
 * connection no longer block new ones (their answers are still applied).
 */
export function beginSync<M extends Indexed>(state: SyncState<M>): SyncState<M> {
  const rooms: Partial<Record<RoomKey, RoomSync<M>>> = {};
  for (const [key, r] of entries(state.rooms)) rooms[key] = r.fetching ? { ...r, fetching: false } : r;
  return { ...state, rooms, phase: 'listing' };
}

/**
 * Applies `GET /api/conversations`: rooms met for the first time start at
 * their newest idx (`startAt: 'latest'`) or at the caller's read marker
 * (`'unread'`); every room whose newest idx is above what was delivered gets a
 * history page. Then the live messages that waited for the list are received.
 */
export function applyConversations<M extends Indexed>(state: SyncState<M>, list: readonly ListedRoom[]): Step<M> {
  const rooms = { ...state.rooms };
  for (const c of list) {
    const key = roomKey(c);
    const r = rooms[key];
    if (r) rooms[key] = { ...r, known: Math.max(r.known, c.lastIdx) };
    else {
      const start = Math.min(state.startAt === 'unread' ? c.readIdx : c.lastIdx, c.lastIdx);
      rooms[key] = { delivered: start, held: [], known: c.lastIdx, fetching: false };
    }
  }
  const live = receive({ ...state, rooms, phase: 'live', early: [] }, state.early);
  const fetch: FetchPlan[] = [];
  const planned = { ...live.state.rooms };
  for (const [key, r] of entries(planned)) {
    if (r.fetching || r.known <= r.delivered) continue;
    fetch.push({ room: key, after: r.delivered, bound: r.known });
    planned[key] = { ...r, fetching: true };
  }
  return { ...live, state: { ...live.state, rooms: planned }, fetch };
}

/**
 * Live messages (`msg` events) and the records in our own sends'
 * acknowledgements. A message at or below the watermark, or already held, is a
 * duplicate and dropped. A room never seen before starts just below its first
 * message.
 */
export function receive<M extends Indexed>(state: SyncState<M>, messages: readonly M[]): Step<M> {
  if (state.phase === 'listing') return { state: { ...state, early: [...state.early, ...messages] }, deliver: [], fetch: [], gaps: [] };
  const rooms = { ...state.rooms };
  const deliver: M[] = [];
  const touched = new Set<RoomKey>();
  for (const m of messages) {
    const key = roomKey(m);
    const r = rooms[key] ?? { delivered: m.idx - 1, held: [], known: 0, fetching: false };
    touched.add(key);
    if (m.idx <= r.delivered || r.held.some((h) => h.idx === m.idx)) {
      rooms[key] = r;
      continue;
    }
    const drained = drain({ ...r, held: insertSorted(r.held, m), known: Math.max(r.known, m.idx) });
    deliver.push(...drained.out);
    rooms[key] = drained.room;
  }
  const gaps = [...touched].filter((key) => (rooms[key]?.held.length ?? 0) > 0);
  return { state: { ...state, rooms }, deliver, fetch: [], gaps };
}

/**
 * Asks for what is missing in a room, if anything: a gap still open after the
 * grace period (messages through other nodes may arrive late), or a page that
 * failed. Nothing when the room is complete or a page is already on its way.
 * The bound is the newest idx known: every message up to it was committed
 * before we learned of it (indexes are allocated in commit order), so the page
 * sees all of those that exist.
 */
export function planRoom<M extends Indexed>(state: SyncState<M>, key: RoomKey): { state: SyncState<M>; fetch: FetchPlan[] } {
  const r = state.rooms[key];
  if (!r || r.fetching || r.known <= r.delivered) return { state, fetch: [] };
  const plan = { room: key, after: r.delivered, bound: r.known };
  return { state: { ...state, rooms: { ...state.rooms, [key]: { ...r, fetching: true } } }, fetch: [plan] };
}

/**
 * A history page arrived: `messages` are what exists above `plan.after` (oldest
 * first, at most `limit`). Delivers what is now in order, skipping indexes the
 * page shows do not exist; asks for the next page when this one was full.
 */
export function applyPage<M extends Indexed>(state: SyncState<M>, plan: FetchPlan, messages: readonly M[], limit: number): Step<M> {
  const r = state.rooms[plan.room];
  if (!r) return { state, deliver: [], fetch: [], gaps: [] };
  const page = messages.filter((m) => roomKey(m) === plan.room && m.idx > plan.after).sort((a, b) => a.idx - b.idx);
  const last = page.at(-1)?.idx ?? plan.after;
  const full = messages.length >= limit;
  // Everything in (after, resolved] that exists is in the page (or held, if it came live meanwhile).
  const resolved = full ? last : Math.max(last, plan.bound);
  let held = r.held;
  for (const m of page) if (m.idx > r.delivered && !held.some((h) => h.idx === m.idx)) held = insertSorted(held, m);
  const out: M[] = [];
  const ready = held.filter((m) => m.idx <= resolved);
  out.push(...ready);
  const delivered = Math.max(r.delivered, resolved, ready.at(-1)?.idx ?? 0);
  const drained = drain({ ...r, delivered, held: held.filter((m) => m.idx > resolved), known: Math.max(r.known, last), fetching: false });
  out.push(...drained.out);
  let room = drained.room;
  const fetch: FetchPlan[] = [];
  const gaps: RoomKey[] = [];
  if (full && room.known > room.delivered) {
    fetch.push({ room: plan.room, after: room.delivered, bound: room.known });
    room = { ...room, fetching: true };
  } else if (room.held.length > 0) gaps.push(plan.room);
  return { state: { ...state, rooms: { ...state.rooms, [plan.room]: room } }, deliver: out, fetch, gaps };
}

/** A history page could not be fetched (network): the room may be planned again (next reconnect or gap). */
export function pageFailed<M extends Indexed>(state: SyncState<M>, plan: FetchPlan): SyncState<M> {
  const r = state.rooms[plan.room];
  if (!r) return state;
  return { ...state, rooms: { ...state.rooms, [plan.room]: { ...r, fetching: false } } };
}

function drain<M extends Indexed>(r: RoomSync<M>): { room: RoomSync<M>; out: M[] } {
  let delivered = r.delivered;
  let i = 0;
  const out: M[] = [];
  for (; i < r.held.length; i++) {
    const m = r.held[i]!;
    if (m.idx <= delivered) continue;
    if (m.idx !== delivered + 1) break;
    out.push(m);
    delivered = m.idx;
  }
  return { room: { ...r, delivered, held: r.held.slice(i) }, out };
}

function insertSorted<M extends Indexed>(list: readonly M[], m: M): M[] {
  const at = list.findIndex((x) => x.idx > m.idx);
  return at < 0 ? [...list, m] : [...list.slice(0, at), m, ...list.slice(at)];
}

function entries<T>(o: Readonly<Partial<Record<RoomKey, T>>>): Array<[RoomKey, T]> {
  return Object.entries(o).filter((e): e is [RoomKey, T] => e[1] !== undefined) as Array<[RoomKey, T]>;
}
