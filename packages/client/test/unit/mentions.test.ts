import { describe, expect, it } from 'vitest';
import { mentionParts, mentions, mentionTyped } from '../../src/mentions.ts';

describe('mentions', () => {
  it('names a person by the whole name at a boundary, in any case (the server’s rule)', () => {
    const cases: Array<[string, boolean]> = [
      ['@ann.b', true],
      ['hi @ANN.B.', true],
      ['(@ann.b), look', true],
      ['@ann.b--', true],
      ['你好 @ann.b 好', true],
      ['x@ann.b', false],
      ['mail ann.b@example.com', false],
      ['@ann.bc', false],
      ['@ann.b-x', false],
      ['@ann.b你好', false],
      ['@annxb', false],
    ];
    for (const [text, expected] of cases) expect(mentions(text, 'ann.b'), text).toBe(expected);
  });

  it('cuts a text into plain runs and mentions, leaving sentence-ending dots and mail addresses alone', () => {
    expect(mentionParts('hey @bob and @ann.b. mail a@b.c, @ alone, @x-y-')).toEqual([
      'hey ',
      { mention: 'bob' },
      ' and ',
      { mention: 'ann.b' },
      '. mail a@b.c, @ alone, ',
      { mention: 'x-y' },
      '-',
    ]);
    expect(mentionParts('no mention')).toEqual(['no mention']);
  });

  it('finds the mention being typed before the caret', () => {
    expect(mentionTyped('hi @bo', 6)).toEqual({ start: 3, query: 'bo' });
    expect(mentionTyped('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionTyped('hi @bob and', 11)).toBeNull();
    expect(mentionTyped('mail a@b', 8)).toBeNull();
    expect(mentionTyped('(@ann.b', 7)).toEqual({ start: 1, query: 'ann.b' });
  });
});
