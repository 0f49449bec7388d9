import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import { type BenchRow, load, ratio, spawnServer } from './lib.ts';

const PASSWORD = 'Bench-pass-2024';

async function json(url: string, body: unknown, cookie?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { body: (await res.json()) as Record<string, unknown>, cookie: res.headers.getSetCookie()[0]?.split(';')[0] };
}

/** Raw argon2id verifications per second with the server's parameters, 8 in flight (libuv pool on every core). */
async function rawArgonRate(seconds: number): Promise<number> {
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  let done = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (Date.now() < until) {
        await argon2.verify(hash, PASSWORD);
        done++;
      }
    }),
  );
  return Math.round(done / seconds);
}

/**
 * Authenticated GET /api/me (cookie and API key) against a bare Express
 * handler, and logins per second against raw argon2id verification.
 */
export async function run(mode: { name: string; env: Record<string, string> } = { name: 'embedded', env: {} }): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chat-bench-'));
  const bare = await spawnServer('test/bench/bare-server.ts');
  const app = await spawnServer('test/bench/app-server.ts', { DATA_DIR: dataDir, REGISTRATION: 'open', REGISTER_RATE_LIMIT: '1000000', ...mode.env });
  try {
    const name = `bench${Date.now().toString(36)}`;
    await json(`${app.url}/api/register`, { name, password: PASSWORD, email: 'bench@example.com' });
    const { cookie } = await json(`${app.url}/api/login`, { username: name, password: PASSWORD });
    if (!cookie) throw new Error('bench login failed');
    // Keys are capped at 6000 calls a minute each: give every connection its own.
    const keys: string[] = [];
    for (let i = 0; i < 32; i++) {
      const r = await json(`${app.url}/api/keys`, { name: `k${i}`, scopes: ['profile.read'], rateLimit: 6000 }, cookie);
      keys.push(String(r.body.plaintext));
    }

    const bareMe = await load(`${bare.url}/api/me`);
    const cookieMe = await load(`${app.url}/api/me`, { headers: { cookie } });
    const keyMe = await load(`${app.url}/api/me`, { perConnectionHeaders: keys.map((k) => ({ 'x-api-key': k })) });
    const argonRate = await rawArgonRate(5);
    const logins = await load(`${app.url}/api/login`, {
      method: 'POST',
      seconds: 6,
      connections: 8,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: name, password: PASSWORD }),
    });
    const m = mode.name;
    return [
      { name: 'bare Express GET (baseline)', value: bareMe.rps, unit: 'req/s', note: `p99 ${bareMe.p99} ms` },
      { name: `GET /api/me, cookie [${m}]`, value: cookieMe.rps, unit: 'req/s', note: `${ratio(cookieMe.rps, bareMe.rps)}× bare (target ≥ 0.5), p99 ${cookieMe.p99} ms, non-2xx ${cookieMe.non2xx}` },
      { name: `GET /api/me, API key [${m}]`, value: keyMe.rps, unit: 'req/s', note: `${ratio(keyMe.rps, bareMe.rps)}× bare (target ≥ 0.5), p99 ${keyMe.p99} ms, non-2xx ${keyMe.non2xx}` },
      { name: 'raw argon2id verify (baseline)', value: argonRate, unit: 'verify/s', note: 'm=19456 KiB, t=2, p=1, 8 in flight' },
      { name: `POST /api/login [${m}]`, value: logins.rps, unit: 'login/s', note: `${ratio(logins.rps, argonRate)}× raw argon2 (target ≥ 0.8), p99 ${logins.p99} ms, non-2xx ${logins.non2xx}` },
    ];
  } finally {
    await app.stop();
    await bare.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
