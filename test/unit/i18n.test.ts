import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/i18n/keys.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('i18n catalogue', () => {
  it('holds every api.* key the server code uses', () => {
    const missing: string[] = [];
    for (const file of sources(path.resolve('src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/['"`](api\.[A-Za-z]+(?:\.[A-Za-z]+)*)['"`]/g)) {
        if (!Object.hasOwn(messages, m[1]!)) missing.push(`${path.relative('.', file)}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps the keys named by the spec verbatim', () => {
    for (const key of [
      'api.login.badCredentials', 'api.login.rateLimited', 'api.user.nameTaken', 'api.user.notFound', 'api.group.noView',
      'api.msg.groupMuted', 'api.key.invalid', 'api.forbidden', 'api.key.notFound', 'api.rateLimited', 'api.upload.tooLarge',
      'api.upload.sessionGone', 'api.upload.badChunk', 'api.friend.notFound', 'api.friend.notFriend', 'api.admin.fileInvalid',
      'api.admin.fileIsAvatar', 'api.admin.fileNotFound', 'api.register.submitted',
    ]) {
      expect(messages, key).toHaveProperty([key]);
    }
  });
});
