import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newUser } from '../helpers/client.ts';
import { MODE, startCluster, type TestCluster } from '../helpers/server.ts';

const TOKEN = 'scrape-token-0123456789';

async function scrape(c: Client, token?: string) {
  return c.request('GET', '/metrics', undefined, token ? { authorization: `Bearer ${token}` } : {});
}

/** The value of one sample line, e.g. `chat_sockets_open 1`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startCluster({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => cluster.close());

  it('answers 401 without the bearer token or with a wrong one', async () => {
    const c = new Client(cluster.a);
    expect((await scrape(c)).status).toBe(401);
    expect((await scrape(c)).body).toEqual({ ok: false, error: 'api.unauthorized' });
    expect((await scrape(c, 'wrong-token')).status).toBe(401);
    expect((await c.request('GET', '/metrics', undefined, { authorization: TOKEN })).status).toBe(401);
  });

  it('serves the Prometheus text format with the token', async () => {
    const res = await scrape(new Client(cluster.a), TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text: string = res.body.raw;
    for (const name of [
      'chat_http_request_duration_seconds',
      'chat_sockets_open',
      'chat_messages_sent_total',
      'chat_messages_delivered_total',
      'chat_message_delivery_seconds',
      'chat_job_queue_depth',
      'chat_jobs_failed_total',
      'chat_db_pool_connections',
      'chat_db_lane_connections',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
  });

  it('labels HTTP latency with the route pattern, never the raw URL', async () => {
    const u = await newUser(cluster);
    await u.get('/api/profile', { name: u.name });
    await u.get('/api/no-such-route/secret-looking-id-4242');
    const text: string = (await scrape(u, TOKEN)).body.raw;
    expect(text).toMatch(/chat_http_request_duration_seconds_count\{method="GET",route="\/api\/profile",status="200"\} \d+/);
    expect(text).toMatch(/chat_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} \d+/);
    expect(text).not.toContain('secret-looking-id-4242');
    expect(text).not.toContain(u.name);
  });

  it('counts open sockets', async () => {
    const u = await newUser(cluster);
    const before = sample((await scrape(u, TOKEN)).body.raw, 'chat_sockets_open') ?? 0;
    const s = await u.socket();
    expect(sample((await scrape(u, TOKEN)).body.raw, 'chat_sockets_open')).toBe(before + 1);
    s.close();
  });

  it('reports database pool usage in cluster mode', async () => {
    const text: string = (await scrape(new Client(cluster.a), TOKEN)).body.raw;
    const total = sample(text, 'chat_db_pool_connections{state="total"}');
    if (MODE === 'cluster') expect(total).toBeGreaterThan(0);
    else expect(total).toBeUndefined();
  });

  it("reports the search lane's own pool once a search has opened it, in cluster mode", async () => {
    const u = await newUser(cluster);
    expect((await u.get('/api/messages/search', { q: 'anything' })).status).toBe(200);
    const text: string = (await scrape(u, TOKEN)).body.raw;
    const total = sample(text, 'chat_db_lane_connections{lane="search",state="total"}');
    if (MODE === 'cluster') expect(total).toBeGreaterThan(0);
    else expect(total).toBeUndefined();
  });

  it('reports the depth of queues registered by the job layer; one failing queue does not fail the scrape', async () => {
    const { metrics } = cluster.a.app.ctx;
    metrics.watchQueue('test-ok', async () => ({ waiting: 3, active: 1 }));
    metrics.watchQueue('test-down', async () => {
      throw new Error('queue unreachable');
    });
    metrics.jobsFailed.inc({ queue: 'test-ok' });
    const res = await scrape(new Client(cluster.a), TOKEN);
    expect(res.status).toBe(200);
    expect(sample(res.body.raw, 'chat_job_queue_depth{queue="test-ok",state="waiting"}')).toBe(3);
    expect(sample(res.body.raw, 'chat_job_queue_depth{queue="test-ok",state="active"}')).toBe(1);
    expect(sample(res.body.raw, 'chat_jobs_failed_total{queue="test-ok"}')).toBe(1);
  });

  it('each node reports its own traffic', async () => {
    const c = new Client(cluster.a);
    const messages = (node: Client) => scrape(node, TOKEN).then((r) => sample(r.body.raw, 'chat_messages_sent_total{kind="group"}'));
    cluster.a.app.ctx.metrics.messagesSent.inc({ kind: 'group' });
    expect(await messages(c)).toBe(1);
    if (MODE === 'cluster') expect(await messages(c.on(cluster.b))).toBeUndefined();
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startCluster();
  });
  afterAll(() => cluster.close());

  it('is public', async () => {
    const res = await scrape(new Client(cluster.a));
    expect(res.status).toBe(200);
    expect(res.body.raw).toContain('# TYPE chat_http_request_duration_seconds histogram');
  });
});
