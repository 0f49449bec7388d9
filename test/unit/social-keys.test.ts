import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMessageKey } from '../../src/i18n/keys.ts';

const ROOTS = ['src/modules/friends', 'src/modules/groups', 'src/modules/users', 'src/lib/fields.ts'];

function files(p: string): string[] {
  if (p.endsWith('.ts')) return [p];
  return readdirSync(p).flatMap((f) => files(path.join(p, f)));
}

describe('error keys of the social graph', () => {
  it('every key the social modules send is in the catalogue', () => {
    const used = new Set<string>();
    for (const f of ROOTS.flatMap(files)) {
      for (const m of readFileSync(f, 'utf8').matchAll(/['"](api\.[A-Za-z]+(?:\.[A-Za-z]+)*)['"]/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((k) => !isMessageKey(k))).toEqual([]);
  });
});
