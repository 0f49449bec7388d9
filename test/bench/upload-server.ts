import { pino } from 'pino';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';

/**
 * The server side of the upload benchmark, in its own process so that its
 * memory is measured apart from the client's buffers. Configured by the
 * environment; reports its URL, then answers memory questions over IPC.
 */
const app = await createApp({ config: loadConfig(), log: pino({ level: 'silent' }) });
const addr = await app.listen();

let baseline = process.memoryUsage.rss();
let peak = baseline;
// Sampled only once a memory figure is asked for (`reset`): reading the RSS fifty times a second
// costs the uploads timed without it (issue 17's row, against a bare server that samples nothing)
// about 1% of the server's time.
let sampler: NodeJS.Timeout | undefined;

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'reset') {
    global.gc?.();
    baseline = process.memoryUsage.rss();
    peak = baseline;
    sampler ??= setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 20);
    process.send?.({ type: 'reset', baseline });
  } else if (msg.type === 'peak') {
    process.send?.({ type: 'peak', growth: peak - baseline });
  } else if (msg.type === 'stop') {
    clearInterval(sampler);
    void app.close().then(() => process.exit(0));
  }
});
process.send?.({ type: 'ready', url: `http://127.0.0.1:${addr.port}` });
