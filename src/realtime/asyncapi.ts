import { z } from 'zod';
import { ackFailure, type ClientEventSpec, clientEvents, messagePayload, PLATFORMS, type ServerEventSpec, serverEvents } from './payloads.ts';

/**
 * The AsyncAPI 3.0 document of the Socket.IO protocol, generated from the
 * event maps of payloads.ts (the schemas the types are inferred from and the
 * handlers parse with), as the OpenAPI document is from the routes.
 *
 * It describes the server, as AsyncAPI 3 has a document describe its
 * application: the events clients emit are `receive` operations whose
 * `reply` is the acknowledgement, the events the server emits are `send`
 * operations. One channel, the default namespace `/`, carries every message;
 * a message's `name` is the Socket.IO event name (the same name may travel
 * both ways with different payloads: `msg`, `typing`, `recall`).
 */

type Json = Record<string, unknown>;

const SCHEMA_REF = (id: string) => `#/components/schemas/${id}`;
const CHANNEL = 'socket';
const channelRef = { $ref: `#/channels/${CHANNEL}` };
const messageRef = (id: string) => ({ $ref: `#/channels/${CHANNEL}/messages/${id}` });

/** `friends.changed` → `FriendsChanged`. */
const pascal = (event: string): string =>
  event
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

/** Message ids of the document (`components.messages`, `channels.socket.messages`). */
export const messageIds = {
  server: (event: string) => `server.${event}`,
  client: (event: string) => `client.${event}`,
  ack: (event: string) => `client.${event}.ack`,
};

/** Schema ids of the document (`components.schemas`). */
export const schemaIds = {
  server: (event: string) => (serverEvents[event as keyof typeof serverEvents]?.payload === messagePayload ? 'MessagePayload' : `${pascal(event)}Payload`),
  client: (event: string) => `${pascal(event)}Request`,
  ack: (event: string) => `${pascal(event)}Ack`,
};

/** The handshake's `auth` object. */
const handshakeAuth = z.object({
  token: z
    .string()
    .optional()
    .describe('A session token (from `/api/login` with `token: true`) or an API key (`key_<8 hex>_<48 hex>`, scope `messages.read`)'),
  platform: z.enum(PLATFORMS).optional().describe('The client platform; anything else counts as `web` (`bot` for an API key)'),
});

/** Every schema: server payloads and acks as the server writes them (exact objects), client payloads as a client may send them. */
function schemas(): Record<string, Json> {
  const written = z.registry<{ id: string }>();
  written.add(messagePayload, { id: 'MessagePayload' });
  written.add(ackFailure, { id: 'AckFailure' });
  for (const [event, spec] of Object.entries(serverEvents) as Array<[string, ServerEventSpec]>) {
    if (!written.has(spec.payload)) written.add(spec.payload, { id: schemaIds.server(event) });
  }
  for (const [event, spec] of Object.entries(clientEvents) as Array<[string, ClientEventSpec]>) written.add(spec.ack, { id: schemaIds.ack(event) });
  const read = z.registry<{ id: string }>();
  for (const [event, spec] of Object.entries(clientEvents) as Array<[string, ClientEventSpec]>) read.add(spec.payload, { id: schemaIds.client(event) });
  read.add(handshakeAuth, { id: 'HandshakeAuth' });

  // AsyncAPI's default schema format is a superset of JSON Schema draft 7.
  const options = { target: 'draft-7', unrepresentable: 'any', uri: SCHEMA_REF } as const;
  const out: Record<string, Json> = {};
  for (const [registry, io] of [
    [written, 'output'],
    [read, 'input'],
  ] as const) {
    for (const [id, { $schema: _dialect, $id: _id, ...schema }] of Object.entries(z.toJSONSchema(registry, { ...options, io }).schemas)) {
      out[id] = schema;
    }
  }
  return out;
}

