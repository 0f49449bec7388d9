import type { Server } from 'socket.io';

/**
 * What spreading needs of an engine.io connection: its heartbeat timer and the method that starts
 * it (both private in engine.io 6, where the server sends the pings).
 */
interface Heartbeat {
  readyState: string;
  /** Null until engine.io schedules the first ping (never, for protocol 3 clients, which ping themselves). */
  pingIntervalTimer?: ReturnType<typeof setTimeout> | null;
  schedulePing?: () => void;
}

/**
 * Delays each connection's first ping by a random part of half the ping timeout.
 *
 * Engine.io pings a connection `pingInterval` after it opened and then `pingInterval` after each
 * pong, so connections opened together (every client of a node that restarted, a bench's burst)
 * are pinged together for as long as they live: one node then writes, and its clients answer,
 * hundreds of pings in the same few milliseconds every interval, and the messages in flight at
 * that moment wait behind them. Spread once, they stay spread.
 *
 * The client gives up pingInterval + pingTimeout after the handshake without a ping: half the
 * timeout leaves the first ping the other half as margin. A connection of an engine.io without
 * these internals is left as it is.
 */
export function spreadFirstPings(engine: Server['engine'], random: () => number = Math.random): void {
  const maxDelayMs = (engine.opts.pingTimeout ?? 0) / 2;
  engine.on('connection', (connection: Heartbeat) => {
    if (typeof connection.schedulePing !== 'function' || !connection.pingIntervalTimer) return;
    clearTimeout(connection.pingIntervalTimer);
    // Held where engine.io keeps its own timer: a connection that closes meanwhile clears it.
    connection.pingIntervalTimer = setTimeout(() => {
      if (connection.readyState === 'open') connection.schedulePing?.();
    }, random() * maxDelayMs);
  });
}
