import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { type Logger, pino } from 'pino';
import { Server } from 'socket.io';
import type { Config } from './config.ts';
import type { AppContext, Hooks } from './context.ts';
import { type Db, laneUsage, openDatabase, poolUsage } from './db/index.ts';
import { PgliteDb } from './db/pglite.ts';
import { migrate } from './db/migrate.ts';
import { badRequest, forbidden } from './errors.ts';
import { apiDocsRoutes } from './http/api-docs.ts';
import { authenticators } from './http/authenticate.ts';
import type { RouteDeps } from './http/deps.ts';
import type { Services } from './services.ts';
import { healthRoutes } from './http/health.ts';
import { metricsRoutes } from './http/metrics.ts';
import { databaseCheck, namedCheck, redisCheck } from './http/readiness.ts';
import { buildExpress, createHttpServer } from './http/server.ts';
import { webApp } from './http/web-app.ts';
import { AdjustableClock } from './lib/clock.ts';
import { randomHex } from './lib/crypto.ts';
import { createJobs } from './jobs/index.ts';
import { Metrics } from './metrics.ts';
import { adminFilesRoutes } from './modules/admin/admin-files.routes.ts';
import { startControlSocket } from './modules/backup/control-socket.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { AdminService } from './modules/admin/admin.service.ts';
import { AdminUsersService } from './modules/admin/admin-users.service.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { AuditService } from './modules/audit/audit.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { sessionsStore } from './modules/auth/auth.store.ts';
import { IdentityCache } from './modules/auth/identity-cache.ts';
import { friendsRoutes } from './modules/friends/friends.routes.ts';
import { FriendsService } from './modules/friends/friends.service.ts';
import { AdmissionService } from './modules/groups/admission.service.ts';
import { groupsRoutes } from './modules/groups/groups.routes.ts';
import { GroupsService } from './modules/groups/groups.service.ts';
import { keysRoutes } from './modules/keys/keys.routes.ts';
import { KeysService } from './modules/keys/keys.service.ts';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes.ts';
import { MailboxService } from './modules/mailbox/mailbox.service.ts';
import { AppealsService } from './modules/moderation/appeals.service.ts';
import { ReportQueueService } from './modules/moderation/report-queue.service.ts';
import { ipBanGate, moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { PenaltiesService } from './modules/moderation/penalties.service.ts';
import { oauthRoutes } from './modules/oauth/oauth.routes.ts';
import { OAuthService } from './modules/oauth/oauth.service.ts';
import { FilesService } from './modules/uploads/files.service.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { UploadsService } from './modules/uploads/uploads.service.ts';
import { TusEndpoint } from './modules/uploads/uploads.tus.ts';
import { conversationListRoutes } from './modules/messages/conversation-list.routes.ts';
import { ConversationListService } from './modules/messages/conversation-list.service.ts';
import { Conversations } from './modules/messages/conversations.ts';
import { GroupFilesService } from './modules/messages/group-files.service.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { MessagesService } from './modules/messages/messages.service.ts';
import { isFileType } from './modules/messages/messages.policy.ts';
import { messagingSocketHandlers } from './modules/messages/messages.socket.ts';
import { ReportsService } from './modules/messages/reports.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { usersStore } from './modules/users/users.store.ts';
import { socialHooks } from './modules/social-hooks.ts';
import { eventLimitHandlers } from './realtime/event-limits.ts';
import { attachGateway, type Gateway, type SocketHandlers } from './realtime/gateway.ts';
import { deliverLocallyFirst } from './realtime/local-first-adapter.ts';
import type { NodeRoster } from './realtime/node-roster.ts';
import { type ChatServer, SocketNotifier } from './realtime/notifier.ts';
import { PresenceService } from './realtime/presence.ts';
import { type RunningRole, startWorkerRole } from './roles.ts';
import { MemoryState } from './state/memory.ts';
import type { RedisClient } from './state/redis-connection.ts';
import type { SharedState } from './state/shared-state.ts';
import { openBlobStore } from './storage/index.ts';

export interface AppOptions {
  config: Config;
  /** Tests share one clock between nodes and move it forward. */
  clock?: AdjustableClock;
  log?: Logger;
  /** Tests hand in an already migrated database. */
  db?: Db;
  /** The database of the configuration, being opened already (src/run.ts); migrated and closed like one opened here. */
  openingDb?: Promise<Db>;
}

export interface ChatApp {
  ctx: AppContext;
  services: Services;
  io: ChatServer;
  http: HttpServer;
  express: Express;
  /** Cluster mode with the realtime role: whether this node holds the only connections (src/realtime/node-roster.ts). */
  roster: Pick<NodeRoster, 'alone'> | undefined;
  /** Listens on config.port/host (0 picks a free port); resolves with the bound address. */
  listen(): Promise<AddressInfo>;
  /**
   * Resolves once the job schedules are installed and, with the worker role, the queues are being
   * consumed: they start while the node already serves (readiness waits for them). Rejects if they fail.
   */
  started: Promise<void>;
  /**
   * Graceful stop, per role: readiness turns 503 and the listener closes; sockets'
   * transports are closed (clients reconnect to another node); the worker role
   * finishes or releases its jobs; in-flight requests finish within
   * SHUTDOWN_GRACE_MS; then buffers are flushed and pools closed.
   */
  close(): Promise<void>;
}

const SESSION_SWEEP_MS = 3_600_000;

/** The modules of cluster mode's shared state and Socket.IO adapter, loaded on demand. */
async function importClusterModules() {
  const [{ RedisConnector }, { RedisState }, { createShardedAdapter }, { NodeRoster }] = await Promise.all([
    import('./state/redis-connection.ts'),
    import('./state/redis.ts'),
    import('@socket.io/redis-adapter'),
    import('./realtime/node-roster.ts'),
  ]);
  return { RedisConnector, RedisState, createShardedAdapter, NodeRoster };
}
const IDLE_SWEEP_MS = 50;

/** The composition root: builds every dependency of one node from its configuration. No listen() here. */
export async function createApp(opts: AppOptions): Promise<ChatApp> {
  const { config } = opts;
  const clock = opts.clock ?? new AdjustableClock();
  const log = opts.log ?? pino({ level: config.logLevel });
  const nodeId = randomHex(6);

  const db = opts.db ?? (await (opts.openingDb ?? openDatabase(config)));
  if (!opts.db) await migrate(db);

  // Every Redis client of the node (state, adapter, jobs) comes from this one connector. The Redis
  // modules (ioredis, the adapter, BullMQ) are imported only when Redis is configured: an embedded
  // node starts without loading them (docs/decisions.md, "Embedded start-up and memory").
  const cluster = config.redisUrl ? await importClusterModules() : undefined;
  const redis = cluster && config.redisUrl ? new cluster.RedisConnector(config.redisUrl, log) : undefined;
  const state: SharedState =
    cluster && redis ? cluster.RedisState.connect(redis, config.redisPrefix, clock, nodeId, config.presence.timeoutMs) : new MemoryState(clock);

  const io: ChatServer = new Server({
    path: '/ws',
    serveClient: false,
    transports: config.wsPolling ? ['polling', 'websocket'] : ['websocket'],
    maxHttpBufferSize: 256 * 1024,
    // Long-polling from the web clients of CORS_ORIGINS (WebSocket needs no CORS; the handshake's origin is checked in the gateway).
    ...(config.corsOrigins.length > 0 ? { cors: { origin: config.corsOrigins, credentials: true } } : {}),
    pingInterval: 25_000,
    pingTimeout: 20_000,
  });
  const adapterClients: RedisClient[] = [];
  let roster: NodeRoster | undefined;
  if (cluster && redis) {
    // Auto-pipelining: the publishes of one tick (two per direct message, one per group message)
    // go out in one write instead of one system call each; order on the connection is kept.
    const pub = redis.connect('publisher', { name: 'adapter-pub', autoPipelining: true });
    const sub = redis.connect('subscriber', { name: 'adapter-sub' });
    adapterClients.push(pub, sub);
    // A node holding connections keeps the roster; while it is the only one, it publishes nothing.
    if (config.roles.has('realtime')) {
      const rosterCommands = redis.connect('commands', { name: 'roster' });
      const rosterSub = redis.connect('subscriber', { name: 'roster-sub' });
      adapterClients.push(rosterCommands, rosterSub);
      roster = new cluster.NodeRoster(rosterCommands, rosterSub, config.redisPrefix, nodeId, log);
    }
    const alone = roster ? roster.alone.bind(roster) : undefined;
    io.adapter(
      deliverLocallyFirst(cluster.createShardedAdapter(pub, sub, { channelPrefix: `${config.redisPrefix}sio`, subscriptionMode: 'dynamic' }), alone),
    );
  }
  // Connections are served once the other nodes know this one is there (see NodeRoster.join).
  const rosterJoined = roster ? roster.join().then(() => {}) : Promise.resolve();

  let closing: Promise<void> | undefined;
  const hooks: Hooks = {
    presenceAudience: [],
    socketRooms: [],
    beforeUserDelete: [],
    readinessChecks: [],
    fileReferences: [],
    markFilesExpired: [],
    avatarFiles: [],
    fileShares: [],
    sendGuards: [],
    speakGuards: [],
  };
  hooks.readinessChecks.push(
    databaseCheck(db),
    ...(redis ? [redisCheck(state, adapterClients)] : []),
    // A stopping node reports unready at once, so balancers stop sending it work.
    namedCheck('accepting', async () => closing === undefined),
  );
  hooks.avatarFiles.push((urls, q) => usersStore.avatarsAmong(q, urls));
  const metrics = new Metrics({ onCollectError: (err) => log.warn({ err }, 'metrics collection failed') });
  metrics.watchDbPool(() => poolUsage(db));
  metrics.watchDbLanes(() => laneUsage(db));
  const identities = new IdentityCache(state, clock);
  await identities.start();
  const storage = await openBlobStore(config);
  hooks.readinessChecks.push(namedCheck('storage', () => storage.ping()));
  const jobs = await createJobs(config, redis, db, log);
  const notifier = new SocketNotifier(io, state, {
    clustered: redis !== undefined,
    onError: (err) => log.warn({ err }, 'fenced room change failed'),
  });
  await notifier.start();
  const ctx: AppContext = { config, db, state, clock, log, nodeId, notifier, identities, hooks, metrics, storage, jobs };

  const presence = new PresenceService(ctx);
  const auth = new AuthService(ctx);
  const keys = new KeysService(ctx);
  const files = new FilesService(ctx);
  const uploads = new UploadsService(ctx, files);
  // Built in every role: the api role serves it, the worker role expires its uploads.
  const tus = await TusEndpoint.create(ctx, uploads);
  const users = new UsersService(ctx, presence, files);
  const mailbox = new MailboxService(ctx);
  const penalties = new PenaltiesService(ctx, { users, auth, mailbox });
  const groups = new GroupsService(ctx, users);
  const friends = new FriendsService(ctx, users);
  const conversations = new Conversations(users, groups, friends);
  const messages = new MessagesService(ctx, conversations);
  messages.searchUpkeep.start();
  const services: Services = {
    auth,
    keys,
    presence,
    users,
    admin: new AdminService(ctx),
    adminUsers: new AdminUsersService(ctx, { auth, penalties, files }),
    audit: new AuditService(ctx),
    mailbox,
    penalties,
    appeals: new AppealsService(ctx, { penalties, mailbox }),
    reportQueue: new ReportQueueService(ctx, { penalties }),
    oauth: new OAuthService(ctx, { auth }),
    friends,
    groups,
    admission: new AdmissionService(ctx),
    uploads,
    files,
    tus,
    messages,
    reports: new ReportsService(ctx, conversations, messages),
    conversationList: new ConversationListService(ctx, conversations, users),
    groupFiles: new GroupFilesService(ctx, { groups, files }),
  };
  const social = socialHooks(db, groups, friends);
  hooks.presenceAudience.push(...social.presenceAudience);
  hooks.socketRooms.push(...social.socketRooms);
  hooks.beforeUserDelete.push(...social.beforeUserDelete);
  hooks.beforeUserDelete.push((q, userId) => uploads.beforeUserDelete(q, userId));
  hooks.avatarFiles.push(...social.avatarFiles);
  // Messages are what references uploaded files: the admin list's `used`, and expiry marks them.
  const uploadNames = (urls: readonly string[]) => urls.map((u) => u.slice('/uploads/'.length));
  hooks.fileReferences.push(async (urls) => {
    const counts = await messages.fileReferenceCounts(uploadNames(urls));
    return new Map([...counts].map(([name, n]) => [`/uploads/${name}`, n]));
  });
  // Runs inside the files transaction: db.query joins the ambient transaction.
  hooks.markFilesExpired.push((urls) => messages.markFilesExpired(uploadNames(urls)));
  // Penalties decide who may send, react or type (a mute or a ban), on the socket and the HTTP path alike.
  hooks.speakGuards.push((userId) => penalties.assertCanSend(userId));
  // A file message must name a live file stored here that the sender may use: their own upload
  // (one indexed lookup, file types only) or one shared with them (docs/decisions.md, "File ownership").
  hooks.fileShares.push((userId, url) => messages.fileSharedWith(userId, url));
  hooks.sendGuards.push(async (userId, message) => {
    if (!isFileType(message.type)) return;
    // The account snapshot is cached on this node (the send has just read it).
    const platformAdmin = (await users.account(userId)).role === 'admin';
    const use = await files.messageUse({ userId, platformAdmin }, message.content);
    if (use === 'missing') throw badRequest('api.msg.badFile');
    if (use === 'notYours') throw forbidden('api.file.notYours');
  });
  keys.start();
  await penalties.start();
  if (await auth.seedAdmin()) log.info({ name: config.admin?.name }, 'administrator created from ADMIN_USER');

  const deps: RouteDeps = {
    ctx,
    services,
    ...authenticators(auth, keys),
  };
  const routers = config.roles.has('api')
    ? [
        healthRoutes(ctx),
        authRoutes(deps),
        usersRoutes(deps),
        keysRoutes(deps),
        adminRoutes(deps),
        auditRoutes(deps),
        mailboxRoutes(deps),
        moderationRoutes(deps),
        oauthRoutes(deps),
        friendsRoutes(deps),
        groupsRoutes(deps),
        adminFilesRoutes(deps),
        uploadsRoutes(deps),
        messagesRoutes(deps),
        conversationListRoutes(deps),
      ]
    : [healthRoutes(ctx)];
  // Every role serves health, readiness and metrics; the API reference goes with the API.
  const opsRouters = [metricsRoutes(ctx), ...(config.roles.has('api') ? [apiDocsRoutes(deps)] : [])];
  // The web client goes with the API: a node serving the API serves the app at / too.
  const app = buildExpress(ctx, [...routers, ...opsRouters], [ipBanGate(penalties)], config.roles.has('api') ? [webApp()] : []);
  const http = createHttpServer(app);

  // Without the realtime role, io stays headless: not attached to HTTP (a /ws handshake gets 404),
  // but with the same adapter, so this node's Notifier still reaches sockets held by other nodes.
  // The limits first: their middleware decides before any module's handler runs.
  const socketHandlers: SocketHandlers[] = [eventLimitHandlers(ctx), messagingSocketHandlers(ctx)];
  let gateway: Gateway | undefined;
  if (config.roles.has('realtime')) {
    gateway = attachGateway(io, http, ctx, services, socketHandlers, rosterJoined);
    metrics.watchOpenSockets(() => io.of('/').sockets.size);
  }

  // Every process installs the job schedules (idempotent); the worker role runs the jobs (src/roles.ts).
  // Both go on while the node listens: a request that enqueues a job waits for the job layer
  // (src/jobs), liveness does not, readiness does ('jobs'). JOBS_START_DELAY_MS holds them back
  // after listen (their queries hold PGlite's one session meanwhile). docs/decisions.md, "Embedded
  // start-up and memory", has what this saves and costs.
  let worker: RunningRole | undefined;
  let jobsState: 'starting' | 'started' | 'failed' = 'starting';
  const jobsTurn = jobsGate(config.jobsStartDelayMs);
  const jobsStarted = (async () => {
    if (!(await jobsTurn.reached)) return;
    await jobs.start({ work: false });
    if (config.roles.has('worker')) worker = await startWorkerRole(ctx, services);
  })().then(
    () => {
      jobsState = 'started';
    },
    (err: unknown) => {
      jobsState = 'failed';
      throw err;
    },
  );
  // Awaited by the caller (src/run.ts) or by close(); a failure surfaces there.
  jobsStarted.catch(() => {});
  hooks.readinessChecks.push(namedCheck('jobs', async () => jobsState === 'started'));

  // Presence heartbeat and the sweep of crashed nodes' connections.
  const presenceTimer = setInterval(() => {
    void (async () => {
      await state.presence.heartbeat();
      const offline = await state.presence.sweep();
      if (offline.length === 0) return;
      const names = await Promise.all(offline.map((id) => usersStore.byId(db, id)));
      await presence.announceOffline(names.filter((u) => u !== undefined).map((u) => ({ id: u.id, name: u.name })));
    })().catch((err) => log.warn({ err }, 'presence tick failed'));
  }, config.presence.heartbeatMs);
  presenceTimer.unref();
  await state.presence.heartbeat();

  const sessionTimer = setInterval(() => {
    sessionsStore.deleteExpired(db, clock.now()).catch((err) => log.warn({ err }, 'session sweep failed'));
  }, SESSION_SWEEP_MS);
  sessionTimer.unref();

  // Embedded mode: how `npm run export` reaches this process's database (docs/operations.md).
  const control = !opts.db && db instanceof PgliteDb ? await startControlSocket({ dataDir: config.dataDir, db, log }) : undefined;

  return {
    ctx,
    services,
    io,
    http,
    express: app,
    roster,
    listen: () =>
      new Promise((resolve, reject) => {
        http.once('error', reject);
        http.listen(config.port, config.host, () => {
          jobsTurn.listening();
          resolve(http.address() as AddressInfo);
        });
      }),
    started: jobsStarted,
    close: () => {
      closing ??= (async () => {
        jobsTurn.cancel();
        clearInterval(presenceTimer);
        clearInterval(sessionTimer);
        // Stop accepting. Keep-alive connections are closed as soon as they are idle: at once, and
        // each time a request in flight finishes (Node would otherwise keep them for keepAliveTimeout).
        const httpDrained = new Promise<void>((resolve) => http.close(() => resolve()));
        http.closeIdleConnections();
        const idleSweep = setInterval(() => http.closeIdleConnections(), IDLE_SWEEP_MS);
        if (gateway) {
          // Closing the transport (not a Socket.IO disconnect, after which clients stay away) makes
          // clients reconnect on their own, through the balancer, to a node that is still up.
          io.engine.close();
          await gateway.settled();
        }
        // No connection left here: the other nodes may stop publishing for this one.
        await rosterJoined;
        await roster?.leave();
        // A worker still starting is stopped once started (a failed start has nothing to stop).
        const workerStopped = jobsStarted.then(() => worker?.stop(), () => undefined);
        let graceTimer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all([httpDrained, workerStopped]),
          new Promise((r) => {
            graceTimer = setTimeout(r, config.shutdownGraceMs);
          }),
        ]);
        clearTimeout(graceTimer);
        clearInterval(idleSweep);
        http.closeAllConnections();
        // Requests have finished: nothing else will notify, so the adapter and pools can go.
        await messages.drained();
        await messages.searchUpkeep.stop();
        await keys.stop();
        penalties.stop();
        await io.of('/').adapter.close();
        await jobs.stop();
        await tus.close();
        await storage.close();
        await state.close();
        for (const c of adapterClients) c.disconnect();
        await control?.close();
        await db.close();
      })();
      return closing;
    },
  };
}

/**
 * When the job layer may start: at once when `delayMs` is 0, else `delayMs` after the node listens.
 * `reached` resolves true then, or false if the node closes first (nothing to start).
 */
function jobsGate(delayMs: number): { reached: Promise<boolean>; listening(): void; cancel(): void } {
  let settle: (go: boolean) => void = () => {};
  const reached = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  let timer: NodeJS.Timeout | undefined;
  if (delayMs === 0) settle(true);
  return {
    reached,
    listening: () => {
      if (delayMs > 0) timer ??= setTimeout(() => settle(true), delayMs);
    },
    cancel: () => {
      clearTimeout(timer);
      settle(false);
    },
  };
}
