/**
 * `createChatClient`: the REST client, the connection manager and the store
 * wired together over one list of base URLs and one set of credentials.
 */
import type { Credentials } from './auth.ts';
import { type Conversation, markRead, type MessageDraft, type ResponseOf } from './calls.ts';
import { Connection, type ConnectionOptions } from './connection.ts';
import type { MessagePayload, Platform } from './events.ts';
import { ChatStore } from './store.ts';
import type { BackoffOptions } from './sync/backoff.ts';
import type { StartAt } from './sync/engine.ts';
import type { RoomKey, RoomRef } from './sync/rooms.ts';
import { type Api, createApi, Endpoints, expectOk } from './transport/rest.ts';
import type { SocketConnector } from './transport/socket.ts';
import { type ChunkedOptions, type TusOptions, type TusSource, type UploadContext, type UploadResult, uploadFile, uploadTus } from './uploads.ts';

export interface ChatClientOptions {
  /** The service's base URL, or every node's (tried in turn when one does not answer). */
  urls: string | readonly string[];
  credentials: Credentials;
  platform?: Platform;
  /** Where delivery starts in the rooms of the first conversation list: `latest` (default) or `unread` (from the read marker). */
  startAt?: StartAt;
  /** Resume rooms at saved watermarks (`client.connection.watermarks()`). */
  since?: Partial<Record<RoomKey, number>>;
  sendTimeoutMs?: number;
  maxSendAttempts?: number;
  gapWaitMs?: number;
  backoff?: BackoffOptions;
  /** Replace the transports (tests, special environments). */
  fetch?: (request: Request) => Promise<Response>;
  connect?: SocketConnector;
}

export interface ChatClient {
  /** Typed REST calls for every operation of the OpenAPI document: `api.GET('/api/me')`. */
  api: Api;
  endpoints: Endpoints;
  connection: Connection;
  /** Subscribe / getSnapshot (React: `useSyncExternalStore(client.store.subscribe, client.store.getSnapshot)`). */
  store: ChatStore;
  /** Connects and keeps connected. */
  start(): void;
  /** Disconnects for good. */
  stop(): void;
  /** Sends a message (a string is a text message); resolves with the stored record. */
  send(room: RoomRef, message: string | MessageDraft): Promise<MessagePayload>;
  /** Moves the read marker of a room forward; resolves with the marker. */
  markRead(room: RoomRef, idx: number): Promise<number>;
  /** Uploads a file: one request up to 5 MB, else 5 MB chunks (resumable with `uploadId`). */
  upload(file: Blob, opts?: ChunkedOptions): Promise<UploadResult>;
  /** Uploads with tus (resumable with `uploadUrl`). */
  uploadTus(file: TusSource, opts?: TusOptions): Promise<UploadResult>;
  /** Recalls a message (one's own; any for an administrator). Needs the connection. */
  recall(room: RoomRef, idx: number): Promise<void>;
  /** Replaces the text of one of the caller's text messages; resolves with the record as it now is. Needs the connection. */
  edit(room: RoomRef, idx: number, content: string, md?: 0 | 1): Promise<MessagePayload>;
  /** Toggles the caller's reaction; resolves with the message's new reactions. Needs the connection. */
  react(room: RoomRef, idx: number, emoji: string): Promise<Record<string, string[]>>;
  /** Tells the room the caller is typing (the server forwards at most one notice per 2 s); false when not forwarded or offline. */
  typing(room: RoomRef): Promise<boolean>;
  /** Switches live presence (not persisted: `POST /api/settings` holds the defaults). Needs the connection. */
  setPresence(p: { away?: boolean; invisible?: boolean }): Promise<void>;
}

