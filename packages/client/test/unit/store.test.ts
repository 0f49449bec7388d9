import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../src/calls.ts';
import type { Connection } from '../../src/connection.ts';
import type { MessagePayload } from '../../src/events.ts';
import type { Api } from '../../src/transport/rest.ts';
import { type ChatSnapshot, ChatStore, emptySnapshot, mergeMessages, previewOf, withEdit, withFileExpired, withHistory, withMessage, withListReceipts, withQuiet, withRead, withRecall, withRevised } from '../../src/store.ts';

const msg = (idx: number, from: string, extra: Partial<MessagePayload> = {}): MessagePayload => ({
  idx,
  from,
  type: 'text',
  content: `m${idx}`,
  ts: 1000 + idx,
  md: 0,
  replyTo: null,
  reactions: {},
  recalled: false,
  file_expired: false,
  edited: null,
  gid: 'g1',
  ...extra,
});

const group = (gid: string, lastIdx: number, readIdx: number): Conversation => ({
  gid,
  name: gid,
  avatar: '',
  lastIdx,
  last: null,
  readIdx,
  unread: lastIdx - readIdx,
  mentioned: false,
  version: 0,
  quiet: false,
  muted: false,
});

const state = (conversations: Conversation[]): ChatSnapshot => ({ ...emptySnapshot, me: 'me', conversations });

