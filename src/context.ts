import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db, Queryable } from './db/index.ts';
import type { Jobs } from './jobs/index.ts';
import type { AdjustableClock } from './lib/clock.ts';
import type { Metrics } from './metrics.ts';
import type { IdentityCache } from './modules/auth/identity-cache.ts';
import type { Notifier } from './realtime/notifier.ts';
import type { SharedState } from './state/shared-state.ts';
import type { BlobStore } from './storage/index.ts';

/**
 * Extension points that let a module contribute to shared mechanisms without
 * the mechanism importing the module.
 */
export interface Hooks {
  /** Users who may see this user's presence (friends, co-members). */
  presenceAudience: Array<(userId: number) => Promise<number[]>>;
  /** Rooms a new connection of this user joins besides its own (its groups). */
  socketRooms: Array<(userId: number) => Promise<string[]>>;
  /**
   * How many records (messages, ...) reference each upload URL (`/uploads/<name>`).
   * Contributions are summed; a URL absent from every map counts 0.
   */
  fileReferences: Array<(urls: readonly string[], q: Queryable) => Promise<ReadonlyMap<string, number>>>;
  /**
   * Marks the records referencing these upload URLs as `file_expired`; returns how many
   * it marked. Runs inside the transaction that removes the files (use `q`).
   */
  markFilesExpired: Array<(urls: readonly string[], q: Queryable) => Promise<number>>;
  /**
   * Whether the upload URL is shared with the user: a live message of a room they can read
   * points at it (messages register this). Asked on a file send when the file is not the
   * sender's own; true from any contribution allows the reference.
   */
  fileShares: Array<(userId: number, url: string) => Promise<boolean>>;
  /** Which of these upload URLs are avatars (user, group): avatars never expire and cannot be deleted. */
  avatarFiles: Array<(urls: readonly string[], q: Queryable) => Promise<ReadonlySet<string>>>;
  /**
   * Runs inside the transaction of `POST /api/admin/user/del`, before the user
   * row is deleted (rows that reference it cascade afterwards). A module moves
   * or removes what must not simply cascade (owned groups go to another member
   * or are dissolved) with `q`, and may return work to run after the commit
   * (events). Throwing aborts the deletion.
   */
  beforeUserDelete: Array<UserDeleteHook>;
  /** Dependencies /api/ready checks (database, Redis and the node's own are built in; storage registers here). */
  readinessChecks: ReadinessCheck[];
  /**
   * Checks every send runs after it is authorised and before it is stored
   * (moderation registers its mute check here). Throw an AppError to refuse,
   * e.g. 403 `api.msg.muted`; it reaches the sender as the ack or HTTP error.
   * The uploads module checks here that a file message names a stored file the sender may use.
   */
  sendGuards: Array<(userId: number, message: OutgoingMessage) => Promise<void>>;
  /**
   * Checks for everything a user makes others see in a room: a send (before its sendGuards),
   * a reaction, a typing notice. Moderation registers its mute check here (`api.msg.muted`).
   */
  speakGuards: Array<(userId: number) => Promise<void>>;
}

/** What a send guard sees of the message being sent (its content rules already passed). */
export interface OutgoingMessage {
  type: string;
  content: string;
}

/** See {@link Hooks.beforeUserDelete}. */
export type UserDeleteHook = (q: Queryable, userId: number) => Promise<void | (() => void | Promise<void>)>;

/** One readiness check: `ok` false (or a throw, or no answer within 3 s) makes /api/ready answer 503. */
export type ReadinessCheck = () => Promise<ReadinessResult>;

export interface ReadinessResult {
  name: string;
  ok: boolean;
}

/** The dependencies every service receives. Built once per process in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  state: SharedState;
  clock: AdjustableClock;
  log: Logger;
  /** Unique per process start; tags this node's presence entries. */
  nodeId: string;
  notifier: Notifier;
  identities: IdentityCache;
  hooks: Hooks;
  /** File contents: disk under DATA_DIR/uploads, or S3. */
  storage: BlobStore;
  /** Background jobs: `ctx.jobs.enqueue(name, payload)`. */
  jobs: Jobs;
  /** Prometheus instruments of this node (`src/metrics.ts`). */
  metrics: Metrics;
}
