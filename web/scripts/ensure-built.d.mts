/** Builds web/dist when missing or stale; see ensure-built.mjs. */
export function ensureBuilt(opts?: { quiet?: boolean }): 'no-sources' | 'no-vite' | 'fresh' | 'built';
export function inputsHash(): string;
