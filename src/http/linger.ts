import type { IncomingMessage } from 'node:http';

/** How much of an unwanted body is read and thrown away after an early answer, and for how long. */
export const LINGER_BYTES = 16 * 1024 * 1024;
export const LINGER_MS = 5_000;

/**
 * Called when an answer goes out before the request body was read (a 413, a
 * refusal): reads and discards the rest of the body instead of closing at
 * once. Closing a socket with unread data makes the kernel send a reset,
 * which can destroy the answer before the client has read it (EPIPE or
 * ECONNRESET instead of the 413); this is the "lingering close" of nginx and
 * Apache. A body that ends within LINGER_BYTES and LINGER_MS leaves the
 * connection usable; past either bound we send FIN after the answer, keep
 * reading for LINGER_MS more, then close.
 */
export function discardRestOfBody(req: IncomingMessage): void {
  if (req.complete) return;
  const socket = req.socket;
  req.unpipe();
  let seen = 0;
  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > LINGER_BYTES) close();
  });
  const stopTimer = () => clearTimeout(timer);
  socket.once('close', stopTimer);
  // The connection may carry more requests: leave no listener behind on it.
  req.once('end', () => {
    stopTimer();
    socket.off('close', stopTimer);
  });
  req.resume();
}
