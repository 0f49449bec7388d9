import type { Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { type Client, collect, sleep } from './client.ts';
import type { TestNode } from './server.ts';

type Named = Client & { name: string };

/** Makes `a` and `b` friends through the API (request, accept). */
export async function befriend(a: Named, b: Named): Promise<void> {
  expect((await a.post('/api/friends/request', { name: b.name })).status).toBe(200);
  expect((await b.post('/api/friends/accept', { name: a.name })).status).toBe(200);
}

/** Creates a group owned by `owner`; returns its gid. */
export async function createGroup(owner: Client, opts: { name?: string; joinMode?: 'open' | 'review'; desc?: string } = {}): Promise<string> {
  const res = await owner.post('/api/groups', { name: opts.name ?? 'Group', desc: opts.desc ?? '', joinMode: opts.joinMode ?? 'open' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.gid as string;
}

/** A group with an owner, a group admin and plain members (all joined through the API). */
export async function groupWith(owner: Named, opts: { admins?: Named[]; members?: Named[]; joinMode?: 'open' | 'review' } = {}): Promise<string> {
  const gid = await createGroup(owner);
  for (const u of [...(opts.admins ?? []), ...(opts.members ?? [])]) {
    expect((await u.post('/api/groups/join', { gid })).status).toBe(200);
  }
  for (const u of opts.admins ?? []) {
    expect((await owner.post('/api/groups/member/role', { gid, name: u.name, role: 'admin' })).status).toBe(200);
  }
  if (opts.joinMode === 'review') {
    expect((await owner.post('/api/groups/invite/setting', { gid, joinMode: 'review' })).status).toBe(200);
  }
  return gid;
}

/** Events an open socket receives, by name. */
export function recorder(socket: Socket, events: readonly string[]): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const e of events) out[e] = collect(socket, e);
  return out;
}

/**
 * Lets in-flight deliveries land before asserting that something did NOT
 * arrive (a positive wait has already proved the event was sent).
 */
export const settle = () => sleep(150);

/**
 * Statements the node's database ran while `fn` (a read) ran: the fewest of five
 * runs, so a background statement (job poll, key-use flush, presence and session
 * timers, an identity cache refill) landing in a window does not count.
 */
export async function statementsOf(node: TestNode, fn: () => Promise<unknown>): Promise<number> {
  const counts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const before = node.app.ctx.db.stats.queries;
    await fn();
    counts.push(node.app.ctx.db.stats.queries - before);
  }
  return Math.min(...counts);
}
