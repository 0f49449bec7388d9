import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, collect, emitAck, newUser, waitFor, trackSockets } from '../helpers/client.ts';
import { history, sendMsg, sendText } from '../helpers/messages.ts';
import { startCluster, type TestCluster, } from '../helpers/server.ts';
import { storedFile } from '../helpers/uploads.ts';
import { befriend, groupWith, settle } from '../helpers/social.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

const connect = trackSockets();

describe('recall', () => {
  it('by the author: the record stays, recalled, with content and reactions cleared; the room hears recall {gid, idx, by}', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster, { node: cluster.b });
    const gid = await groupWith(owner, { members: [member] });
    const [sOwner, sMember] = await Promise.all([connect(owner), connect(member, cluster.b)]);
    await sendText(sOwner, { gid }, 'keep me');
    const m = await sendText(sOwner, { gid }, 'oops, wrong chat');
    expect(await emitAck(sMember, 'react', { gid, idx: m.idx, emoji: '😮' })).toMatchObject({ ok: true });
    const heard = waitFor(sMember, 'recall');
    expect(await emitAck(sOwner, 'recall', { gid, idx: m.idx })).toEqual({ ok: true });
    expect(await heard).toEqual({ gid, idx: m.idx, by: owner.name });
    const stored = await history(member, { gid });
    expect(stored[1]).toEqual({ ...m, content: '', recalled: true, reactions: {} });
    expect(stored[0].content).toBe('keep me');
    // Once is enough: a second recall changes nothing and announces nothing.
    const again = collect(sMember, 'recall');
    expect(await emitAck(sOwner, 'recall', { gid, idx: m.idx })).toEqual({ ok: true });
    await settle();
    expect(again).toEqual([]);
  });

  it('by a platform admin for anyone’s message, even outside the group; by nobody else, the group owner included', async () => {
    const owner = await newUser(cluster);
    const author = await newUser(cluster);
    const other = await newUser(cluster);
    const platformAdmin = await adminClient(cluster);
    const gid = await groupWith(owner, { members: [author, other] });
    const [sOwner, sAuthor, sOther, sAdmin] = await Promise.all([connect(owner), connect(author), connect(other), connect(platformAdmin)]);
    const m = await sendText(sAuthor, { gid }, 'something regrettable');
    for (const s of [sOwner, sOther]) expect(await emitAck(s, 'recall', { gid, idx: m.idx })).toEqual({ ok: false, error: 'api.msg.notAuthor' });
    const heardByAuthor = waitFor(sAuthor, 'recall');
    expect(await emitAck(sAdmin, 'recall', { gid, idx: m.idx })).toEqual({ ok: true });
    expect(await heardByAuthor).toEqual({ gid, idx: m.idx, by: platformAdmin.name });
    expect((await history(owner, { gid }))[0]).toMatchObject({ recalled: true, content: '' });
  });

  it('in a direct conversation both people hear it, each labelled with the other’s name', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster, { node: cluster.b });
    await befriend(ann, bob);
    const [sAnn, sAnnOther, sBob] = await Promise.all([connect(ann), connect(ann, cluster.b), connect(bob, cluster.b)]);
    const m = await sendText(sAnn, { dm: bob.name }, 'secret');
    const toBob = waitFor(sBob, 'recall');
    const toAnn = waitFor(sAnnOther, 'recall');
    expect(await emitAck(sAnn, 'recall', { dm: bob.name, idx: m.idx })).toEqual({ ok: true });
    expect(await toBob).toEqual({ dm: ann.name, idx: m.idx, by: ann.name });
    expect(await toAnn).toEqual({ dm: bob.name, idx: m.idx, by: ann.name });
    // Bob cannot recall Ann's message.
    expect(await emitAck(sBob, 'recall', { dm: ann.name, idx: m.idx })).toEqual({ ok: false, error: 'api.msg.notAuthor' });
  });

  it('clears a file message’s name and size, so the file is no longer referenced', async () => {
    const owner = await newUser(cluster);
    const gid = await groupWith(owner);
    const s = await connect(owner);
    const file = (await storedFile(owner, 'txt')).slice('/uploads/'.length);
    const m = (await sendMsg(s, { gid, type: 'file', content: `/uploads/${file}`, name: 'report.pdf', size: 1000 })).message;
    const messages = cluster.a.app.services.messages;
    expect(await messages.fileReferenceCounts([file])).toEqual(new Map([[file, 1]]));
    expect(await emitAck(s, 'recall', { gid, idx: m.idx })).toEqual({ ok: true });
    expect((await history(owner, { gid }))[0]).toMatchObject({ type: 'file', content: '', name: null, size: null, recalled: true });
    expect(await messages.fileReferenceCounts([file])).toEqual(new Map());
  });

  it('refuses unknown messages (api.msg.notFound), outsiders (api.group.noView) and malformed payloads', async () => {
    const owner = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(owner);
    const [sOwner, sOutsider] = await Promise.all([connect(owner), connect(outsider)]);
    const m = await sendText(sOwner, { gid }, 'x');
    expect(await emitAck(sOwner, 'recall', { gid, idx: 99 })).toEqual({ ok: false, error: 'api.msg.notFound' });
    expect(await emitAck(sOutsider, 'recall', { gid, idx: m.idx })).toEqual({ ok: false, error: 'api.group.noView' });
    expect(await emitAck(sOwner, 'recall', { gid, idx: 'one' })).toEqual({ ok: false, error: 'api.badRequest' });
    expect(await emitAck(sOwner, 'recall', { idx: 1 })).toEqual({ ok: false, error: 'api.msg.noRoom' });
  });
});