describe('store state changes', () => {
  it("counts others' messages as unread and moves the room to the top", () => {
    let s = state([group('g2', 3, 3), group('g1', 5, 5)]);
    s = withMessage(s, msg(6, 'ann'));
    s = withMessage(s, msg(7, 'bob'));
    expect(s.conversations.map((c) => ('gid' in c ? c.gid : ''))).toEqual(['g1', 'g2']);
    expect(s.conversations[0]).toMatchObject({ lastIdx: 7, readIdx: 5, unread: 2, last: { idx: 7, from: 'bob', content: 'm7' } });
    expect(s.messages['g:g1']?.map((m) => m.idx)).toEqual([6, 7]);
  });

  it('our own message moves our marker: nothing above it is unread', () => {
    let s = state([group('g1', 5, 2)]);
    s = withMessage(s, msg(6, 'me'));
    expect(s.conversations[0]).toMatchObject({ lastIdx: 6, readIdx: 6, unread: 0 });
  });

  it('caps unread at the 500 messages kept', () => {
    const s = withMessage(state([group('g1', 900, 0)]), msg(901, 'ann'));
    expect(s.conversations[0]!.unread).toBe(500);
  });

  it('our read event lowers unread; a friend’s is a receipt', () => {
    let s = state([group('g1', 10, 2)]);
    s = withRead(s, { gid: 'g1', idx: 8, by: 'me' });
    expect(s.conversations[0]).toMatchObject({ readIdx: 8, unread: 2 });
    // Never backwards.
    expect(withRead(s, { gid: 'g1', idx: 4, by: 'me' }).conversations[0]!.readIdx).toBe(8);
    s = withRead(s, { dm: 'bob', idx: 3, by: 'bob' });
    expect(s.receipts).toEqual({ 'd:bob': 3 });
  });

  it('a message in a room the list does not have adds a placeholder entry', () => {
    const s = withMessage(state([]), msg(1, 'bob', { gid: undefined, dm: 'bob' }));
    expect(s.conversations).toEqual([expect.objectContaining({ dm: 'bob', lastIdx: 1, unread: 1 })]);
  });

  it('recall empties the message and the preview', () => {
    let s = withMessage(state([group('g1', 0, 0)]), msg(1, 'ann'));
    s = withRecall(s, { gid: 'g1', idx: 1, by: 'ann' });
    expect(s.messages['g:g1']?.[0]).toMatchObject({ recalled: true, content: '' });
    expect(s.conversations[0]!.last).toMatchObject({ recalled: true, content: '' });
  });

  it('file.expired marks exactly the listed messages of that room', () => {
    const file = (idx: number, gid: string) => msg(idx, 'ann', { type: 'image', content: '/uploads/x.png', gid });
    let s = withHistory(state([]), 'g:g1', [file(1, 'g1'), file(2, 'g1'), file(3, 'g1')]);
    s = withHistory(s, 'g:g2', [file(2, 'g2')]);
    s = withFileExpired(s, { gid: 'g1', idxs: [1, 3] });
    expect(s.messages['g:g1']!.map((m) => m.file_expired)).toEqual([true, false, true]);
    expect(s.messages['g:g2']![0]!.file_expired).toBe(false);
    // A room not loaded: nothing to change.
    expect(withFileExpired(s, { dm: 'bob', idxs: [1] })).toBe(s);
  });

  it('mentioned: set by an unread message naming us, cleared by reading past it or its recall', () => {
    let s = withMessage(state([group('g1', 5, 5)]), msg(6, 'ann', { content: 'hi @ME.' }));
    expect(s.conversations[0]).toMatchObject({ unread: 1, mentioned: true });
    s = withMessage(s, msg(7, 'bob'));
    expect(s.conversations[0]).toMatchObject({ unread: 2, mentioned: true });
    // Read up to the mention: the one unread left does not name us.
    expect(withRead(s, { gid: 'g1', idx: 6, by: 'me' }).conversations[0]).toMatchObject({ unread: 1, mentioned: false });
    // Recalled while unread: nothing names us any more.
    expect(withRecall(s, { gid: 'g1', idx: 6, by: 'ann' }).conversations[0]).toMatchObject({ unread: 2, mentioned: false });
    // Our own message reads everything.
    expect(withMessage(s, msg(8, 'me')).conversations[0]).toMatchObject({ unread: 0, mentioned: false });
  });

  it('mentioned: kept as the server said while the unread messages are not all held', () => {
    const s = state([{ ...group('g1', 10, 2), mentioned: true }]);
    expect(withRead(s, { gid: 'g1', idx: 5, by: 'me' }).conversations[0]).toMatchObject({ unread: 5, mentioned: true });
    expect(withRead(s, { gid: 'g1', idx: 10, by: 'me' }).conversations[0]).toMatchObject({ unread: 0, mentioned: false });
    // Not in a direct conversation, nor someone else's name, nor our own words.
    const dm = withMessage(state([]), msg(1, 'bob', { gid: undefined, dm: 'bob', content: '@me' }));
    expect(dm.conversations[0]).toMatchObject({ unread: 1, mentioned: false });
    expect(withMessage(state([group('g1', 0, 0)]), msg(1, 'ann', { content: '@meg' })).conversations[0]!.mentioned).toBe(false);
  });

  it('edit: the new text, Markdown switch and time; the preview when it is the newest; mentioned follows', () => {
    let s = withMessage(withMessage(state([group('g1', 0, 0)]), msg(1, 'ann')), msg(2, 'ann'));
    s = withEdit(s, { gid: 'g1', idx: 2, content: 'now @me', md: 1, edited: 5000 });
    expect(s.messages['g:g1']![1]).toMatchObject({ content: 'now @me', md: 1, edited: 5000 });
    expect(s.messages['g:g1']![0]).toMatchObject({ content: 'm1', edited: null });
    expect(s.conversations[0]).toMatchObject({ last: { idx: 2, content: 'now @me' }, mentioned: true });
    // An older message: the preview stays.
    s = withEdit(s, { gid: 'g1', idx: 1, content: 'first, fixed', md: 0, edited: 6000 });
    expect(s.conversations[0]!.last).toMatchObject({ idx: 2, content: 'now @me' });
    expect(withEdit(s, { gid: 'g1', idx: 2, content: 'no one', md: 0, edited: 7000 }).conversations[0]!.mentioned).toBe(false);
  });

  it('revised: held messages replaced by their fresh copies, those gone dropped, newer ones left to delivery', () => {
    let s = state([group('g1', 2, 2)]);
    for (const idx of [3, 4, 5, 6]) s = withMessage(s, msg(idx, 'ann'));
    const page = [msg(3, 'ann', { content: 'edited', edited: 9 }), msg(5, 'ann', { recalled: true, content: '' }), msg(6, 'ann'), msg(7, 'ann')];
    const r = withRevised(s, 'g:g1', page);
    expect(r.messages['g:g1']!.map((m) => [m.idx, m.content])).toEqual([
      [3, 'edited'],
      [5, ''],
      [6, 'm6'],
    ]);
    // Held messages beyond the page's last one (come live while it was on its way) stay.
    expect(withRevised(s, 'g:g1', [msg(3, 'ann'), msg(4, 'ann', { content: 'x' })]).messages['g:g1']!.map((m) => m.content)).toEqual(['m3', 'x', 'm5', 'm6']);
    // Nothing held, nothing to revise.
    expect(withRevised(s, 'g:g2', page)).toBe(s);
    // mentioned follows the fresh copies of unread messages.
    const named = withRevised(s, 'g:g1', [msg(3, 'ann'), msg(4, 'ann'), msg(5, 'ann', { content: 'hi @me' }), msg(6, 'ann')]);
    expect(named.conversations[0]!.mentioned).toBe(true);
  });

  it("receipts from the list: they hold across a reload, never move back, and go when the friend stops sharing them", () => {
    const dm = (friendReadIdx: number | null): Conversation => ({
      dm: 'bob',
      name: 'bob',
      avatar: '',
      lastIdx: 5,
      last: null,
      readIdx: 5,
      unread: 0,
      mentioned: false,
      version: 0,
      quiet: false,
      muted: false,
      online: false,
      friendReadIdx,
    });
    expect(withListReceipts({}, [dm(3), group('g1', 1, 1)])).toEqual({ 'd:bob': 3 });
    expect(withListReceipts({ 'd:bob': 4 }, [dm(3)])).toEqual({ 'd:bob': 4 });
    expect(withListReceipts({ 'd:bob': 4, 'd:cid': 1 }, [dm(null)])).toEqual({ 'd:cid': 1 });
  });

  it('quiet: the room follows the event from any device; an unchanged setting keeps the snapshot', () => {
    const s = state([group('g1', 1, 1), group('g2', 1, 1)]);
    const q = withQuiet(s, { gid: 'g2', quiet: true });
    expect(q.conversations.map((c) => c.quiet)).toEqual([false, true]);
    expect(withQuiet(q, { gid: 'g2', quiet: true })).toBe(q);
    expect(withQuiet(q, { gid: 'g2', quiet: false }).conversations[1]!.quiet).toBe(false);
  });

  it('merges history pages: one message per idx, sorted', () => {
    const merged = mergeMessages([msg(3, 'a'), msg(5, 'a')], [msg(4, 'a'), msg(5, 'a', { content: 'newer' }), msg(1, 'a')]);
    expect(merged.map((m) => m.idx)).toEqual([1, 3, 4, 5]);
    expect(merged.at(-1)?.content).toBe('newer');
  });

  it('previews text cut to 200 characters and a merge by its title', () => {
    expect(previewOf(msg(1, 'a', { content: 'x'.repeat(300) })).content).toHaveLength(200);
    expect(previewOf(msg(1, 'a', { type: 'merge', content: JSON.stringify({ title: 'Chat log', items: [] }) })).content).toBe('Chat log');
  });
});

