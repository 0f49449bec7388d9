import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, type WebSocketServer } from 'ws';
import { CorkingWebSocketServer } from '../../src/realtime/corked-writes.ts';

/** How the server's side of each connection reached the kernel: one entry per system call, its chunk count (a frame is two: header and payload). */
interface Traced {
  calls: number[];
}

let server: Server | undefined;
let wss: WebSocketServer | undefined;
afterEach(async () => {
  wss?.close();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

/** A ws server behind CorkingWebSocketServer; `onOpen` gets each connection and the trace of its socket. */
async function start(onOpen: (ws: WebSocket, traced: Traced) => void): Promise<string> {
  wss = new CorkingWebSocketServer({ noServer: true });
  server = createServer();
  server.on('upgrade', (req, socket: Duplex, head) => {
    const traced: Traced = { calls: [] };
    // Below the cork: what the stream hands to the kernel, one call per system call.
    const s = socket as Duplex & { _write: Duplex['_write']; _writev?: Duplex['_writev'] };
    const write = s._write.bind(s);
    const writev = s._writev?.bind(s);
    s._write = (chunk, enc, cb) => {
      traced.calls.push(1);
      write(chunk, enc, cb);
    };
    if (writev) {
      s._writev = (chunks, cb) => {
        traced.calls.push(chunks.length);
        writev(chunks, cb);
      };
    }
    wss!.handleUpgrade(req, socket, head, (ws) => onOpen(ws, traced));
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `ws://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

function receive(url: string, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const got: string[] = [];
    const client = new WebSocket(url);
    client.on('message', (data) => {
      got.push(String(data));
      if (got.length === count) {
        client.close();
        resolve(got);
      }
    });
    client.on('error', reject);
  });
}

describe('CorkingWebSocketServer', () => {
  it('sends the frames written to a connection in one turn in one system call, in order', async () => {
    let trace: Traced | undefined;
    const url = await start((ws, traced) => {
      trace = traced;
      traced.calls.length = 0; // the handshake's response
      ws.send('ack');
      ws.send('delivery');
      ws.send('another');
    });
    expect(await receive(url, 3)).toEqual(['ack', 'delivery', 'another']);
    // One writev of the three frames, not three.
    expect(trace!.calls).toEqual([6]);
  });

  it('holds nothing past the turn: frames of later turns go out on their own', async () => {
    let trace: Traced | undefined;
    const url = await start((ws, traced) => {
      trace = traced;
      traced.calls.length = 0;
      ws.send('first');
      setTimeout(() => ws.send('second'), 20);
    });
    expect(await receive(url, 2)).toEqual(['first', 'second']);
    expect(trace!.calls).toEqual([2, 2]);
  });

  it('a connection destroyed with writes held leaves the others served', async () => {
    let n = 0;
    const url = await start((ws) => {
      if (n++ === 0) {
        ws.send('bye');
        ws.terminate();
      } else ws.send('hello');
    });
    await new Promise<void>((r) => new WebSocket(url).on('close', () => r()));
    expect(await receive(url, 1)).toEqual(['hello']);
  });
});