describe('edit', () => {
  it('by the author: the room hears edit on every node; history (cached on each node), search and the list show the new text', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster, { node: cluster.b });
    const gid = await groupWith(owner, { members: [member] });
    const [sOwner, sMember] = await Promise.all([connect(owner), connect(member, cluster.b)]);
    const first = await sendText(sOwner, { gid }, 'meet at noon');
    const m = await sendText(sOwner, { gid }, 'the plan is tpyo');
    expect(m.edited).toBeNull();
    // Both nodes hold the room's history before the edit.
    expect((await history(member, { gid }))[1].content).toBe('the plan is tpyo');
    expect((await history(owner, { gid }))[1].content).toBe('the plan is tpyo');
    const heard = waitFor(sMember, 'edit');
    const ack = await emitAck(sOwner, 'edit', { gid, idx: m.idx, content: 'the plan is **typo-free**', md: 1 });
    expect(ack).toMatchObject({ ok: true, message: { ...m, content: 'the plan is **typo-free**', md: 1, edited: expect.any(Number) } });
    const edited = (ack as { message: { edited: number } }).message.edited;
    expect(await heard).toEqual({ gid, idx: m.idx, content: 'the plan is **typo-free**', md: 1, edited });
    for (const reader of [member, owner]) {
      const stored = await history(reader, { gid });
      expect(stored[1]).toEqual({ ...m, content: 'the plan is **typo-free**', md: 1, edited });
      expect(stored[0]).toEqual(first);
    }
    const found = async (q: string) => (await member.get(`/api/messages/search?q=${encodeURIComponent(q)}`)).body.messages.map((h: { idx: number }) => h.idx);
    expect(await found('typo-free')).toEqual([m.idx]);
    expect(await found('tpyo')).toEqual([]);
    const entry = (await member.get('/api/conversations')).body.conversations.find((c: { gid?: string }) => c.gid === gid);
    expect(entry.last).toMatchObject({ idx: m.idx, content: 'the plan is **typo-free**' });
    // Editing again keeps the latest.
    expect(await emitAck(sOwner, 'edit', { gid, idx: first.idx, content: 'meet at one' })).toMatchObject({ ok: true, message: { content: 'meet at one', md: 0 } });
    expect((await history(member, { gid }))[0]).toMatchObject({ content: 'meet at one', edited: expect.any(Number) });
  });

  it('in a direct conversation both people hear it, each labelled with the other’s name', async () => {
    const ann = await newUser(cluster);
    const bob = await newUser(cluster, { node: cluster.b });
    await befriend(ann, bob);
    const [sAnn, sAnnOther, sBob] = await Promise.all([connect(ann), connect(ann, cluster.b), connect(bob, cluster.b)]);
    const m = await sendText(sAnn, { dm: bob.name }, 'see you at 5');
    const toBob = waitFor(sBob, 'edit');
    const toAnn = waitFor(sAnnOther, 'edit');
    expect(await emitAck(sAnn, 'edit', { dm: bob.name, idx: m.idx, content: 'see you at 6' })).toMatchObject({ ok: true, message: { dm: bob.name } });
    expect(await toBob).toMatchObject({ dm: ann.name, idx: m.idx, content: 'see you at 6' });
    expect(await toAnn).toMatchObject({ dm: bob.name, idx: m.idx, content: 'see you at 6' });
    expect((await history(bob, { dm: ann.name }))[0]).toMatchObject({ content: 'see you at 6', edited: expect.any(Number) });
  });

  it('only the author’s own live text messages, with a valid text, while they may speak; nobody hears a refused edit', async () => {
    const owner = await newUser(cluster);
    const author = await newUser(cluster);
    const outsider = await newUser(cluster);
    const platformAdmin = await adminClient(cluster);
    const gid = await groupWith(owner, { members: [author] });
    const [sOwner, sAuthor, sOutsider, sAdmin] = await Promise.all([connect(owner), connect(author), connect(outsider), connect(platformAdmin)]);
    const m = await sendText(sAuthor, { gid }, 'mine');
    const heard = collect(sOwner, 'edit');
    const edit = (s: Socket, body: Record<string, unknown>) => emitAck(s, 'edit', { gid, idx: m.idx, content: 'changed', ...body });
    expect(await edit(sOwner, {})).toEqual({ ok: false, error: 'api.msg.notYours' });
    expect(await edit(sAdmin, {})).toEqual({ ok: false, error: 'api.group.noView' });
    expect(await edit(sOutsider, {})).toEqual({ ok: false, error: 'api.group.noView' });
    expect(await edit(sAuthor, { idx: 999 })).toEqual({ ok: false, error: 'api.msg.notFound' });
    expect(await edit(sAuthor, { content: '   ' })).toEqual({ ok: false, error: 'api.msg.empty' });
    expect(await edit(sAuthor, { content: 'x'.repeat(5000) })).toEqual({ ok: false, error: 'api.msg.tooLong' });
    expect(await edit(sAuthor, { content: 42 })).toEqual({ ok: false, error: 'api.badRequest' });
    expect(await emitAck(sAuthor, 'edit', { idx: m.idx, content: 'x' })).toEqual({ ok: false, error: 'api.msg.noRoom' });
    const url = await storedFile(author);
    const file = await sendMsg(sAuthor, { gid, type: 'image', content: url, name: 'p.png', size: 10 });
    expect(await edit(sAuthor, { idx: file.message.idx })).toEqual({ ok: false, error: 'api.msg.notEditable' });
    expect(await emitAck(sAuthor, 'recall', { gid, idx: m.idx })).toEqual({ ok: true });
    expect(await edit(sAuthor, {})).toEqual({ ok: false, error: 'api.msg.recalled' });
    // Muted in the group: no more editing than sending.
    const later = await sendText(sAuthor, { gid }, 'before the mute');
    expect((await owner.post('/api/groups/muteall', { gid, val: true })).status).toBe(200);
    expect(await edit(sAuthor, { idx: later.idx })).toEqual({ ok: false, error: 'api.msg.groupMuted' });
    await settle();
    expect(heard).toEqual([]);
    expect((await history(owner, { gid })).find((x) => x.idx === later.idx)).toMatchObject({ content: 'before the mute', edited: null });
  });
});

