import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/i18n/keys.ts';
import { appKeys, en } from '../../src/i18n/en.ts';
import { zhCN } from '../../src/i18n/zh-CN.ts';
import { END_REASONS } from '../../src/auth/end-reasons.ts';

describe('the web catalogue', () => {
  it('has a human text in English and Chinese for every key the server can send', () => {
    const missing = Object.keys(messages).filter((k) => !(k in en) || !(k in zhCN) || !(zhCN as Record<string, string>)[k]?.trim());
    expect(missing).toEqual([]);
  });

  it('has every app text in both languages, with the same placeholders, and nothing else', () => {
    const zh = zhCN as Record<string, string>;
    const all = en as Record<string, string>;
    expect(Object.keys(zh).sort()).toEqual(Object.keys(all).sort());
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differ = Object.keys(all).filter((k) => JSON.stringify(placeholders(all[k]!)) !== JSON.stringify(placeholders(zh[k]!)));
    expect(differ).toEqual([]);
    expect(appKeys.length).toBeGreaterThan(100);
  });

  it('says why a session ended for every reason the login screen can show', () => {
    const missing = END_REASONS.map((r) => `auth.ended.${r}`).filter((k) => !(k in en) || !(k in zhCN));
    expect(missing).toEqual([]);
  });
});