/** Messages, operations and the channel: everything that does not depend on where the server is. */
function protocol(): Json {
  const messages: Record<string, Json> = {};
  const operations: Record<string, Json> = {};
  for (const [event, spec] of Object.entries(serverEvents) as Array<[string, ServerEventSpec]>) {
    const id = messageIds.server(event);
    messages[id] = {
      name: event,
      title: `${event} (server → client)`,
      summary: spec.description,
      payload: { $ref: SCHEMA_REF(schemaIds.server(event)) },
    };
    operations[`emit${pascal(event)}`] = {
      action: 'send',
      channel: channelRef,
      title: `The server emits \`${event}\``,
      summary: spec.description,
      messages: [messageRef(id)],
    };
  }
  for (const [event, spec] of Object.entries(clientEvents) as Array<[string, ClientEventSpec]>) {
    const id = messageIds.client(event);
    const ackId = messageIds.ack(event);
    messages[id] = {
      name: event,
      title: `${event} (client → server)`,
      summary: spec.description,
      payload: { $ref: SCHEMA_REF(schemaIds.client(event)) },
    };
    messages[ackId] = {
      name: `${event} ack`,
      title: `Acknowledgement of ${event}`,
      summary: 'The callback passed as the last argument of the emit: `{ok: true, ...}`, or `{ok: false, error, retryAfter?}`.',
      payload: { $ref: SCHEMA_REF(schemaIds.ack(event)) },
      'x-ack-of': event,
    };
    operations[`on${pascal(event)}`] = {
      action: 'receive',
      channel: channelRef,
      title: `A client emits \`${event}\``,
      summary: spec.description,
      ...('scope' in spec && spec.scope
        ? { description: `A connection opened with an API key needs the \`${spec.scope}\` scope (\`api.forbidden\` otherwise).`, 'x-scope': spec.scope }
        : {}),
      messages: [messageRef(id)],
      reply: { channel: channelRef, messages: [messageRef(ackId)] },
    };
  }
  const channelMessages = Object.fromEntries(Object.keys(messages).map((id) => [id, { $ref: `#/components/messages/${id}` }]));
  return {
    channels: {
      [CHANNEL]: {
        address: '/',
        title: 'Socket.IO default namespace',
        description:
          'Every event travels on the default namespace. Each client event takes an optional acknowledgement callback, answered once (the operation\'s `reply`). Events flow once `ready` has arrived.',
        messages: channelMessages,
      },
    },
    operations,
    components: {
      messages,
      schemas: schemas(),
      securitySchemes: {
        cookie: {
          type: 'httpApiKey',
          in: 'cookie',
          name: 'chat_token',
          description: 'The session cookie set by `/api/login` (browsers send it; other clients put it in `extraHeaders`).',
        },
        sessionToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A session token (`/api/login` with `token: true`) as the handshake\'s `auth: {token}` or `Authorization: Bearer`: the full rights of the cookie.',
        },
        apiKey: {
          type: 'httpApiKey',
          in: 'header',
          name: 'X-API-Key',
          description:
            'An API key with the `messages.read` scope, as `X-API-Key`, `Authorization: Bearer` or the handshake\'s `auth: {token}`. Sending, recalling, reacting and typing also need `messages.send`.',
        },
      },
    },
  };
}

export interface AsyncApiInfo {
  title: string;
  version: string;
  /** Where clients connect: PUBLIC_URL, else the request's own origin. */
  baseUrl: URL;
}

let cached: Json | undefined;

/** The AsyncAPI 3.0.0 document of the Socket.IO protocol for a server reached at `info.baseUrl`. */
export function buildAsyncApiDocument(info: AsyncApiInfo): Json {
  cached ??= protocol();
  const secure = info.baseUrl.protocol === 'https:';
  return {
    asyncapi: '3.0.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        'The Socket.IO 4 protocol of the chat service, generated from the server\'s event map (src/realtime/payloads.ts); ' +
        'docs/protocol.md tells when each event is sent and to whom. The document describes the server: `receive` operations ' +
        'are the events clients emit (their `reply` is the acknowledgement), `send` operations the events the server emits.',
    },
    defaultContentType: 'application/json',
    servers: {
      chat: {
        host: info.baseUrl.host,
        protocol: secure ? 'wss' : 'ws',
        pathname: '/ws',
        title: 'Socket.IO endpoint',
        description:
          "Connect with a Socket.IO 4 client and `path: '/ws'` (WebSocket transport; long-polling only when the server sets `WS_POLLING`). " +
          'Credentials are checked at the handshake: the session cookie, a session token or an API key; the handshake `auth` object is `HandshakeAuth`. ' +
          'A refusal arrives as `connect_error` whose message is the i18n key (`api.unauthorized`, `api.forbidden`, `api.key.revoked`, `api.unavailable`, …).',
        security: [
          { $ref: '#/components/securitySchemes/cookie' },
          { $ref: '#/components/securitySchemes/sessionToken' },
          { $ref: '#/components/securitySchemes/apiKey' },
        ],
        'x-handshake-auth': { $ref: SCHEMA_REF('HandshakeAuth') },
      },
    },
    ...cached,
  };
}