export function createChatClient(opts: ChatClientOptions): ChatClient {
  const endpoints = new Endpoints(typeof opts.urls === 'string' ? [opts.urls] : opts.urls);
  const api = createApi({ endpoints, credentials: opts.credentials, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
  const connectionOptions: ConnectionOptions = { endpoints, api, credentials: opts.credentials };
  for (const k of ['platform', 'startAt', 'since', 'sendTimeoutMs', 'maxSendAttempts', 'gapWaitMs', 'backoff', 'connect'] as const) {
    if (opts[k] !== undefined) Object.assign(connectionOptions, { [k]: opts[k] });
  }
  const connection = new Connection(connectionOptions);
  const store = new ChatStore(connection, api);
  const uploads: UploadContext = { api, endpoints, credentials: opts.credentials };
  return {
    api,
    endpoints,
    connection,
    store,
    start: () => connection.start(),
    stop: () => {
      connection.stop();
    },
    send: (room, message) => connection.send(room, typeof message === 'string' ? { type: 'text', content: message } : message),
    markRead: (room, idx) => markRead(api, room, idx),
    upload: (file, o) => uploadFile(uploads, file, o),
    uploadTus: (file, o) => uploadTus(uploads, file, o),
    recall: async (room, idx) => {
      await connection.request('recall', { ...room, idx });
    },
    edit: async (room, idx, content, md = 0) => (await connection.request('edit', { ...room, idx, content, md })).message,
    react: async (room, idx, emoji) => (await connection.request('react', { ...room, idx, emoji })).reactions,
    typing: async (room) => {
      if (connection.status !== 'live' && connection.status !== 'syncing') return false;
      const to = room.gid !== undefined ? { gid: room.gid } : { pm: room.dm };
      return (await connection.request('typing', to)).forwarded;
    },
    setPresence: async (p) => {
      await connection.request('status', p);
    },
  };
}

/** What a password login gave: a session, or a 2FA challenge to answer with `verifyTwofa`. */
export type LoginOutcome =
  | { kind: 'session'; username: string; mustChange: boolean; credentials: Credentials }
  | { kind: 'twofa'; challenge: string };

/**
 * Logs in with a password. Outside a browser (`token: true`, the default
 * there) the answer carries a session token, returned as `session`
 * credentials; in a browser the cookie is set and `cookie` credentials are
 * returned.
 */
export async function login(
  url: string,
  username: string,
  password: string,
  opts: { token?: boolean; fetch?: (request: Request) => Promise<Response> } = {},
): Promise<LoginOutcome> {
  const token = opts.token ?? !inBrowser();
  const api = createApi({ endpoints: new Endpoints([url]), credentials: { kind: 'cookie' }, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
  return outcome(await expectOk(api.POST('/api/login', { body: { username, password, ...(token ? { token: true } : {}) } })));
}

/** Answers a 2FA challenge with a TOTP code; the session as `login` gives it. */
export async function verifyTwofa(
  url: string,
  challenge: string,
  code: string,
  opts: { token?: boolean; fetch?: (request: Request) => Promise<Response> } = {},
): Promise<LoginOutcome> {
  const token = opts.token ?? !inBrowser();
  const api = createApi({ endpoints: new Endpoints([url]), credentials: { kind: 'cookie' }, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
  return outcome(await expectOk(api.POST('/api/twofa/verify', { body: { challenge, code, ...(token ? { token: true } : {}) } })));
}

/** Ends the session (the token's, or the browser cookie's) and the connections opened with it. */
export async function logout(url: string, credentials: Credentials, opts: { fetch?: (request: Request) => Promise<Response> } = {}): Promise<void> {
  const api = createApi({ endpoints: new Endpoints([url]), credentials, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
  await expectOk(api.POST('/api/logout'));
}

/** What POST /api/login answers (a session, or a 2FA challenge); POST /api/twofa/verify answers the session. */
type LoginAnswer = ResponseOf<'/api/login', 'post'>;

function outcome(body: LoginAnswer): LoginOutcome {
  if ('need2fa' in body) return { kind: 'twofa', challenge: body.challenge };
  return {
    kind: 'session',
    username: body.username,
    mustChange: body.mustChange,
    credentials: body.token ? { kind: 'session', token: body.token } : { kind: 'cookie' },
  };
}

function inBrowser(): boolean {
  return typeof (globalThis as { document?: unknown }).document !== 'undefined';
}

export type { Conversation };
