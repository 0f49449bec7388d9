import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { type Client, emitAck } from './client.ts';
import type { TestNode } from './server.ts';

// biome-ignore lint/suspicious/noExplicitAny: acks and records are inspected loosely.
type Json = any;

/** Sends over the socket and resolves with the ack. */
export const sendMsg = (socket: Socket, payload: Record<string, unknown>): Promise<Json> => emitAck(socket, 'msg', payload);

/** Sends a text message and expects it stored; resolves with the record. */
export async function sendText(socket: Socket, to: { gid: string } | { dm: string }, content: string, extra: Record<string, unknown> = {}): Promise<Json> {
  const ack = await sendMsg(socket, { ...to, type: 'text', content, ...extra });
  expect(ack, JSON.stringify(ack)).toMatchObject({ ok: true });
  return ack.message;
}

/** The stored history of a conversation as one client reads it. */
export async function history(c: Client, query: Record<string, string | number>): Promise<Json[]> {
  const res = await c.get('/api/messages', query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.messages;
}

/** The room key of a direct conversation between two user ids. */
export const directRoom = (a: number, b: number) => (a < b ? `d:${a}:${b}` : `d:${b}:${a}`);

/** A user's id, read from the database of a node. */
export async function userId(node: TestNode, name: string): Promise<number> {
  const rows = await node.app.ctx.db.query<{ id: number }>('select id from users where lower(name) = lower($1)', [name]);
  return rows[0]!.id;
}

/** Messages stored in a room, counted in the database. */
export async function storedCount(node: TestNode, room: string): Promise<number> {
  const rows = await node.app.ctx.db.query<{ n: number }>('select count(*)::int as n from messages where room = $1', [room]);
  return rows[0]!.n;
}

/**
 * Seeds `n` text messages from `fromId` into a group room with bulk SQL (idx
 * 1..n, room_seq set to n), as if they had been sent.
 */
export async function seedGroupMessages(node: TestNode, gid: string, fromId: number, n: number, ts: number): Promise<void> {
  const db = node.app.ctx.db;
  await db.query(
    `insert into messages (room, idx, from_id, gid, type, content, ts)
     select $1, i, $2, $3, 'text', 'seed ' || i, $4::bigint + i from generate_series(1, $5::int) i`,
    [`g:${gid}`, fromId, gid, ts, n],
  );
  await db.query('insert into room_seq (room, last_idx) values ($1, $2)', [`g:${gid}`, n]);
}
