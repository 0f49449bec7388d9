/** `REDIS_URL` in its three forms; no client library here, so the configuration can check it. */

export interface HostPort {
  host: string;
  port: number;
}

interface Credentials {
  username: string | undefined;
  password: string | undefined;
  tls: boolean;
}

/** Where Redis is, as `REDIS_URL` says (see docs/config.md for the URL forms). */
export type RedisTopology =
  | { kind: 'single'; url: string }
  | ({ kind: 'sentinel'; sentinels: HostPort[]; name: string; db: number; sentinelPassword: string | undefined } & Credentials)
  | ({ kind: 'cluster'; nodes: HostPort[] } & Credentials);

const URL_RE = /^(rediss?)(\+sentinel|\+cluster)?:\/\/(?:([^@/]*)@)?([^/?#]+)([^?#]*)(?:\?([^#]*))?$/;

/**
 * Reads `REDIS_URL`: `redis://` / `rediss://` (one server, as ioredis reads it),
 * `redis+sentinel://[user:pass@]host:port,host:port/<master name>[/<db>][?sentinelPassword=…]`,
 * or `redis+cluster://[user:pass@]host:port,host:port,…` (`rediss+…`: TLS).
 * Throws an Error whose message says what is wrong.
 */
export function parseRedisUrl(url: string): RedisTopology {
  const m = URL_RE.exec(url.trim());
  if (!m) throw new Error('must look like redis://host:port, redis+sentinel://host:port,…/<master>, or redis+cluster://host:port,…');
  const [, scheme, variant, userinfo, hostList, pathPart, query] = m;
  if (!variant) {
    if (hostList!.includes(',')) throw new Error('several hosts need redis+sentinel:// or redis+cluster://');
    return { kind: 'single', url };
  }
  const credentials = parseUserinfo(userinfo);
  const tls = scheme === 'rediss';
  const defaultPort = variant === '+sentinel' ? 26379 : 6379;
  const hosts = hostList!.split(',').map((h) => parseHostPort(h, defaultPort));
  const params = new URLSearchParams(query ?? '');
  if (variant === '+cluster') {
    if (pathPart !== '' && pathPart !== '/') throw new Error('a Redis Cluster has one database: no path after the hosts');
    return { kind: 'cluster', nodes: hosts, ...credentials, tls };
  }
  const [name, db, ...rest] = (pathPart ?? '').split('/').filter(Boolean);
  if (!name) throw new Error('redis+sentinel:// needs the master name as its path: redis+sentinel://host:26379/mymaster');
  if (rest.length > 0 || (db !== undefined && !/^\d+$/.test(db))) throw new Error('after the master name only a database number may follow');
  return {
    kind: 'sentinel',
    sentinels: hosts,
    name: decodeURIComponent(name),
    db: db === undefined ? 0 : Number(db),
    sentinelPassword: params.get('sentinelPassword') ?? undefined,
    ...credentials,
    tls,
  };
}

function parseUserinfo(userinfo: string | undefined): Omit<Credentials, 'tls'> {
  if (!userinfo) return { username: undefined, password: undefined };
  const colon = userinfo.indexOf(':');
  const user = decodeURIComponent(colon < 0 ? userinfo : userinfo.slice(0, colon));
  const password = colon < 0 ? undefined : decodeURIComponent(userinfo.slice(colon + 1));
  // `redis://:secret@host` (no user name) is the usual form for a password alone.
  return { username: user || undefined, password };
}

function parseHostPort(text: string, defaultPort: number): HostPort {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not host or host:port`);
  const port = m[2] === undefined ? defaultPort : Number(m[2]);
  if (port < 1 || port > 65535) throw new Error(`"${text}": port out of range`);
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
}

