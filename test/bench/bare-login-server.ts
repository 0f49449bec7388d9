import { availableParallelism } from 'node:os';
import express from 'express';
import { argon2Build } from '../../src/modules/auth/argon2.ts';

/**
 * The ceiling of a login over HTTP on this machine: Express 5 parsing the JSON body, one argon2id
 * verification (the app's parameters and argon2 build, at most one per core at a time like the app) and a cookie
 * in the answer. No lockout, no account lookup, no session, no audit: what is left of a login
 * when everything but the HTTP exchange and the hash is taken away.
 */
const PASSWORD = process.env.BENCH_PASSWORD ?? 'Bench-pass-2024';
const { argon2 } = await argon2Build();
const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
const slots = Math.max(1, availableParallelism());
let busy = 0;
const waiting: Array<() => void> = [];

async function verify(password: string): Promise<boolean> {
  if (busy < slots) busy++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await argon2.verify(hash, password);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

const app = express();
app.disable('x-powered-by');
app.use(express.json());
app.post('/api/login', async (req, res) => {
  const body = req.body as { username?: string; password?: string };
  if (!(await verify(String(body.password ?? '')))) {
    res.status(401).json({ ok: false, error: 'api.login.badCredentials' });
    return;
  }
  res.cookie('chat_token', 'b'.repeat(64), { httpOnly: true, sameSite: 'lax', path: '/' }).json({ ok: true, username: body.username });
});
const server = app.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  if (addr && typeof addr === 'object') console.log(`LISTENING http://127.0.0.1:${addr.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
