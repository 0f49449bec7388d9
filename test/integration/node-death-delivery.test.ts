import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomHex } from '../../src/lib/crypto.ts';
import { Client, collect, emitAck, PASSWORD, sleep, uniqueName } from '../helpers/client.ts';
import { TEST_DATA_ROOT } from '../helpers/paths.ts';
import { type ChatProcess, spawnChat, stopAll } from '../helpers/processes.ts';
import { createTestDatabase, type TestNode } from '../helpers/server.ts';
import { befriend } from '../helpers/social.ts';

/**
 * A node that dies after committing a message and before publishing it has not acknowledged it
 * (acknowledgements wait for the publish); the sender's retry with the same cid on another node
 * answers the stored record and announces it, so receivers get it once, live (issue #16).
 * Cluster mode only: separate processes sharing Postgres and Redis.
 */

const DIE_ON = 'the last words';
let nodes: ChatProcess[] = [];
let dropDatabase: (() => Promise<void>) | undefined;
let dataDir = '';

beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatabase = database.drop;
  mkdirSync(TEST_DATA_ROOT, { recursive: true });
  dataDir = mkdtempSync(path.join(TEST_DATA_ROOT, 'node-death-'));
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.TEST_REDIS_URL!,
    REDIS_PREFIX: `tnd${randomHex(4)}:`,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    REGISTRATION: 'open',
    TRUST_PROXY: 'true',
    SHUTDOWN_GRACE_MS: '1000',
  };
  nodes = await Promise.all([
    spawnChat('survivor', 'src/main.ts', env),
    spawnChat('doomed', 'test/helpers/node-dying-after-commit.ts', { ...env, CHAT_TEST_DIE_ON: DIE_ON }),
  ]);
});
afterAll(async () => {
  await stopAll(nodes);
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

async function person(node: ChatProcess): Promise<Client & { name: string }> {
  const c = new Client({ url: node.url } as TestNode) as Client & { name: string };
  c.name = uniqueName();
  expect((await c.post('/api/register', { name: c.name, password: PASSWORD, email: `${c.name}@example.com` })).status).toBe(200);
  expect((await c.post('/api/login', { username: c.name, password: PASSWORD })).status).toBe(200);
  return c;
}

describe('a node killed between commit and publish', () => {
  it('acknowledged nothing; the retry on another node delivers the stored message once', async () => {
    const [survivor, doomed] = nodes as [ChatProcess, ChatProcess];
    const alice = await person(survivor);
    const bob = await person(survivor);
    await befriend(alice, bob);
    const bobSocket = await bob.socket();
    const bobHears = collect<{ idx: number; content: string }>(bobSocket, 'msg');
    const aliceOnDoomed = await alice.socket({ node: { url: doomed.url } as TestNode });

    const send = { dm: bob.name, type: 'text', content: DIE_ON, cid: 'last-words' };
    const answer = emitAck(aliceOnDoomed, 'msg', send, 3000).then(
      () => 'acknowledged',
      () => 'no answer',
    );
    expect(await doomed.exited).toBe('SIGKILL');
    expect(await answer).toBe('no answer');
    aliceOnDoomed.close();

    // Stored (the commit happened), and nobody was told.
    const history = await bob.get('/api/messages', { dm: alice.name });
    const stored = (history.body.messages as Array<{ idx: number; content: string }>).filter((m) => m.content === DIE_ON);
    expect(stored).toHaveLength(1);
    await sleep(300);
    expect(bobHears).toEqual([]);

    // The client retries unchanged on the node that is left.
    const aliceOnSurvivor = await alice.socket();
    const retry = await emitAck<{ ok: boolean; message: { idx: number } }>(aliceOnSurvivor, 'msg', send);
    expect(retry.message.idx).toBe(stored[0]!.idx);
    await sleep(300);
    expect(bobHears.map((m) => [m.idx, m.content])).toEqual([[stored[0]!.idx, DIE_ON]]);
    aliceOnSurvivor.close();
    bobSocket.close();
  });
});
