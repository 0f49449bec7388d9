/**
 * How the client proves who it is (docs/protocol.md, "Connecting"):
 * - `cookie`: the `chat_token` session cookie. In a browser the browser keeps
 *   and sends it (same origin, or `credentials: 'include'`); elsewhere pass the
 *   cookie header yourself (`cookie: 'chat_token=…'`).
 * - `session`: a session token from `login(..., {token: true})`, sent as
 *   `Authorization: Bearer` and as the Socket.IO `auth.token`; for native apps
 *   and Node, where there is no cookie jar. Full rights, like the cookie.
 * - `apiKey`: an API key (`key_…`), limited to its scopes; for bots and scripts.
 */
export type Credentials = { kind: 'cookie'; cookie?: string } | { kind: 'session'; token: string } | { kind: 'apiKey'; key: string };

/** Headers an HTTP request carries for these credentials (none for a browser's own cookie). */
export function authHeaders(c: Credentials): Record<string, string> {
  if (c.kind === 'session') return { authorization: `Bearer ${c.token}` };
  if (c.kind === 'apiKey') return { authorization: `Bearer ${c.key}` };
  return c.cookie ? { cookie: c.cookie } : {};
}

/** What the Socket.IO handshake carries for these credentials. */
export function socketAuth(c: Credentials): { auth: Record<string, string>; extraHeaders: Record<string, string> } {
  if (c.kind === 'session') return { auth: { token: c.token }, extraHeaders: {} };
  if (c.kind === 'apiKey') return { auth: { token: c.key }, extraHeaders: {} };
  return { auth: {}, extraHeaders: c.cookie ? { cookie: c.cookie } : {} };
}
