import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

/**
 * The real server for benchmarks, configured from the environment, on a free port. The per-account
 * socket event limits (SOCKET_LIMIT_*, default `msg` 10/s) are off unless the environment sets
 * them: the benches drive one account far beyond a person's rate (one sender keeping 16 messages in
 * flight), and measure the server's capacity, not the abuse policy (docs/benchmarks.md).
 */
const unlimited = Object.fromEntries(['MSG', 'REACT', 'RECALL', 'TYPING', 'STATUS'].map((e) => [`SOCKET_LIMIT_${e}`, 'off']));
const app = await createApp({ config: loadConfig({ ...unlimited, ...process.env, PORT: '0', HOST: '127.0.0.1' }) });
const addr = await app.listen();
console.log(`LISTENING http://127.0.0.1:${addr.port}`);
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
