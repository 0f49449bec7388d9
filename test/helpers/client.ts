import { io, type Socket } from 'socket.io-client';
import { afterEach } from 'vitest';
import { randomHex } from '../../src/lib/crypto.ts';
import { contractOf } from './contract.ts';
import type { TestCluster, TestNode } from './server.ts';

export interface Res<T = Record<string, unknown>> {
  status: number;
  body: T & { ok: boolean; error?: string };
  headers: Headers;
}

// biome-ignore lint/suspicious/noExplicitAny: test responses are inspected loosely.
type Json = any;

/**
 * A user agent: keeps the session cookie like a browser, optionally sends an
 * API key, and can be pointed at any node of the cluster.
 */
export class Client {
  cookie: string | undefined;
  apiKey: string | undefined;
  /** Sent as X-Forwarded-For (the test servers trust it), so lockouts stay per test. */
  ip = `10.${rand255()}.${rand255()}.${rand255()}`;

  constructor(public node: TestNode) {}

  on(node: TestNode): Client {
    const c = new Client(node);
    c.cookie = this.cookie;
    c.apiKey = this.apiKey;
    c.ip = this.ip;
    return c;
  }

  async request(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Res<Json>> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...extraHeaders };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.apiKey) headers['x-api-key'] = this.apiKey;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(this.node.url + path, { method, headers, body: payload, redirect: 'manual' });
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(';');
      if (!pair?.startsWith('chat_token=')) continue;
      const value = pair.slice('chat_token='.length);
      this.cookie = value ? pair : undefined;
    }
    const text = await res.text();
    let parsed: Json;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { raw: text };
    }
    // Every answer a test receives is held to the document the server publishes.
    (await contractOf(this.node.url)).check(method, path, res.status, res.headers.get('content-type'), parsed);
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get(path: string, query?: Record<string, string | number>) {
    const qs = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}` : '';
    return this.request('GET', path + qs);
  }

  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body);
  }

  del(path: string, body: unknown = {}) {
    return this.request('DELETE', path, body);
  }

  /** Opens a Socket.IO connection with this client's credentials and waits until the server says `ready`. */
  async socket(opts: { platform?: string; node?: TestNode; token?: string } = {}): Promise<Socket> {
    const node = opts.node ?? this.node;
    const extraHeaders: Record<string, string> = { 'x-forwarded-for': this.ip };
    if (this.cookie) extraHeaders.cookie = this.cookie;
    const s = io(node.url, {
      path: '/ws',
      transports: ['websocket'],
      extraHeaders,
      auth: { ...(opts.platform ? { platform: opts.platform } : {}), ...(opts.token ? { token: opts.token } : {}) },
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('socket not ready in time')), 5000);
      s.once('ready', () => {
        clearTimeout(t);
        resolve();
      });
      s.once('connect_error', (err) => {
        clearTimeout(t);
        reject(err);
      });
    });
    return s;
  }
}

const rand255 = () => Math.floor(Math.random() * 254) + 1;

let counter = 0;
/** A name no other test uses. */
export const uniqueName = (prefix = 'u') => `${prefix}${(counter++).toString(36)}${randomHex(3)}`;

export const PASSWORD = 'Correct-horse-42';

/** Registers (open registration) and logs in a new user; returns the logged-in client. */
export async function newUser(cluster: TestCluster, opts: { node?: TestNode; name?: string } = {}): Promise<Client & { name: string }> {
  const node = opts.node ?? cluster.a;
  const name = opts.name ?? uniqueName();
  const c = new Client(node) as Client & { name: string };
  c.name = name;
  const reg = await c.post('/api/register', { name, password: PASSWORD, email: `${name}@example.com` });
  if (reg.status !== 200) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const login = await c.post('/api/login', { username: name, password: PASSWORD });
  if (login.status !== 200 || !c.cookie) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return c;
}

/** The seeded administrator, logged in. */
export async function adminClient(cluster: TestCluster, node?: TestNode): Promise<Client & { name: string }> {
  const c = new Client(node ?? cluster.a) as Client & { name: string };
  c.name = cluster.admin.name;
  const login = await c.post('/api/login', { username: cluster.admin.name, password: cluster.admin.password });
  if (login.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(login.body)}`);
  return c;
}

/** Resolves with the first `event` payload matching `pred`, or rejects after `ms`. */
export function waitFor<T = Json>(socket: Socket, event: string, pred: (p: T) => boolean = () => true, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const handler = (p: T) => {
      if (!pred(p)) return;
      clearTimeout(t);
      socket.off(event, handler);
      resolve(p);
    };
    const t = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    socket.on(event, handler);
  });
}

/** Collects every `event` payload a socket receives from now on. */
export function collect<T = Json>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (p: T) => seen.push(p));
  return seen;
}

/** Emits with an acknowledgement and resolves with it. */
export function emitAck<T = Json>(socket: Socket, event: string, payload: unknown, ms = 3000): Promise<T> {
  return socket.timeout(ms).emitWithAck(event, payload) as Promise<T>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sockets opened by a test file's tests, closed after each test. Call once at
 * the top of a file; `connect(client, node?, token?)` opens a ready socket.
 */
export function trackSockets(): (c: Client, node?: TestNode, token?: string) => Promise<Socket> {
  const open: Socket[] = [];
  afterEach(() => {
    for (const s of open.splice(0)) s.disconnect();
  });
  return async (c, node = c.node, token) => {
    const s = await c.socket({ node, ...(token ? { token } : {}) });
    open.push(s);
    return s;
  };
}
