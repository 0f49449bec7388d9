import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { spreadFirstPings } from '../../src/realtime/ping-spread.ts';

/**
 * The fan-out baseline: Socket.IO with the app's transport settings, no
 * authentication and no storage. Every connection joins one room; `msg`
 * broadcasts its payload to the rest of the room and acknowledges with it
 * (the app's protocol: the sending connection has its message in the ack).
 *
 * Its heartbeat is the app's too (src/app.ts, src/realtime/gateway.ts): pings every 25 s, each
 * connection's first one delayed by up to 10 s. With engine.io's plain schedule the 200 connections
 * the bench opens at once were pinged in one burst 25 s later, which the bench's client answered in
 * the middle of the app's second paced round (traced: 2,927 of its deliveries over 20 ms late in
 * the round's first 250 ms; 36 with this server's pings off; docs/benchmarks.md, 2026-12-01).
 */
const http = createServer();
const io = new Server(http, { path: '/ws', serveClient: false, transports: ['websocket'], maxHttpBufferSize: 256 * 1024, pingInterval: 25_000, pingTimeout: 20_000 });
spreadFirstPings(io.engine);
let idx = 0;
io.on('connection', (socket) => {
  void socket.join('room');
  socket.emit('ready', { name: 'bare', platform: 'web' });
  socket.on('msg', (payload: Record<string, unknown>, ack?: (r: unknown) => void) => {
    const message = { ...payload, idx: ++idx, ts: Date.now() };
    socket.to('room').emit('msg', message);
    ack?.({ ok: true, message });
  });
});
http.listen(0, '127.0.0.1', () => {
  const addr = http.address();
  if (addr && typeof addr === 'object') console.log(`LISTENING http://127.0.0.1:${addr.port}`);
});
process.on('SIGTERM', () => {
  io.close();
  http.close(() => process.exit(0));
});
