import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';

/** Connections written to in this turn of the event loop, uncorked together at its end. */
const corked = new Set<Duplex>();
let uncorkScheduled = false;

function uncorkAll(): void {
  uncorkScheduled = false;
  for (const socket of corked) socket.uncork();
  corked.clear();
}

/**
 * Holds a connection's writes until the end of the event loop's turn, then sends them in one
 * system call: an acknowledgement and a delivery bound for the same client, or several deliveries
 * of one batch, share a `writev` instead of costing one `write` each. The hold never waits for
 * anything but the current turn: the uncork runs in this turn's check phase (or the next one's,
 * when the write itself happened there), and a pending immediate keeps the poll from blocking.
 */
function corkEachTurn(socket: Duplex): void {
  const write = socket.write;
  socket.write = function corkedWrite(this: Duplex, ...args: Parameters<Duplex['write']>) {
    if (!corked.has(socket) && !socket.destroyed) {
      socket.cork();
      corked.add(socket);
      if (!uncorkScheduled) {
        uncorkScheduled = true;
        setImmediate(uncorkAll);
      }
    }
    return write.apply(this, args);
  } as Duplex['write'];
}

/**
 * The WebSocket server engine.io runs (its `wsEngine` option): `ws`, with every upgraded
 * connection's writes coalesced per turn of the event loop.
 */
export class CorkingWebSocketServer extends WebSocketServer {
  override handleUpgrade(
    request: IncomingMessage,
    socket: Duplex,
    upgradeHead: Buffer,
    callback: (client: WebSocket, request: IncomingMessage) => void,
  ): void {
    super.handleUpgrade(request, socket, upgradeHead, (client, req) => {
      corkEachTurn(socket);
      callback(client, req);
    });
  }
}
