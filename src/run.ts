import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/index.ts';

/**
 * Runs one node until SIGTERM or SIGINT, then stops it gracefully (see
 * `ChatApp.close`). `overrides` win over the environment: `workers/main.ts`
 * passes `{ ROLES: 'worker' }`. A second signal, or a shutdown that outlasts
 * the grace period by far, exits at once.
 */
export async function runNode(overrides: Record<string, string> = {}): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, ...overrides });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const log = pino({ level: config.logLevel });
  if (config.placeholderSecrets.length) {
    log.warn({ settings: config.placeholderSecrets }, 'running with placeholder secrets (change-me…): set real ones before exposing this node');
  }
  // A promise a library dropped (a subscription sent while Redis was failing over, say) must not
  // take the node down with every connection on it: log it, keep serving.
  process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled promise rejection'));
  // Until the node listens, a timer keeps the event loop alive. Without one, a moment when the only
  // pending work is a V8 task (PGlite's WebAssembly being compiled) lets the loop run dry, and Node
  // then drains every background task before it polls again: the file-system call that followed
  // waited up to 0.3 s for optimising compilations it did not need (docs/benchmarks.md, fourteenth
  // session).
  const keepAlive = setInterval(() => {}, 60_000);
  // Embedded mode: PGlite compiles its WebAssembly on background threads and reads its files
  // asynchronously; opening it before the app's modules load lets the two overlap instead of
  // following each other (docs/decisions.md, "Embedded start-up and memory").
  const openingDb = config.databaseUrl ? undefined : openDatabase(config);
  // Awaited by createApp; a failure surfaces there, not as an unhandled rejection meanwhile.
  openingDb?.catch(() => {});
  let app: Awaited<ReturnType<typeof import('./app.ts').createApp>>;
  let addr: Awaited<ReturnType<typeof app.listen>>;
  try {
    const { createApp } = await import('./app.ts');
    app = await createApp({ config, log, ...(openingDb ? { openingDb } : {}) });
    addr = await app.listen();
  } finally {
    clearInterval(keepAlive);
  }
  log.info({ url: `http://${addr.address}:${addr.port}`, mode: config.mode, roles: [...config.roles] }, 'chat node listening');
  // Which argon2 hashes passwords here (docs/decisions.md, "argon2 compiled for the host CPU"), chosen before the first login.
  void import('./modules/auth/argon2.ts')
    .then(({ argon2Build }) => argon2Build())
    .then(({ variant }) => log.info({ argon2: variant }, 'password hashing'));
  // The job layer starts while the node listens; a node that cannot start it stops, as it would have before listening.
  app.started.catch((err) => {
    log.error({ err }, 'the job layer did not start');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    // Past the grace period plus time to flush and close pools, something is stuck: do not hang forever.
    setTimeout(() => {
      log.error('shutdown did not finish in time');
      process.exit(1);
    }, config.shutdownGraceMs + 10_000).unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