describe('reactions', () => {
  it('toggle: emoji → names in the order people reacted; the room hears the whole map', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster, { node: cluster.b });
    const gid = await groupWith(owner, { members: [member] });
    const [sOwner, sMember] = await Promise.all([connect(owner), connect(member, cluster.b)]);
    const m = await sendText(sOwner, { gid }, 'react to me');
    const react = (s: Socket, emoji: string) => emitAck(s, 'react', { gid, idx: m.idx, emoji });

    expect(await react(sOwner, '👍')).toEqual({ ok: true, reactions: { '👍': [owner.name] } });
    const heard = waitFor(sOwner, 'reaction', (p) => p.reactions['❤️'] !== undefined);
    expect(await react(sMember, '👍')).toEqual({ ok: true, reactions: { '👍': [owner.name, member.name] } });
    expect(await react(sMember, '❤️')).toEqual({ ok: true, reactions: { '👍': [owner.name, member.name], '❤️': [member.name] } });
    expect(await heard).toEqual({ gid, idx: m.idx, reactions: { '👍': [owner.name, member.name], '❤️': [member.name] } });
    // Toggling off.
    expect(await react(sOwner, '👍')).toEqual({ ok: true, reactions: { '👍': [member.name], '❤️': [member.name] } });
    expect(await react(sMember, '👍')).toEqual({ ok: true, reactions: { '❤️': [member.name] } });
    expect((await history(owner, { gid }))[0].reactions).toEqual({ '❤️': [member.name] });
  });

  it('members only: outsiders and platform admins outside the group get api.group.noView; in a DM, friends only', async () => {
    const owner = await newUser(cluster);
    const outsider = await newUser(cluster);
    const platformAdmin = await adminClient(cluster);
    const friend = await newUser(cluster);
    await befriend(owner, friend);
    const gid = await groupWith(owner);
    const [sOwner, sOutsider, sAdmin, sFriend] = await Promise.all([connect(owner), connect(outsider), connect(platformAdmin), connect(friend)]);
    const m = await sendText(sOwner, { gid }, 'members only');
    for (const s of [sOutsider, sAdmin]) {
      expect(await emitAck(s, 'react', { gid, idx: m.idx, emoji: '👀' })).toEqual({ ok: false, error: 'api.group.noView' });
    }
    const dm = await sendText(sOwner, { dm: friend.name }, 'hi');
    const toOwner = waitFor(sOwner, 'reaction');
    expect(await emitAck(sFriend, 'react', { dm: owner.name, idx: dm.idx, emoji: '👋' })).toEqual({ ok: true, reactions: { '👋': [friend.name] } });
    expect(await toOwner).toEqual({ dm: friend.name, idx: dm.idx, reactions: { '👋': [friend.name] } });
    expect((await owner.post('/api/friends/remove', { name: friend.name })).status).toBe(200);
    expect(await emitAck(sFriend, 'react', { dm: owner.name, idx: dm.idx, emoji: '😢' })).toEqual({ ok: false, error: 'api.msg.notFriend' });
  });

  it('refuses recalled messages (api.msg.recalled), unknown ones (api.msg.notFound) and anything but one short emoji (api.msg.badEmoji)', async () => {
    const owner = await newUser(cluster);
    const gid = await groupWith(owner);
    const s = await connect(owner);
    const m = await sendText(s, { gid }, 'x');
    for (const emoji of ['', 'x'.repeat(17), 'two words']) {
      expect(await emitAck(s, 'react', { gid, idx: m.idx, emoji }), emoji).toEqual({ ok: false, error: 'api.msg.badEmoji' });
    }
    expect(await emitAck(s, 'react', { gid, idx: m.idx, emoji: 5 })).toEqual({ ok: false, error: 'api.badRequest' });
    expect(await emitAck(s, 'react', { gid, idx: 42, emoji: '👍' })).toEqual({ ok: false, error: 'api.msg.notFound' });
    expect(await emitAck(s, 'recall', { gid, idx: m.idx })).toEqual({ ok: true });
    expect(await emitAck(s, 'react', { gid, idx: m.idx, emoji: '👍' })).toEqual({ ok: false, error: 'api.msg.recalled' });
  });
});

