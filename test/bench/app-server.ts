import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

/** The real server for benchmarks, configured from the environment, on a free port. */
const app = await createApp({ config: loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' }) });
const addr = await app.listen();
console.log(`LISTENING http://127.0.0.1:${addr.port}`);
process.on('SIGTERM', () => {
  app.close().then(() => process.exit(0));
});
