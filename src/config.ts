import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseRedisUrl } from './state/redis-url.ts';

/**
 * The only reader of process.env. Parsed once at boot; a bad value stops the
 * process with a list of every problem, not just the first.
 */
const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** A token bucket: `<events per second>/<burst>` (e.g. `10/30`), or `off`. */
const bucketSetting = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, c): EventBucket | null => {
      const t = v.trim().toLowerCase();
      if (t === 'off') return null;
      const m = /^(\d+(?:\.\d+)?)\/(\d+)$/.exec(t);
      const rate = Number(m?.[1]);
      const burst = Number(m?.[2]);
      if (!m || !(rate > 0) || rate > 10_000 || burst < 1 || burst > 100_000) {
        c.addIssue({ code: 'custom', message: 'expected <events per second>/<burst>, e.g. 10/30, or off' });
        return z.NEVER;
      }
      return { ratePerSec: rate, burst };
    });

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * The job layer's start after listen in embedded mode: by then the first requests (a health check,
 * the web app's first page) have been answered instead of waiting behind its queries
 * (docs/decisions.md, "…or a moment after it listens").
 */
const EMBEDDED_JOBS_START_DELAY_MS = 1000;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  /** How long a query waits for a database connection before the request answers 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** One server (redis://), a Sentinel set (redis+sentinel://) or a Redis Cluster (redis+cluster://): see docs/config.md. */
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .optional()
      .superRefine((v, c) => {
        if (v === undefined) return;
        try {
          parseRedisUrl(v);
        } catch (err) {
          c.addIssue({ code: 'custom', message: (err as Error).message });
        }
      }),
  ),
  /** Prefix for every Redis key and channel, so several deployments can share one Redis. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]*$/).default('chat:'),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY: optionalString,
  S3_SECRET_KEY: optionalString,
  /** 'WHEN_REQUIRED' is needed by some S3-compatible servers (see docs/config.md). */
  S3_CHECKSUMS: z.enum(['WHEN_SUPPORTED', 'WHEN_REQUIRED']).default('WHEN_SUPPORTED'),
  TRUST_PROXY: optionalString,
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /** Other origins whose web pages may call the API with the cookie (CORS with credentials), comma-separated. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().refine(isOrigin, 'each entry must be an origin: scheme://host[:port], no path'))),
  /** Registrations (`POST /api/register`) one client address may attempt per hour. */
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** `POST /api/setup` attempts one client address may make per hour. */
  SETUP_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  REGISTRATION: z.enum(['approval', 'open', 'closed']).default('approval'),
  ADMIN_USER: optionalString,
  ADMIN_PASSWORD: optionalString,
  SETUP_TOKEN: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ROLES: z
    .string()
    .default('api,realtime,worker')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(['api', 'realtime', 'worker'])).min(1)),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  FILE_TTL_DAYS: z.coerce.number().min(0).default(15),
  /** Allow long-polling in addition to WebSocket (needs sticky sessions behind a balancer). */
  WS_POLLING: bool.default(false),
  METRICS_TOKEN: optionalString,
  /** Passphrase the stored OAuth client secrets are encrypted under (at least 16 characters). */
  OAUTH_SECRET_KEY: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** GitHub's endpoints; tests and GitHub Enterprise point them elsewhere. */
  OAUTH_GITHUB_AUTHORIZE_URL: z.url().default('https://github.com/login/oauth/authorize'),
  OAUTH_GITHUB_TOKEN_URL: z.url().default('https://github.com/login/oauth/access_token'),
  OAUTH_GITHUB_API_URL: z.url().default('https://api.github.com'),
  /** How long a stopping node waits for in-flight requests and jobs before cutting connections. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(8_000),
  /**
   * How long after listening the job layer starts (its schedules, the worker role); 0: with the
   * node, not waiting for listen. Embedded, its start holds PGlite's one session and the event loop
   * for a few hundred ms, so requests sent right after listen would wait; held back, they come
   * first. Default: 1000 embedded, 0 in cluster mode (docs/config.md).
   */
  JOBS_START_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** How often a node marks itself alive in Redis and sweeps the connections of nodes that stopped doing so. */
  PRESENCE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** A node silent for this long is taken as crashed: its users' connections are removed (they go offline). */
  PRESENCE_TIMEOUT_MS: z.coerce.number().int().min(200).max(3_600_000).default(20_000),
  /** BullMQ: a job's lock lifetime and the stalled-job check period; a crashed worker's job is retried after about twice this. */
  JOB_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** Per-user token buckets of the socket events (docs/decisions.md, "Socket event limits"). */
  SOCKET_LIMIT_MSG: bucketSetting('10/30'),
  SOCKET_LIMIT_REACT: bucketSetting('5/30'),
  SOCKET_LIMIT_RECALL: bucketSetting('5/30'),
  SOCKET_LIMIT_EDIT: bucketSetting('5/30'),
  SOCKET_LIMIT_TYPING: bucketSetting('5/20'),
  SOCKET_LIMIT_STATUS: bucketSetting('2/10'),
  /** This many rate-limit refusals on one connection within SOCKET_ABUSE_WINDOW_MS disconnect it; 0: never. */
  SOCKET_ABUSE_REFUSALS: z.coerce.number().int().min(0).max(1_000_000).default(50),
  SOCKET_ABUSE_WINDOW_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** Socket.IO connections one user (any credential) may hold on one node; 0: no cap. */
  SOCKET_MAX_PER_USER: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** `production` makes placeholder secrets fatal (the image sets it). */
  NODE_ENV: optionalString,
  /** Lets a production node start with placeholder secrets anyway (a trial run). */
  ALLOW_PLACEHOLDER_SECRETS: bool.default(false),
});

