import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands on its own: no document links to a file outside it or
 * to one that does not exist (anchors included), and no file names a path of
 * the machine it was written on.
 */
const ROOT = path.resolve('.');
const SKIP = new Set(['node_modules', '.git', '.test-data', 'dist', 'coverage', 'data', '.prof']);
const TEXT = /\.(md|ts|tsx|js|mjs|json|ya?ml|toml|conf|sh)$|^(Dockerfile|Caddyfile|run|\.env\.example|\.dockerignore|\.gitignore)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return TEXT.test(name) ? [full] : [];
  });
}
const all = files(ROOT);
const rel = (f: string) => path.relative(ROOT, f);

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchors = (file: string) =>
  new Set([...readFileSync(file, 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));

describe('the repository is self-contained', () => {
  it('has documents whose relative links stay inside it and reach an existing file and heading', () => {
    const broken: string[] = [];
    for (const file of all.filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        const [pathPart, anchor] = target!.split('#') as [string, string | undefined];
        const resolved = pathPart ? path.resolve(path.dirname(file), pathPart) : file;
        if (!resolved.startsWith(`${ROOT}${path.sep}`) && resolved !== ROOT) broken.push(`${rel(file)}: ${target} leaves the repository`);
        else if (!existsSync(resolved)) broken.push(`${rel(file)}: ${target} does not exist`);
        else if (anchor && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) broken.push(`${rel(file)}: ${target} has no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('names no path outside it', () => {
    const outside = new RegExp(['\\.\\./shared/', '/work/', 'shared/DEPENDENCIES', 'shared/spec'].join('|'));
    const found = all.filter((f) => f !== import.meta.filename && outside.test(readFileSync(f, 'utf8'))).map(rel);
    expect(found).toEqual([]);
  });
});
