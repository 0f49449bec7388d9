/**
 * An echo bot built on the SDK: it answers every text message it receives
 * (in its groups and from its friends) with the same text, as a reply.
 *
 *   CHAT_URL=http://127.0.0.1:3000 CHAT_API_KEY=key_… npm run example:echo-bot
 *
 * The API key needs the scopes `messages.read` (to connect and catch up) and
 * `messages.send`. CHAT_URL may list several base URLs, comma-separated: the
 * bot moves to the next one when a node goes away, and catches up on what it
 * missed. It starts at its read markers (`startAt: 'unread'`), and each
 * answer moves its marker (a send moves the sender's), so a restarted bot
 * answers what arrived while it was down and nothing twice.
 */
import { pathToFileURL } from 'node:url';
import { type ChatClient, createChatClient, type MessagePayload } from '@chat-server/client';

/** The bot's answer to a message, or undefined to stay quiet. */
export function echoOf(m: MessagePayload, me: string | undefined): string | undefined {
  // Never itself, nothing but text, and never another echo (two echo bots would talk forever).
  if (m.from === me || m.type !== 'text' || m.recalled || m.content.startsWith('echo: ')) return undefined;
  return `echo: ${m.content}`;
}

export interface EchoBot {
  client: ChatClient;
  stop(): void;
}

/** Starts the bot; it runs until stop(). */
export function startEchoBot(opts: { urls: string[]; apiKey: string; log?: (line: string) => void }): EchoBot {
  const log = opts.log ?? (() => {});
  const client = createChatClient({ urls: opts.urls, credentials: { kind: 'apiKey', key: opts.apiKey }, platform: 'bot', startAt: 'unread' });
  client.connection.on('status', (s) => log(`status ${s}`));
  client.connection.on('message', (m) => {
    const answer = echoOf(m, client.connection.me);
    if (answer === undefined) return;
    const room = typeof m.gid === 'string' ? { gid: m.gid } : { dm: m.dm ?? '' };
    client.send(room, { type: 'text', content: answer, replyTo: m.idx }).catch((err: unknown) => log(`could not answer ${m.idx}: ${String(err)}`));
  });
  client.start();
  return { client, stop: () => client.stop() };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const apiKey = process.env.CHAT_API_KEY;
  if (!apiKey) {
    console.error('CHAT_API_KEY is required (an API key with the messages.read and messages.send scopes)');
    process.exit(1);
  }
  const urls = (process.env.CHAT_URL ?? 'http://127.0.0.1:3000').split(',').map((u) => u.trim());
  const bot = startEchoBot({ urls, apiKey, log: (line) => console.log(`[echo-bot] ${line}`) });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      bot.stop();
      process.exit(0);
    });
  }
}
