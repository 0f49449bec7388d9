import { describe, expect, it } from 'vitest';
import { canRecall, contentRefusal, isValidEmoji, type MessageType, parseRoom, roomKey } from '../../src/modules/messages/messages.policy.ts';

const merge = (items: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ title: 'Chat', items: Array.from({ length: items }, (_, i) => ({ from: 'ann', type: 'text', content: `m${i}` })), ...extra });

describe('contentRefusal', () => {
  const cases: Array<[MessageType, string, string | undefined]> = [
    ['text', 'hello', undefined],
    ['text', 'x'.repeat(4096), undefined],
    // Characters, not UTF-16 units: 4096 emoji are 8192 units and still fit.
    ['text', '🙂'.repeat(4096), undefined],
    ['text', 'x'.repeat(4097), '413 api.msg.tooLong'],
    ['text', '', '400 api.msg.empty'],
    ['text', ' \n\t ', '400 api.msg.empty'],
    ['text', '<b>html stays text</b>', undefined],
    ['merge', merge(1), undefined],
    ['merge', merge(100), undefined],
    ['merge', merge(101), '413 api.msg.tooLong'],
    ['merge', merge(0), '400 api.msg.badMerge'],
    ['merge', merge(1, { pad: 'x'.repeat(8000) }), '413 api.msg.tooLong'],
    ['merge', 'not json', '400 api.msg.badMerge'],
    ['merge', JSON.stringify({ items: [{ type: 'text' }] }), '400 api.msg.badMerge'],
    ['merge', JSON.stringify({ items: [{ from: 'ann', type: 'sticker' }] }), '400 api.msg.badMerge'],
    ['merge', JSON.stringify([1, 2]), '400 api.msg.badMerge'],
    ['image', '/uploads/0123456789abcdef.png', undefined],
    ['file', '/uploads/0123456789abcdef.pdf', undefined],
    ['video', '/uploads/0123456789abcdef.mp4', undefined],
    ['audio', '/uploads/0123456789abcdef.mp3', undefined],
    ['image', 'https://example.com/cat.png', '400 api.msg.badFile'],
    ['file', '/uploads/../etc/passwd', '400 api.msg.badFile'],
    ['file', '/uploads/NOTHEX.pdf', '400 api.msg.badFile'],
    ['audio', '', '400 api.msg.badFile'],
  ];
  it.each(cases)('%s %j → %s', (type, content, expected) => {
    const r = contentRefusal(type, content);
    expect(r ? `${r.status} ${r.key}` : undefined).toBe(expected);
  });
});

describe('room keys', () => {
  it('name a direct conversation the same way from either side, by ids', () => {
    expect(roomKey.direct(7, 3)).toBe('d:3:7');
    expect(roomKey.direct(3, 7)).toBe('d:3:7');
    expect(roomKey.group('0123456789abcdef')).toBe('g:0123456789abcdef');
  });

  it('parse back, and refuse anything else', () => {
    expect(parseRoom('d:3:7')).toEqual({ kind: 'direct', users: [3, 7] });
    expect(parseRoom('g:0123456789abcdef')).toEqual({ kind: 'group', gid: '0123456789abcdef' });
    for (const bad of ['', 'g:xyz', 'd:3', 'u:1', 'g:0123456789abcdef0']) expect(parseRoom(bad), bad).toBeUndefined();
  });
});

describe('canRecall', () => {
  it.each([
    [{ userId: 1, platformAdmin: false }, 1, true],
    [{ userId: 2, platformAdmin: false }, 1, false],
    [{ userId: 2, platformAdmin: true }, 1, true],
  ])('%j recalling a message of user %i → %s', (actor, author, expected) => {
    expect(canRecall(actor, author)).toBe(expected);
  });
});

describe('isValidEmoji', () => {
  it.each([
    ['👍', true],
    ['👨‍👩‍👧‍👦', true],
    [':+1:', true],
    ['x'.repeat(16), true],
    ['x'.repeat(17), false],
    ['', false],
    ['a b', false],
    ['\u0007', false],
  ])('%j → %s', (emoji, expected) => {
    expect(isValidEmoji(emoji)).toBe(expected);
  });
});
