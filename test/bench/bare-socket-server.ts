import { createServer } from 'node:http';
import { Server } from 'socket.io';

/**
 * The fan-out baseline: Socket.IO with the app's transport settings, no
 * authentication and no storage. Every connection joins one room; `msg`
 * broadcasts its payload to the rest of the room and acknowledges with it
 * (the app's protocol: the sending connection has its message in the ack).
 */
const http = createServer();
const io = new Server(http, { path: '/ws', serveClient: false, transports: ['websocket'], maxHttpBufferSize: 256 * 1024 });
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
