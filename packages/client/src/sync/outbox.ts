/**
 * Sends waiting for the server's acknowledgement, as plain data. Each send
 * carries a `cid` chosen once; a retry (after a timeout or a reconnect) sends
 * the same payload with the same `cid`, and the server stores it once and
 * answers every attempt with the same record. Within a room one send is in
 * flight at a time, so a person's messages keep the order they were written in.
 */
import type { RoomKey } from './rooms.ts';

export interface OutboxEntry<P> {
  cid: string;
  room: RoomKey;
  payload: P;
  /** `queued`: to be sent (again); `sent`: waiting for its acknowledgement. */
  state: 'queued' | 'sent';
  /** How many times it has been sent. */
  attempts: number;
}

export type Outbox<P> = readonly OutboxEntry<P>[];

export function enqueue<P>(outbox: Outbox<P>, entry: { cid: string; room: RoomKey; payload: P }): Outbox<P> {
  return [...outbox, { ...entry, state: 'queued', attempts: 0 }];
}

/** The sends to emit now: the oldest entry of each room, unless it is already in flight. They are marked sent. */
export function nextSends<P>(outbox: Outbox<P>): { outbox: Outbox<P>; send: OutboxEntry<P>[] } {
  const seen = new Set<RoomKey>();
  const send: OutboxEntry<P>[] = [];
  const next = outbox.map((e) => {
    if (seen.has(e.room)) return e;
    seen.add(e.room);
    if (e.state !== 'queued') return e;
    const sent: OutboxEntry<P> = { ...e, state: 'sent', attempts: e.attempts + 1 };
    send.push(sent);
    return sent;
  });
  return { outbox: next, send };
}

/** The send was answered (stored, or refused for good): it leaves the outbox. */
export function settle<P>(outbox: Outbox<P>, cid: string): Outbox<P> {
  return outbox.filter((e) => e.cid !== cid);
}

/** No answer in time: send it again (same cid). */
export function timedOut<P>(outbox: Outbox<P>, cid: string): Outbox<P> {
  return outbox.map((e) => (e.cid === cid && e.state === 'sent' ? { ...e, state: 'queued' } : e));
}

/** The connection dropped: whatever was in flight is sent again once connected. */
export function connectionLost<P>(outbox: Outbox<P>): Outbox<P> {
  return outbox.map((e) => (e.state === 'sent' ? { ...e, state: 'queued' } : e));
}