describe('typing', () => {
  /** Moves the shared clock to just after the start of a 2-second throttle window. */
  const alignWindow = () => cluster.clock.advance(2000 - (cluster.clock.now() % 2000) + 5);

  it('in a group: to the other members on any node, never back to the typist’s own connections', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster, { node: cluster.b });
    const gid = await groupWith(owner, { members: [member] });
    const [sOwner, sOwnerOther, sMember] = await Promise.all([connect(owner), connect(owner, cluster.b), connect(member, cluster.b)]);
    const ownerEchoes = [collect(sOwner, 'typing'), collect(sOwnerOther, 'typing')];
    alignWindow();
    const heard = waitFor(sMember, 'typing');
    expect(await emitAck(sOwner, 'typing', { gid })).toEqual({ ok: true, forwarded: true });
    expect(await heard).toEqual({ from: owner.name, gid });
    await settle();
    expect(ownerEchoes.flat()).toEqual([]);
  });

  it('at most one notice per person and room per 2-second window', async () => {
    const owner = await newUser(cluster);
    const member = await newUser(cluster);
    const friend = await newUser(cluster);
    await befriend(owner, friend);
    const gid = await groupWith(owner, { members: [member] });
    const [sOwner, sMember, sFriend] = await Promise.all([connect(owner), connect(member, cluster.b), connect(friend, cluster.b)]);
    const memberHeard = collect(sMember, 'typing');
    const friendHeard = collect(sFriend, 'typing');
    alignWindow();
    expect(await emitAck(sOwner, 'typing', { gid })).toEqual({ ok: true, forwarded: true });
    expect(await emitAck(sOwner, 'typing', { gid })).toEqual({ ok: true, forwarded: false });
    // Another room has its own window; another person too.
    expect(await emitAck(sOwner, 'typing', { pm: friend.name })).toEqual({ ok: true, forwarded: true });
    expect(await emitAck(sMember, 'typing', { gid })).toEqual({ ok: true, forwarded: true });
    cluster.clock.advance(2000);
    expect(await emitAck(sOwner, 'typing', { gid })).toEqual({ ok: true, forwarded: true });
    await settle();
    expect(memberHeard).toEqual([
      { from: owner.name, gid },
      { from: owner.name, gid },
    ]);
    expect(friendHeard).toEqual([{ from: owner.name, pm: owner.name }]);
  });

  it('private direction only to a friend: others are refused (api.msg.notFriend) and hear nothing', async () => {
    const ann = await newUser(cluster);
    const stranger = await newUser(cluster);
    const outsider = await newUser(cluster);
    const gid = await groupWith(ann);
    const [sAnn, sStranger, sOutsider] = await Promise.all([connect(ann), connect(stranger, cluster.b), connect(outsider)]);
    const heard = collect(sStranger, 'typing');
    alignWindow();
    expect(await emitAck(sAnn, 'typing', { pm: stranger.name })).toEqual({ ok: false, error: 'api.msg.notFriend' });
    expect(await emitAck(sAnn, 'typing', { pm: ann.name })).toEqual({ ok: false, error: 'api.msg.self' });
    expect(await emitAck(sOutsider, 'typing', { gid })).toEqual({ ok: false, error: 'api.group.noView' });
    expect(await emitAck(sAnn, 'typing', {})).toEqual({ ok: false, error: 'api.msg.noRoom' });
    await settle();
    expect(heard).toEqual([]);
  });
});
