import { ConfigError, loadConfig } from '../src/config.ts';
import { runNode } from '../src/run.ts';

/**
 * `npm run worker`: a node with the worker role only (ROLES is forced to
 * `worker`). It runs the job handlers against the same services and hooks as
 * the server, and serves only /api/health, /api/ready and /metrics on PORT.
 * Any number may run beside the API nodes; those then set ROLES=api,realtime.
 */
function embedded(): boolean {
  try {
    return loadConfig().mode === 'embedded';
  } catch (err) {
    // runNode reports every configuration problem and exits 2.
    if (err instanceof ConfigError) return false;
    throw err;
  }
}

if (embedded()) {
  // PGlite allows one process per data directory: the server runs the jobs itself (ROLES includes worker).
  console.error('npm run worker needs DATABASE_URL; in embedded mode the server process runs the jobs');
  process.exit(2);
}

runNode({ ROLES: 'worker' }).catch((err) => {
  console.error(err);
  process.exit(1);
});
