import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEchoBot, type EchoBot } from '../../../../examples/echo-bot.ts';
import { newUser, trackSockets, waitFor } from '../../../../test/helpers/client.ts';
import { sendText } from '../../../../test/helpers/messages.ts';
import { startCluster, type TestCluster } from '../../../../test/helpers/server.ts';
import { befriend, groupWith } from '../../../../test/helpers/social.ts';
import { until } from './helpers.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());
const connect = trackSockets();
let bot: EchoBot | undefined;
afterEach(() => bot?.stop());

describe('examples/echo-bot.ts', () => {
  it('answers text messages in its groups and from friends, with an API key, and not its own', async () => {
    const owner = await newUser(cluster);
    const ann = await newUser(cluster);
    const key = (await owner.post('/api/keys', { name: 'echo', scopes: ['messages.read', 'messages.send'] })).body.plaintext as string;
    await befriend(ann, owner);
    const gid = await groupWith(ann, { members: [owner] });
    bot = startEchoBot({ urls: [cluster.b.url], apiKey: key });
    await until(() => bot!.client.connection.status === 'live', 'the bot connected');

    const s = await connect(ann, cluster.a);
    const inGroup = waitFor(s, 'msg', (m) => m.gid === gid && m.from === owner.name);
    const sent = await sendText(s, { gid }, 'hello group');
    expect(await inGroup).toMatchObject({ content: 'echo: hello group', replyTo: sent.idx });

    const inDm = waitFor(s, 'msg', (m) => m.dm === owner.name && m.from === owner.name);
    await sendText(s, { dm: owner.name }, 'hello you');
    expect(await inDm).toMatchObject({ content: 'echo: hello you' });

    // Its own answers are not answered again: two messages in the group, not an endless echo.
    await sendText(s, { gid }, 'last');
    await waitFor(s, 'msg', (m) => m.gid === gid && m.content === 'echo: last');
    const page = (await ann.get('/api/messages', { gid })).body.messages as Array<{ content: string }>;
    expect(page.map((m) => m.content)).toEqual(['hello group', 'echo: hello group', 'last', 'echo: last']);
  });
});
