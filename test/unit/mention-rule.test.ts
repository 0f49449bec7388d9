import { describe, expect, it } from 'vitest';
import { mentions } from '../../packages/client/src/mentions.ts';
import { mentionPattern } from '../../src/modules/messages/messages.policy.ts';

/** The server's pattern (run by Postgres for the conversation list) and the SDK's test must agree. */
describe('the mention rule, server and SDK', () => {
  it('agrees on every case', () => {
    const names = ['ann', 'ann.b', 'x-y_z', '张三'];
    const texts = ['@N', 'hi @N.', 'x@N', '@Nc', '(@N)', '@N-x', '@N--', '@N, hi', '你好 @N 好', '@N你好', '[@N]', '`@N`', '@@N', '@N.x', 'n@N.com', '@N\nnext', 'a\t@N'];
    for (const name of names) {
      const server = new RegExp(mentionPattern(name), 'iu');
      for (const template of texts) {
        const text = template.replaceAll('N', name.toUpperCase());
        expect(mentions(text, name), `${text} / ${name}`).toBe(server.test(text));
      }
    }
    expect(mentions('hi @ANN.', 'ann')).toBe(true);
  });
});
