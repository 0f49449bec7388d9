import { readFileSync } from 'node:fs';
import express from 'express';

/**
 * The baseline of a JSON read: Express 5 answering a fixed body (BENCH_BODY_FILE, parsed once and
 * kept in memory) with `res.json` at BENCH_BODY_PATH, no auth, no database.
 */
const body: unknown = JSON.parse(readFileSync(process.env.BENCH_BODY_FILE!, 'utf8'));
const app = express();
app.disable('x-powered-by');
app.get(process.env.BENCH_BODY_PATH ?? '/', (_req, res) => {
  res.json(body);
});
const server = app.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  if (addr && typeof addr === 'object') console.log(`LISTENING http://127.0.0.1:${addr.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
