import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../scripts/ensure-built.mjs';

/** The budget of the JavaScript a first visit loads before the app can render (issue: ≤ 150 kB gzipped). */
const INITIAL_JS_GZIP_MAX = 150 * 1024;
const dist = path.resolve('web/dist');

beforeAll(() => {
  ensureBuilt({ quiet: true });
}, 120_000);

describe('the built web client', () => {
  it('loads at most 150 kB of gzipped JavaScript at first, the rest on demand', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const entry = [...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
    const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    expect(entry).toHaveLength(1);
    const initial = [...entry, ...preloads];
    const sizes = initial.map((f) => gzipSync(readFileSync(path.join(dist, f))).length);
    const total = sizes.reduce((a, b) => a + b, 0);
    console.log(`initial JS: ${initial.length} files, ${(total / 1024).toFixed(1)} kB gzipped`);
    expect(total).toBeLessThanOrEqual(INITIAL_JS_GZIP_MAX);
    // What is split off stays split off: admin, settings, Markdown and the Chinese catalogue load on demand.
    const names = initial.join(' ');
    for (const lazy of ['AdminScreen', 'SettingsScreen', 'Markdown', 'zh-CN']) expect(names).not.toContain(lazy);
  });

  it('has no inline script (the app runs under script-src self)', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
