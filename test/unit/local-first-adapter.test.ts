import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { ClusterAdapter, type ClusterMessage, type ClusterResponse, MessageType } from 'socket.io-adapter';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { deliverLocallyFirst, PublishCounter, publishedBy, reachesLocalSocket } from '../../src/realtime/local-first-adapter.ts';

/** A cluster adapter whose broker never answers a publish (Redis slow or busy), recording what it was given. */
class UnansweredBroker extends ClusterAdapter {
  static published: ClusterMessage[] = [];
  protected doPublish(message: ClusterMessage): Promise<string> {
    UnansweredBroker.published.push(message);
    return new Promise(() => {});
  }
  protected doPublishResponse(_requester: string, _response: ClusterResponse): Promise<void> {
    return Promise.resolve();
  }
}

/** A broker that takes a publish when the test says so. */
class ManualBroker extends ClusterAdapter {
  static release: Array<() => void> = [];
  protected doPublish(_message: ClusterMessage): Promise<string> {
    return new Promise((resolve) => ManualBroker.release.push(() => resolve('offset')));
  }
  protected doPublishResponse(_requester: string, _response: ClusterResponse): Promise<void> {
    return Promise.resolve();
  }
}

/** The adapter class as Socket.IO sees it (ClusterAdapter's constructor is protected). */
const Stock = UnansweredBroker as unknown as new (nsp: unknown) => ClusterAdapter;

let closeAll: () => Promise<void> = async () => {};
afterEach(() => closeAll());

/** A Socket.IO server on loopback with the given adapter, and one client joined to room `r`. */
async function serverWithClient(adapter: unknown): Promise<{ io: Server; client: Socket }> {
  const http = createServer();
  const io = new Server(http, { path: '/ws', transports: ['websocket'] });
  io.adapter(adapter as never);
  io.on('connection', async (s) => {
    await s.join('r');
    s.emit('joined');
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { path: '/ws', transports: ['websocket'] });
  await new Promise<void>((r) => client.once('joined', () => r()));
  closeAll = async () => {
    client.close();
    await io.close();
  };
  return { io, client };
}

const heard = (client: Socket, ms: number) =>
  new Promise<unknown>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    client.once('msg', (m: unknown) => {
      clearTimeout(timer);
      resolve(m);
    });
  });

describe('deliverLocallyFirst', () => {
  it("writes a broadcast to this node's connections without waiting for the broker, and publishes it for the other nodes", async () => {
    UnansweredBroker.published = [];
    const { io, client } = await serverWithClient(deliverLocallyFirst((nsp) => new Stock(nsp)));
    const got = heard(client, 2000);
    io.to('r').except('nobody').emit('msg', { text: 'hi' });
    expect(await got).toEqual({ text: 'hi' });
    const broadcast = UnansweredBroker.published.find((m) => m.type === MessageType.BROADCAST);
    expect(broadcast).toMatchObject({ data: { packet: { data: ['msg', { text: 'hi' }] }, opts: { rooms: ['r'], except: ['nobody'] } } });
  });

  it('sends a local-only broadcast to no other node', async () => {
    UnansweredBroker.published = [];
    const { io, client } = await serverWithClient(deliverLocallyFirst((nsp) => new Stock(nsp)));
    const got = heard(client, 2000);
    io.local.to('r').emit('msg', { text: 'here only' });
    expect(await got).toEqual({ text: 'here only' });
    expect(UnansweredBroker.published.filter((m) => m.type === MessageType.BROADCAST)).toEqual([]);
  });

  it('published() waits until the broker has taken every broadcast made so far', async () => {
    ManualBroker.release = [];
    const Manual = ManualBroker as unknown as new (nsp: unknown) => ClusterAdapter;
    const { io } = await serverWithClient(deliverLocallyFirst((nsp) => new Manual(nsp)));
    const before = ManualBroker.release.length;
    io.to('r').emit('msg', { text: 'one' });
    io.to('r').emit('msg', { text: 'two' });
    expect(ManualBroker.release.length).toBe(before + 2);
    let done = false;
    const waiting = publishedBy(io.of('/').adapter).then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(done).toBe(false);
    ManualBroker.release[before]!();
    await new Promise((r) => setTimeout(r, 20));
    expect(done).toBe(false);
    ManualBroker.release[before + 1]!();
    await waiting;
    expect(done).toBe(true);
  });

  it('encodes a broadcast only when a connection of this node is to get it, and publishes it either way', async () => {
    UnansweredBroker.published = [];
    const { io, client } = await serverWithClient(deliverLocallyFirst((nsp) => new Stock(nsp)));
    const encoder = (io.of('/').adapter as unknown as { encoder: { encode(p: { data: unknown[] }): unknown } }).encoder;
    const encoded: unknown[] = [];
    const encode = encoder.encode.bind(encoder);
    encoder.encode = (packet) => {
      encoded.push(packet.data[1]);
      return encode(packet);
    };
    const got = heard(client, 300);
    io.to('r').except(client.id!).emit('msg', { text: 'not to its sender' });
    io.to('elsewhere').emit('msg', { text: 'nobody here' });
    expect(await got).toBeUndefined();
    expect(encoded).toEqual([]);
    const texts = UnansweredBroker.published.filter((m) => m.type === MessageType.BROADCAST).map((m) => (m.data as { packet: { data: [string, { text: string }] } }).packet.data[1].text);
    expect(texts).toEqual(['not to its sender', 'nobody here']);
    const delivered = heard(client, 2000);
    io.to('r').emit('msg', { text: 'to it' });
    expect(await delivered).toEqual({ text: 'to it' });
    expect(encoded).toEqual([{ text: 'to it' }]);
  });

  it("without it, the stock cluster adapter holds this node's delivery until the broker answers", async () => {
    const { io, client } = await serverWithClient(Stock);
    const got = heard(client, 300);
    io.to('r').emit('msg', { text: 'held' });
    expect(await got).toBeUndefined();
  });
});