/** Settings that may hold a secret: each can instead be read from the file named by `<NAME>_FILE` (Docker secrets). */
export const SECRET_VARS = [
  'DATABASE_URL',
  'REDIS_URL',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
  'ADMIN_PASSWORD',
  'SETUP_TOKEN',
  'METRICS_TOKEN',
  'OAUTH_SECRET_KEY',
] as const satisfies ReadonlyArray<keyof z.input<typeof envSchema>>;

/** The settings (one variable each); docker-compose.yml passes every one to the app (a test checks). */
export const SETTING_VARS: readonly string[] = Object.keys(envSchema.shape);

/** Every environment variable this file reads: the settings and the `_FILE` variants of the secret ones (docs/config.md documents each; a test checks). */
export const CONFIG_VARS: readonly string[] = [...SETTING_VARS, ...SECRET_VARS.map((v) => `${v}_FILE`)];

/**
 * A value left as shipped: the `change-me…` defaults of docker-compose.yml and
 * .env.example, or the all-zero keys its S3 server's key format forces.
 */
export function isPlaceholderSecret(value: string): boolean {
  return /^change-?me/i.test(value) || /^0+$/.test(value);
}

export type Env = z.input<typeof envSchema>;

/** A token bucket: refilled at `ratePerSec`, holding at most `burst` events. */
export interface EventBucket {
  ratePerSec: number;
  burst: number;
}

/** The socket events that spend a per-user bucket. */
export const LIMITED_EVENTS = ['msg', 'react', 'recall', 'edit', 'typing', 'status'] as const;
export type LimitedEvent = (typeof LIMITED_EVENTS)[number];

export interface SocketLimits {
  /** null: that event is not limited. */
  buckets: Record<LimitedEvent, EventBucket | null>;
  /** `refusals` rate-limit refusals on one connection within `windowMs` disconnect it (0: never). */
  abuse: { refusals: number; windowMs: number };
  /** Connections one user may hold on this node; 0: no cap. */
  perUser: number;
}

/** `https://chat.example.com` or `http://localhost:5173`: what a browser sends as `Origin`. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    return (url.protocol === 'https:' || url.protocol === 'http:') && bare;
  } catch {
    return false;
  }
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  mode: 'embedded' | 'cluster';
  databaseUrl: string | undefined;
  databaseConnectTimeoutMs: number;
  redisUrl: string | undefined;
  redisPrefix: string;
  s3:
    | {
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        checksums: 'WHEN_SUPPORTED' | 'WHEN_REQUIRED';
      }
    | undefined;
  trustProxy: boolean | number | string | undefined;
  publicUrl: string | undefined;
  /** CORS_ORIGINS, each as its URL origin (lower case, no default port). */
  corsOrigins: string[];
  /** Attempts per client address per hour. */
  addressLimits: { register: number; setup: number };
  registration: 'approval' | 'open' | 'closed';
  admin: { name: string; password: string } | undefined;
  setupToken: string | undefined;
  logLevel: string;
  roles: Set<'api' | 'realtime' | 'worker'>;
  sessionDays: number;
  fileTtlDays: number;
  wsPolling: boolean;
  metricsToken: string | undefined;
  oauth: {
    /** Unset: client secrets cannot be stored (third-party login stays off). */
    secretKey: string | undefined;
    github: { authorizeUrl: string; tokenUrl: string; apiUrl: string };
  };
  shutdownGraceMs: number;
  /** 0: the job layer starts with the node; otherwise this long after it listens. */
  jobsStartDelayMs: number;
  presence: { heartbeatMs: number; timeoutMs: number };
  jobLockMs: number;
  socketLimits: SocketLimits;
  /** Secret settings still holding a placeholder (allowed outside production, or with ALLOW_PLACEHOLDER_SECRETS). */
  placeholderSecrets: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Express' `trust proxy` accepts true, a hop count, or a list of addresses/subnets. */
