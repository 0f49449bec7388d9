import type { ReadinessCheck, ReadinessResult } from '../context.ts';
import type { Db } from '../db/index.ts';
import type { SharedState } from '../state/shared-state.ts';

/** A check that has not answered by then counts as failed: a probe must not hang on a stuck dependency. */
export const READINESS_TIMEOUT_MS = 3_000;

/** Runs every check concurrently; a check that throws or times out reports `ok:false` under its name. */
export async function runReadiness(
  checks: readonly ReadinessCheck[],
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<{ ok: boolean; checks: ReadinessResult[] }> {
  const results = await Promise.all(
    checks.map(async (check, i) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<ReadinessResult>((resolve) => {
        timer = setTimeout(() => resolve({ name: check.name || `check${i}`, ok: false }), timeoutMs);
      });
      try {
        return await Promise.race([check(), timeout]);
      } catch {
        return { name: check.name || `check${i}`, ok: false };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ok: results.every((r) => r.ok), checks: results };
}

/** Names a check function so a failure that throws is still reported under the right name. */
export function namedCheck(name: string, ok: () => Promise<boolean>): ReadinessCheck {
  const check = async () => ({ name, ok: await ok() });
  Object.defineProperty(check, 'name', { value: name });
  return check;
}

export const databaseCheck = (db: Db): ReadinessCheck => namedCheck('database', () => db.ping());

/** Shared state and the Socket.IO adapter's connections (cluster mode only). */
export const redisCheck = (state: SharedState, adapterClients: ReadonlyArray<{ status: string }>): ReadinessCheck =>
  namedCheck('redis', async () => (await state.ping()) && adapterClients.every((c) => c.status === 'ready'));
