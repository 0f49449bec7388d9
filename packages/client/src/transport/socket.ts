/** Socket.IO transport: the server's event maps, path `/ws`, WebSocket only, no automatic reconnection (the connection manager does it). */
import { io, type Socket } from 'socket.io-client';
import { type Credentials, socketAuth } from '../auth.ts';
import type { ClientToServerEvents, Platform, ServerToClientEvents } from '../events.ts';

/** A connection with the server's typed events. */
export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Opens a socket to one base URL; tests and special environments may pass their own `connect`. */
export type SocketConnector = (url: string, credentials: Credentials, platform: Platform | undefined) => ChatSocket;

export const connectSocket: SocketConnector = (url, credentials, platform) => {
  const { auth, extraHeaders } = socketAuth(credentials);
  return io(url, {
    path: '/ws',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { ...auth, ...(platform ? { platform } : {}) },
    ...(Object.keys(extraHeaders).length ? { extraHeaders } : {}),
    withCredentials: credentials.kind === 'cookie',
  });
};
