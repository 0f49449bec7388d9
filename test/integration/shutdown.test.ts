import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { runReadiness } from '../../src/http/readiness.ts';
import { Client, newUser, PASSWORD } from '../helpers/client.ts';
import { collectGarbage } from '../helpers/gc.ts';
import { MODE, startCluster, type TestCluster } from '../helpers/server.ts';

/** Each test stops a node, so each starts its own cluster. */
let cluster: TestCluster | undefined;
afterEach(async () => {
  await cluster?.close();
  cluster = undefined;
});

describe('graceful shutdown', () => {
  it('finishes a request in flight, then refuses new connections', async () => {
    cluster = await startCluster();
    const u = await newUser(cluster);
    const node = cluster.a;
    const received = once(node.app.http, 'request');
    // A login spends tens of milliseconds in argon2: it is still running when close() starts.
    const inFlight = new Client(node).post('/api/login', { username: u.name, password: PASSWORD });
    await received;
    const closed = node.app.close();
    expect((await inFlight).status).toBe(200);
    await closed;
    await expect(fetch(`${node.url}/api/health`)).rejects.toThrow();
  });

  it('reports unready as soon as it starts stopping', async () => {
    cluster = await startCluster();
    const node = cluster.a;
    const closed = node.app.close();
    const result = await runReadiness(node.app.ctx.hooks.readinessChecks.filter((c) => c.name === 'accepting'));
    expect(result).toEqual({ ok: false, checks: [{ name: 'accepting', ok: false }] });
    await closed;
  });

  it("closes sockets' transports, so clients reconnect by themselves, and clears their presence", async () => {
    cluster = await startCluster();
    const u = await newUser(cluster);
    const s = await u.socket({ node: cluster.a });
    const reason = new Promise<string>((resolve) => s.once('disconnect', resolve));
    await cluster.a.app.close();
    // "transport close" is a reason after which socket.io-client reconnects on its own
    // ("io server disconnect" would leave it disconnected until the app calls connect()).
    expect(await reason).toBe('transport close');
    if (MODE === 'cluster') {
      const me = await u.on(cluster.b).get('/api/me');
      expect(me.body.online).toBe(false);
    }
  });

  it('leaves nothing behind that keeps a stopped node in memory', async () => {
    // In a function of its own, so that no variable of the test holds a node once it has stopped.
    const stopped = await (async () => {
      const c = await startCluster();
      const u = await newUser(c);
      const s = await u.socket({ node: c.a });
      expect((await u.get('/metrics')).status).toBe(200);
      s.close();
      await c.close();
      return c.nodes.flatMap((n) => [new WeakRef(n.app.io), new WeakRef(n.app.services)]);
    })();
    // A process that runs nodes in turn (the tests, an embedding) must get each one's memory back:
    // prom-client's process collectors, once made per node, held every stopped node to the end.
    await expect
      .poll(
        () => {
          collectGarbage();
          return stopped.filter((ref) => ref.deref() !== undefined).length;
        },
        { timeout: 5_000, interval: 100 },
      )
      .toBe(0);
  });
});
