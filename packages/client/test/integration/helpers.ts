import { afterEach, expect } from 'vitest';
import { type ChatClient, type ChatClientOptions, type ConnectionStatus, type Credentials, createChatClient, login, type MessagePayload } from '../../src/index.ts';
import { type Client, newUser, PASSWORD } from '../../../../test/helpers/client.ts';
import { contractOf } from '../../../../test/helpers/contract.ts';
import type { TestCluster, TestNode } from '../../../../test/helpers/server.ts';

export type Named = Client & { name: string };

/** A registered user (the test Client, cookie) and the SDK credentials of a token session of theirs. */
export async function sdkUser(cluster: TestCluster, node: TestNode = cluster.a): Promise<{ user: Named; credentials: Credentials }> {
  const user = await newUser(cluster, { node });
  const outcome = await login(node.url, user.name, PASSWORD, { token: true, fetch: forwardedFrom(user.ip) });
  if (outcome.kind !== 'session') throw new Error('unexpected 2FA');
  return { user, credentials: outcome.credentials };
}

/**
 * A fetch that sends the test Client's address (the test servers trust
 * X-Forwarded-For), so login lockouts and rate windows stay per test.
 */
export function forwardedFrom(ip: string): (r: Request) => Promise<Response> {
  return (r) => {
    r.headers.set('x-forwarded-for', ip);
    return checkedFetch(r);
  };
}

/** Contract violations seen by `checkedFetch` during the current test. */
const violations: Error[] = [];

afterEach(() => {
  const seen = violations.splice(0);
  if (seen.length) throw new AggregateError(seen, `answers that break the OpenAPI document:\n${seen.map((e) => e.message).join('\n')}`);
});

/**
 * `fetch` that holds every JSON answer the SDK receives to the document the server publishes
 * (as the test Client does). A violation fails the test afterwards rather than the call, so the
 * SDK's own retry and error paths run as in production.
 */
export async function checkedFetch(r: Request): Promise<Response> {
  const res = await fetch(r);
  const type = res.headers.get('content-type');
  if (type?.includes('application/json')) {
    const url = new URL(r.url);
    const body = await res.clone().json().catch(() => undefined);
    try {
      (await contractOf(url.origin)).check(r.method, url.pathname + url.search, res.status, type, body);
    } catch (err) {
      violations.push(err as Error);
    }
  }
  return res;
}

/** Clients started by a test file, stopped after it. */
export function clients(): { start(opts: ChatClientOptions): ChatClient; stopAll(): void } {
  const started: ChatClient[] = [];
  return {
    start(opts) {
      const c = createChatClient({ fetch: checkedFetch, ...opts });
      started.push(c);
      c.start();
      return c;
    },
    stopAll() {
      for (const c of started.splice(0)) c.stop();
    },
  };
}

/** Resolves when `cond()` holds, checking on every event of the client and every 20 ms; fails after `ms`. */
export async function until(cond: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const statusIs = (c: ChatClient, status: ConnectionStatus) => until(() => c.connection.status === status, `status ${status}`);

/** Every message a client delivers, in delivery order. */
export function delivered(c: ChatClient): MessagePayload[] {
  const out: MessagePayload[] = [];
  c.connection.on('message', (m) => out.push(m));
  return out;
}

/** Each room's delivered indexes are exactly `1..n` of what the server holds, once each, in order. */
export function expectOncePerIdx(list: readonly MessagePayload[], room: { gid?: string; dm?: string }, idxs: readonly number[]): void {
  const got = list.filter((m) => (room.gid ? m.gid === room.gid : m.dm === room.dm)).map((m) => m.idx);
  expect(got).toEqual(idxs);
}
