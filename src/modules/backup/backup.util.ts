import { readFileSync } from 'node:fs';

/** Where the tools write their progress (the CLIs: stdout). */
export type Report = (line: string) => void;

/** The version of this build, recorded in the manifests it writes. */
export function appVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? 'unknown';
}

/** Runs `fn` over `items`, at most `limit` at a time; the first failure rejects (the others finish first). */
export async function parallel<T>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (next < items.length && failure === undefined) {
      const i = next++;
      try {
        await fn(items[i]!, i);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== undefined) throw failure;
}

/** "12.3 s (4567/s)": how long `n` things took. */
export const rate = (n: number, ms: number): string => `${(ms / 1000).toFixed(1)} s (${Math.round((n * 1000) / Math.max(ms, 1))}/s)`;
