import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { spreadFirstPings } from '../../src/realtime/ping-spread.ts';

let closeAll: () => Promise<void> = async () => {};
afterEach(() => closeAll());

/**
 * A server pinging every 200 ms (timeout 2 s: first pings spread over up to 1 s), and one client
 * per value of `randoms`, all connected at once; resolves with each client's ping times (ms after
 * all were connected) once `ms` have passed.
 */
async function pingTimes(randoms: number[] | undefined, ms: number): Promise<{ times: number[][]; connected: boolean[] }> {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], pingInterval: 200, pingTimeout: 2000 });
  if (randoms) {
    const next = [...randoms];
    spreadFirstPings(io.engine, () => next.shift() ?? 0);
  }
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients: Socket[] = (randoms ?? [0, 0]).map(() => connect(url, { transports: ['websocket'], reconnection: false, autoConnect: false }));
  closeAll = async () => {
    for (const c of clients) c.close();
    await new Promise((resolve) => io.close(resolve));
  };
  // One at a time, so that each connection takes the random number of its place.
  for (const c of clients) {
    c.connect();
    await new Promise<void>((resolve) => c.once('connect', () => resolve()));
  }
  const start = performance.now();
  const times = clients.map((c) => {
    const at: number[] = [];
    c.io.engine.on('ping', () => at.push(Math.round(performance.now() - start)));
    return at;
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { times, connected: clients.map((c) => c.connected) };
}

describe('spreading the first pings of connections opened together', () => {
  it('pings each connection first after a random part of half the ping timeout, then at the interval as before', async () => {
    const { times, connected } = await pingTimes([0, 0.9], 1600);
    // Without spreading both would be pinged at 200 ms; the second now waits 0.9 × 1000 ms more.
    expect(times[1]![0]! - times[0]![0]!).toBeGreaterThan(500);
    // Heartbeats go on at the interval (the client answers each ping): several for each.
    expect(times[0]!.length).toBeGreaterThanOrEqual(4);
    expect(times[1]!.length).toBeGreaterThanOrEqual(1);
    expect(connected).toEqual([true, true]);
  });

  it('without it, connections opened together are pinged together', async () => {
    const { times } = await pingTimes(undefined, 700);
    expect(Math.abs(times[1]![0]! - times[0]![0]!)).toBeLessThan(150);
  });
});
