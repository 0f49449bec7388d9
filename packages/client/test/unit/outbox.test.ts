import { describe, expect, it } from 'vitest';
import { backoffDelay, nextUrlIndex } from '../../src/sync/backoff.ts';
import { applyConversations, beginSync, createSync, type Indexed, receive } from '../../src/sync/engine.ts';
import { connectionLost, enqueue, nextSends, type Outbox, settle, timedOut } from '../../src/sync/outbox.ts';

type P = { text: string };

describe('outbox', () => {
  it('sends one message per room at a time, in the order written', () => {
    let box: Outbox<P> = [];
    box = enqueue(box, { cid: 'a1', room: 'g:a', payload: { text: '1' } });
    box = enqueue(box, { cid: 'a2', room: 'g:a', payload: { text: '2' } });
    box = enqueue(box, { cid: 'b1', room: 'd:bob', payload: { text: 'x' } });
    const first = nextSends(box);
    expect(first.send.map((e) => e.cid)).toEqual(['a1', 'b1']);
    // Nothing more until a1 is answered.
    expect(nextSends(first.outbox).send).toEqual([]);
    const second = nextSends(settle(first.outbox, 'a1'));
    expect(second.send.map((e) => e.cid)).toEqual(['a2']);
  });

  it('resends after a timeout with the same cid and payload', () => {
    const box = nextSends(enqueue([], { cid: 'c1', room: 'g:a', payload: { text: 'hi' } })).outbox;
    const again = nextSends(timedOut(box, 'c1'));
    expect(again.send).toEqual([{ cid: 'c1', room: 'g:a', payload: { text: 'hi' }, state: 'sent', attempts: 2 }]);
  });

  it('a reconnect in the middle of a send: the send goes again, the stored message is delivered once', () => {
    // Sent on the old connection; the server stored it as idx 8, but the ack was lost with the connection.
    let box = nextSends(enqueue<P>([], { cid: 'c9', room: 'g:a', payload: { text: 'hi' } })).outbox;
    let sync = applyConversations(createSync<Indexed>(), [{ gid: 'a', lastIdx: 7, readIdx: 7 }]).state;
    box = connectionLost(box);
    // The new connection catches up first (idx 8 comes by history)...
    sync = beginSync(sync);
    const caught = applyConversations(sync, [{ gid: 'a', lastIdx: 8, readIdx: 8 }]);
    expect(caught.fetch).toEqual([{ room: 'g:a', after: 7, bound: 8 }]);
    const stored = { idx: 8, gid: 'a' };
    const live = receive(caught.state, []);
    sync = live.state;
    // ...then resends: same cid, and the server answers with the record stored the first time.
    const retry = nextSends(box);
    expect(retry.send.map((e) => [e.cid, e.attempts])).toEqual([['c9', 2]]);
    const fromHistory = receive(sync, [stored]);
    const fromAck = receive(fromHistory.state, [stored]);
    expect(fromHistory.deliver).toEqual([stored]);
    expect(fromAck.deliver).toEqual([]);
    expect(settle(retry.outbox, 'c9')).toEqual([]);
  });

  it('a late timeout of an answered send changes nothing', () => {
    const box = settle(nextSends(enqueue<P>([], { cid: 'c1', room: 'g:a', payload: { text: 'x' } })).outbox, 'c1');
    expect(timedOut(box, 'c1')).toEqual([]);
  });
});

describe('backoff', () => {
  it('doubles up to the ceiling, spread by half either way', () => {
    expect(backoffDelay(0, 0.5)).toBe(500);
    expect(backoffDelay(1, 0.5)).toBe(1000);
    expect(backoffDelay(10, 0.5)).toBe(10_000);
    expect(backoffDelay(0, 0)).toBe(250);
    expect(backoffDelay(0, 0.999)).toBeLessThanOrEqual(750);
  });

  it('tries the next base URL after the one that failed', () => {
    expect(nextUrlIndex(3, 0)).toBe(1);
    expect(nextUrlIndex(3, 2)).toBe(0);
    expect(nextUrlIndex(1, 0)).toBe(0);
  });
});