describe('reachesLocalSocket', () => {
  // Socket ids are rooms too: each socket is in the room of its own id.
  const adapter = {
    rooms: new Map([
      ['u:1', new Set(['a', 'b'])],
      ['u:2', new Set(['c'])],
      ['g:x', new Set(['a', 'c', 'gone'])],
      ['a', new Set(['a'])],
      ['b', new Set(['b'])],
      ['c', new Set(['c'])],
    ]),
    sids: new Map([
      ['a', new Set(['a', 'u:1', 'g:x'])],
      ['b', new Set(['b', 'u:1'])],
      ['c', new Set(['c', 'u:2', 'g:x'])],
    ]),
    nsp: { sockets: new Map([['a', {}], ['b', {}], ['c', {}]]) },
  } as unknown as Parameters<typeof reachesLocalSocket>[0];
  const reaches = (rooms: string[], except: string[] = []) => reachesLocalSocket(adapter, { rooms: new Set(rooms), except: new Set(except) });

  it("is true when a room has a socket here that no except room holds", () => {
    expect(reaches(['u:1'])).toBe(true);
    expect(reaches(['u:1'], ['a'])).toBe(true);
    expect(reaches(['u:2', 'u:1'], ['c', 'a'])).toBe(true);
    expect(reaches([])).toBe(true);
  });

  it('is false when every socket of the rooms is excepted, by its own id or by a room it is in', () => {
    expect(reaches(['u:2'], ['c'])).toBe(false);
    expect(reaches(['u:1'], ['a', 'b'])).toBe(false);
    expect(reaches(['g:x'], ['u:1', 'u:2'])).toBe(false);
    expect(reaches([], ['u:1', 'u:2'])).toBe(false);
  });

  it('is false for rooms with no socket here, or only sockets already gone', () => {
    expect(reaches(['u:3'])).toBe(false);
    expect(reaches(['g:x'], ['a', 'c'])).toBe(false);
  });
});

describe('PublishCounter', () => {
  const settled = async (p: Promise<void>) => {
    let done = false;
    void p.then(() => {
      done = true;
    });
    await new Promise((r) => setImmediate(r));
    return done;
  };

  it('allSoFar() waits for every publish started before it, whatever order they end in', async () => {
    const c = new PublishCounter();
    expect(await settled(c.allSoFar())).toBe(true);
    const end1 = c.started();
    const end2 = c.started();
    const both = c.allSoFar();
    const end3 = c.started();
    const all3 = c.allSoFar();
    end2();
    expect(await settled(both)).toBe(false);
    end1();
    expect(await settled(both)).toBe(true);
    // The third started after `both` asked: it holds only the later waiter.
    expect(await settled(all3)).toBe(false);
    end3();
    expect(await settled(all3)).toBe(true);
    expect(await settled(c.allSoFar())).toBe(true);
  });
});

/** A broker that hands every publish back to its publisher, as Redis does on a channel it listens to. */
class EchoBroker extends ClusterAdapter {
  parsed: ClusterMessage[] = [];
  protected doPublish(message: ClusterMessage): Promise<string> {
    const raw = Buffer.from(JSON.stringify(message));
    setImmediate(() => this.onRawMessage(raw, Buffer.from('channel')));
    return Promise.resolve('offset');
  }
  protected doPublishResponse(_requester: string, _response: ClusterResponse): Promise<void> {
    return Promise.resolve();
  }
  /** What the sharded Redis adapter does with what it hears. */
  onRawMessage(raw: Buffer, _channel: Buffer): void {
    const message = JSON.parse(raw.toString()) as ClusterMessage;
    this.parsed.push(message);
    this.onMessage(message);
  }
}

describe('own publishes heard back', () => {
  it('are dropped unparsed; another node’s are parsed and delivered, even when their text ends like ours', async () => {
    let adapter: EchoBroker | undefined;
    const Echo = EchoBroker as unknown as new (nsp: unknown) => ClusterAdapter;
    const { io, client } = await serverWithClient(
      deliverLocallyFirst((nsp) => {
        adapter = new Echo(nsp) as unknown as EchoBroker;
        return adapter as unknown as ClusterAdapter;
      }),
    );
    const got = heard(client, 1000);
    io.to('r').emit('msg', { text: 'mine' });
    expect(await got).toEqual({ text: 'mine' });
    await new Promise((r) => setTimeout(r, 20));
    expect(adapter!.parsed).toHaveLength(0);

    const ours = `,"uid":"${(adapter as unknown as { uid: string }).uid}","nsp":"/"}`;
    const foreign = {
      type: MessageType.BROADCAST,
      data: { packet: { type: 2, data: ['msg', { text: ours }], nsp: '/' }, opts: { rooms: ['r'], except: [], flags: {} } },
      uid: 'another-node',
      nsp: '/',
    };
    const delivered = heard(client, 1000);
    adapter!.onRawMessage(Buffer.from(JSON.stringify(foreign)), Buffer.from('channel'));
    expect(await delivered).toEqual({ text: ours });
    expect(adapter!.parsed).toHaveLength(1);
  });
});