function parseTrustProxy(v: string | undefined): Config['trustProxy'] {
  if (v === undefined) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return undefined;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/**
 * The environment as the schema sees it: an empty value is unset (so compose
 * can pass `${X:-}` and the default here applies), and `<NAME>_FILE` is read
 * into `<NAME>` (one trailing newline dropped).
 */
function resolveEnv(env: Record<string, string | undefined>, problems: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v.trim() !== '') out[k] = v;
  for (const name of SECRET_VARS) {
    const file = out[`${name}_FILE`]?.trim();
    if (file === undefined) continue;
    if (out[name] !== undefined) {
      problems.push(`${name} and ${name}_FILE are both set: keep one`);
      continue;
    }
    try {
      out[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      problems.push(`${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
    }
  }
  return out;
}

/**
 * The password part of a connection URL. Read by hand: `redis+cluster://a:6379,b:6379` lists
 * several hosts, which the URL parser refuses.
 */
function urlPassword(url: string): string {
  const password = /^[a-z][a-z0-9+.-]*:\/\/[^:@/]*:([^@/]*)@/i.exec(url)?.[1] ?? '';
  try {
    return decodeURIComponent(password);
  } catch {
    return password;
  }
}

/** The secret settings whose value (or, for a URL, its password) is a placeholder. */
function placeholderSecrets(e: z.output<typeof envSchema>): string[] {
  const found: string[] = [];
  for (const name of SECRET_VARS) {
    const value = e[name];
    if (value === undefined) continue;
    const secret = name.endsWith('_URL') ? urlPassword(value) : value;
    if (secret !== '' && isPlaceholderSecret(secret)) found.push(name);
  }
  return found;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const parsed = envSchema.safeParse(resolveEnv(env, problems));
  if (!parsed.success) {
    throw new ConfigError([
      ...problems,
      ...parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    ]);
  }
  const e = parsed.data;
  const placeholders = placeholderSecrets(e);
  if (placeholders.length && e.NODE_ENV === 'production' && !e.ALLOW_PLACEHOLDER_SECRETS) {
    problems.push(
      `${placeholders.join(', ')}: still the placeholder (change-me…) value; set real secrets, or ALLOW_PLACEHOLDER_SECRETS=true for a trial run`,
    );
  }
  if ((e.ADMIN_USER === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    problems.push('ADMIN_USER and ADMIN_PASSWORD must be set together');
  }
  if ((e.S3_ENDPOINT === undefined) !== (e.S3_BUCKET === undefined)) {
    problems.push('S3_ENDPOINT and S3_BUCKET must be set together');
  }
  if (e.PRESENCE_TIMEOUT_MS < 2 * e.PRESENCE_HEARTBEAT_MS) {
    // One late heartbeat must not make a live node look crashed.
    problems.push('PRESENCE_TIMEOUT_MS must be at least twice PRESENCE_HEARTBEAT_MS');
  }
  if (problems.length) throw new ConfigError(problems);

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    mode: e.DATABASE_URL ? 'cluster' : 'embedded',
    databaseUrl: e.DATABASE_URL,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY,
            secretAccessKey: e.S3_SECRET_KEY,
            checksums: e.S3_CHECKSUMS,
          }
        : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicUrl: e.PUBLIC_URL,
    corsOrigins: e.CORS_ORIGINS.map((o) => new URL(o).origin),
    addressLimits: { register: e.REGISTER_RATE_LIMIT, setup: e.SETUP_RATE_LIMIT },
    registration: e.REGISTRATION,
    admin: e.ADMIN_USER && e.ADMIN_PASSWORD ? { name: e.ADMIN_USER, password: e.ADMIN_PASSWORD } : undefined,
    setupToken: e.SETUP_TOKEN,
    logLevel: e.LOG_LEVEL,
    roles: new Set(e.ROLES),
    sessionDays: e.SESSION_DAYS,
    fileTtlDays: e.FILE_TTL_DAYS,
    wsPolling: e.WS_POLLING,
    metricsToken: e.METRICS_TOKEN,
    oauth: {
      secretKey: e.OAUTH_SECRET_KEY,
      github: {
        authorizeUrl: e.OAUTH_GITHUB_AUTHORIZE_URL,
        tokenUrl: e.OAUTH_GITHUB_TOKEN_URL,
        apiUrl: e.OAUTH_GITHUB_API_URL.replace(/\/+$/, ''),
      },
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    jobsStartDelayMs: e.JOBS_START_DELAY_MS ?? (e.DATABASE_URL ? 0 : EMBEDDED_JOBS_START_DELAY_MS),
    presence: { heartbeatMs: e.PRESENCE_HEARTBEAT_MS, timeoutMs: e.PRESENCE_TIMEOUT_MS },
    jobLockMs: e.JOB_LOCK_MS,
    socketLimits: {
      buckets: {
        msg: e.SOCKET_LIMIT_MSG,
        react: e.SOCKET_LIMIT_REACT,
        recall: e.SOCKET_LIMIT_RECALL,
        edit: e.SOCKET_LIMIT_EDIT,
        typing: e.SOCKET_LIMIT_TYPING,
        status: e.SOCKET_LIMIT_STATUS,
      },
      abuse: { refusals: e.SOCKET_ABUSE_REFUSALS, windowMs: e.SOCKET_ABUSE_WINDOW_MS },
      perUser: e.SOCKET_MAX_PER_USER,
    },
    placeholderSecrets: placeholders,
  };
}