describe('the store, when a room changed while it was away', () => {
  /** A store on a connection and an API that the test drives by hand: each history request waits for the test's answer. */
  function harness() {
    const handlers = new Map<string, (payload: unknown) => void>();
    const subscribe = (event: string, fn: (payload: unknown) => void) => {
      handlers.set(event, fn);
      return () => handlers.delete(event);
    };
    const connection = { me: 'me', on: subscribe, onServer: subscribe } as unknown as Connection;
    const requests: Array<{ query: unknown; answer: (messages: MessagePayload[]) => void; fail: () => void }> = [];
    const api = {
      GET: (_path: string, opts: { params: { query: unknown } }) =>
        new Promise((resolve) =>
          requests.push({
            query: opts.params.query,
            answer: (messages) => resolve({ data: { ok: true, messages }, response: new Response('{}') }),
            fail: () => resolve({ error: { ok: false, error: 'api.internal' }, response: new Response('{}', { status: 503 }) }),
          }),
        ),
      POST: () => Promise.resolve({ error: { ok: false, error: 'api.unavailable' }, response: new Response('{}', { status: 503 }) }),
    } as unknown as Api;
    const store = new ChatStore(connection, api);
    const fire = (event: string, payload: unknown) => handlers.get(event)?.(payload);
    const list = (version: number) => fire('conversations', [{ ...group('g1', 3, 3), version }]);
    const held = () => store.getSnapshot().messages['g:g1']?.map((m) => `${m.idx}:${m.content}`);
    return { fire, list, held, requests, store };
  }
  const settled = () => new Promise((r) => setTimeout(r, 0));

  it('fetches the held messages again once the version moves, and applies change events that came meanwhile on top', async () => {
    const { fire, list, held, requests } = harness();
    list(0);
    for (const idx of [2, 3]) fire('message', msg(idx, 'ann'));
    list(0);
    expect(requests).toHaveLength(0);
    list(4);
    expect(requests.map((r) => r.query)).toEqual([{ gid: 'g1', after: 1, limit: 500 }]);
    // Live while the page is on its way (the page was read before this edit).
    fire('edit', { gid: 'g1', idx: 3, content: 'live edit', md: 0, edited: 20 });
    requests[0]!.answer([msg(2, 'ann', { content: 'edited while away', edited: 10 }), msg(3, 'ann')]);
    await settled();
    expect(held()).toEqual(['2:edited while away', '3:live edit']);
    // The same version again: nothing more to fetch.
    list(4);
    expect(requests).toHaveLength(1);
  });

  it('a failed fetch is tried again with the next list', async () => {
    const { fire, list, held, requests } = harness();
    list(0);
    fire('message', msg(4, 'ann'));
    list(1);
    requests[0]!.fail();
    await settled();
    expect(held()).toEqual(['4:m4']);
    list(1);
    expect(requests).toHaveLength(2);
    requests[1]!.answer([msg(4, 'ann', { recalled: true, content: '' })]);
    await settled();
    expect(held()).toEqual(['4:']);
  });

  it('setQuiet shows the setting at once, and as it still is when the server refuses it', async () => {
    const { list, store } = harness();
    list(0);
    const quiet = () => store.getSnapshot().conversations[0]!.quiet;
    const call = store.setQuiet('g:g1', true);
    expect(quiet()).toBe(true);
    await expect(call).rejects.toThrow();
    expect(quiet()).toBe(false);
  });
});
