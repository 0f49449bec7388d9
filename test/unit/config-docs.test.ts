import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARS } from '../../src/config.ts';

describe('docs/config.md', () => {
  const doc = readFileSync('docs/config.md', 'utf8');
  /** Variables named in the first cell of a table row: "| `NAME` |" (several may share a row). */
  const documented = new Set(
    doc
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .flatMap((l) => [...(l.split('|')[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1])),
  );

  it('documents every variable src/config.ts reads', () => {
    expect(CONFIG_VARS.filter((v) => !documented.has(v))).toEqual([]);
  });
});
