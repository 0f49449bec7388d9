/**
 * The one place the app meets the SDK: a ChatClient per browser session and
 * the hooks every screen uses (`useSnapshot`, `useQuery`, `useAction`,
 * `useServerEvent`, …). Screens never call fetch or the socket themselves.
 */
import {
  ApiError,
  type Api,
  type ChatClient,
  type ChatSnapshot,
  type components,
  createChatClient,
  type LoginOutcome,
  login as sdkLogin,
  logout as sdkLogout,
  type ServerEventArgs,
  verifyTwofa as sdkVerifyTwofa,
} from '@chat-server/client';
import { type EndReason, endReason, endReasonOfRefusal } from '../auth/end-reasons.ts';
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';

/** A shape of the API contract, by its name in the OpenAPI document (`Me`, `Member`, `Penalty`…). */
export type Schema<N extends keyof components['schemas']> = components['schemas'][N];

/** What GET /api/me answers. */
export type Me = Schema<'Me'>;

const origin = () => location.origin;
const newClient = (): ChatClient => createChatClient({ urls: origin(), credentials: { kind: 'cookie' }, platform: 'web' });


interface Session {
  client: ChatClient;
  me: Me | null;
  /** undefined while the first /api/me is on its way. */
  state: 'loading' | 'in' | 'out';
  ended: EndReason;
  /** Reloads /api/me (after a profile change, `me.changed`). */
  reloadMe(): Promise<void>;
  /** After a login: loads /api/me and connects. */
  signedIn(): Promise<void>;
  logout(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [client, setClient] = useState(newClient);
  const [me, setMe] = useState<Me | null>(null);
  const [state, setState] = useState<Session['state']>('loading');
  const [ended, setEnded] = useState<EndReason>(null);

  const loadMe = useCallback(async (c: ChatClient) => {
    const { data, response } = await c.api.GET('/api/me');
    if (response.ok && data) {
      setMe(data);
      setState('in');
      return true;
    }
    setMe(null);
    setState('out');
    return false;
  }, []);

  // A logout ends a client twice (the socket's `logged.out`, the HTTP answer): only the first replaces it,
  // or the login form shown meanwhile would be mounted anew and lose what was typed.
  const replaceClient = useCallback((ended: ChatClient) => setClient((c) => (c === ended ? newClient() : c)), []);

  useEffect(() => {
    loadMe(client).catch(() => setState('out'));
  }, [client, loadMe]);

  // Connected while logged in; the shell does not wait for it.
  useEffect(() => {
    if (state !== 'in') return;
    const offEnd = client.connection.onServer('logged.out', ({ reason }) => {
      // A rename ends the connection, not the session: the SDK reconnects, /api/me has the new name.
      if (reason === 'renamed') void loadMe(client);
      else setEnded(endReason(reason));
    });
    const offStatus = client.connection.on('status', (s) => {
      if (s === 'loggedOut' || s === 'unauthorized') {
        // Banned while the connection was down (a rename's reconnection, a restart): the refusal says so.
        setEnded((e) => e ?? endReasonOfRefusal(client.connection.refusal));
        setMe(null);
        setState('out');
        replaceClient(client);
      }
    });
    const offMe = client.connection.onServer('me.changed', () => void loadMe(client));
    client.start();
    return () => {
      offEnd();
      offStatus();
      offMe();
    };
  }, [client, state, loadMe, replaceClient]);

  const value = useMemo<Session>(
    () => ({
      client,
      me,
      state,
      ended,
      reloadMe: async () => {
        await loadMe(client);
      },
      signedIn: async () => {
        setEnded(null);
        await loadMe(client);
      },
      logout: async () => {
        try {
          await sdkLogout(origin(), { kind: 'cookie' });
        } finally {
          client.stop();
          setMe(null);
          setState('out');
          setEnded(null);
          replaceClient(client);
        }
      },
    }),
    [client, me, state, ended, loadMe, replaceClient],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const s = use(SessionContext);
  if (!s) throw new Error('SessionProvider missing');
  return s;
}

export const useClient = (): ChatClient => useSession().client;
export const useApi = (): Api => useSession().client.api;

/** The SDK store's snapshot: connection status, conversations, messages, sends in flight, receipts. */
export function useSnapshot(): ChatSnapshot {
  const { store } = useClient();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

/** Calls `handler` on every server event `name` (typed by the server's event map). */
export function useServerEvent<K extends keyof ServerEventArgs>(name: K, handler: (...args: ServerEventArgs[K]) => void): void {
  const { connection } = useClient();
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => connection.onServer(name, (...args) => ref.current(...args)), [connection, name]);
}

/** The error key of a failed call (`api.*`), for `t()`. */
export function errorKey(err: unknown): string {
  if (err instanceof ApiError) return err.key;
  if (err instanceof Error && err.message.startsWith('connection ')) return 'app.offline';
  // fetch's network failure (a dropped upload chunk, no connection): not a server error.
  if (err instanceof TypeError && /fetch|network/i.test(err.message)) return 'app.offline';
  return 'api.internal';
}

/** What a call of the SDK's typed client (`api.GET(…)`, `api.POST(…)`) resolves to. */
type Answer<T = unknown> = Promise<{ data?: T; error?: unknown; response: Response }>;

/** The body of a successful answer, or an ApiError with the server's key. */
export async function ok<T>(call: Answer<T>): Promise<T> {
  const { data, error, response } = await call;
  if (data !== undefined && response.ok) return data;
  const key = typeof error === 'object' && error !== null && 'error' in error && typeof error.error === 'string' ? error.error : 'api.internal';
  throw new ApiError(response.status, key);
}

export interface Query<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload(): void;
}

/**
 * Loads data through the SDK and keeps it: `load(api)` runs at mount, when
 * `deps` change, on `reload()`, on each server event named in `refreshOn`
 * (the events are hints to refetch, docs/protocol.md), and, for such a query,
 * when the connection is live again after a drop: the hints sent meanwhile
 * were lost with it.
 */
export function useQuery<T>(
  load: (api: Api, client: ChatClient) => Promise<T>,
  deps: readonly unknown[] = [],
  refreshOn: readonly (keyof ServerEventArgs)[] = [],
): Query<T> {
  const client = useClient();
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: deps are the caller's, tick reloads
  useEffect(() => {
    let live = true;
    setLoading(true);
    loadRef.current(client.api, client).then(
      (d) => {
        if (!live) return;
        setData(d);
        setError(null);
        setLoading(false);
      },
      (err) => {
        if (!live) return;
        setError(errorKey(err));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [client, tick, ...deps]);
  const events = refreshOn.join(',');
  useEffect(() => {
    if (!events) return;
    const refetch = () => setTick((n) => n + 1);
    const offs = events.split(',').map((e) => client.connection.onServer(e as keyof ServerEventArgs, refetch));
    let dropped = false;
    offs.push(
      client.connection.on('status', (s) => {
        if (s === 'offline') dropped = true;
        else if (s === 'live' && dropped) {
          dropped = false;
          refetch();
        }
      }),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [client, events]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, error, loading, reload };
}

export interface Action<A extends unknown[]> {
  run(...args: A): Promise<boolean>;
  busy: boolean;
  /** The last failure's key (`api.*`), null after a success. */
  error: string | null;
  done: boolean;
  reset(): void;
}

/** A call made on a person's request (a button): busy while it runs, its error key kept for display. */
export function useAction<A extends unknown[]>(fn: (api: Api, ...args: A) => Promise<unknown>, after?: () => void): Action<A> {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const afterRef = useRef(after);
  afterRef.current = after;
  const run = useCallback(
    async (...args: A) => {
      setBusy(true);
      setError(null);
      setDone(false);
      try {
        await fnRef.current(client.api, ...args);
        setDone(true);
        afterRef.current?.();
        return true;
      } catch (err) {
        setError(errorKey(err));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [client],
  );
  const reset = useCallback(() => {
    setError(null);
    setDone(false);
  }, []);
  return { run, busy, error, done, reset };
}

/** A button whose call is named when it is pressed: `op.run((api) => api.POST('/api/…', { body }))`, typed by the document. */
export function useCall(after?: () => void): Action<[send: (api: Api) => Answer]> {
  return useAction((api, send: (api: Api) => Answer) => ok(send(api)), after);
}

/** Password login and 2FA, through the SDK (the browser keeps the cookie). */
export const authCalls = {
  login: (username: string, password: string): Promise<LoginOutcome> => sdkLogin(origin(), username, password),
  verify: (challenge: string, code: string): Promise<LoginOutcome> => sdkVerifyTwofa(origin(), challenge, code),
};
