import { nameSkeleton } from '../modules/users/user-names.ts';
import { UniqueViolation } from '../errors.ts';
import type { Queryable } from './driver.ts';

/** Migrations after which the JS backfill below runs (the column it fills exists from then on). */
export const NAME_SKELETON_MIGRATION = /_user_name_skeleton$/;

const BATCH = 1000;

/**
 * Fills `users.name_skeleton` where it is null (accounts from before the column, or imported
 * from an older archive). Runs inside migrate(), under its lock, on every start: idempotent and
 * one indexed-less scan when nothing is missing. A name whose skeleton another account already
 * holds keeps null (that account blocks every further look-alike anyway). Returns rows filled.
 */
export async function backfillNameSkeletons(q: Queryable): Promise<number> {
  const missing = await q.query<{ id: string | number; name: string }>(
    'select id, name from users where name_skeleton is null order by id',
  );
  if (missing.length === 0) return 0;
  const taken = new Set(
    (await q.query<{ s: string }>('select name_skeleton as s from users where name_skeleton is not null')).map((r) => r.s),
  );
  const ids: Array<string | number> = [];
  const skeletons: string[] = [];
  for (const row of missing) {
    const s = nameSkeleton(row.name);
    if (taken.has(s)) continue;
    taken.add(s);
    ids.push(row.id);
    skeletons.push(s);
  }
  let filled = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = [ids.slice(i, i + BATCH), skeletons.slice(i, i + BATCH)] as const;
    try {
      filled += (await q.query(FILL, [batch[0], batch[1]])).length;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // A node of the new version registered a look-alike meanwhile: fill the others one by one.
      for (let j = 0; j < batch[0].length; j++) {
        try {
          filled += (await q.query(FILL, [[batch[0][j]], [batch[1][j]]])).length;
        } catch (e) {
          if (!isUniqueViolation(e)) throw e;
        }
      }
    }
  }
  return filled;
}

const FILL = `update users u set name_skeleton = v.s
                from unnest($1::bigint[], $2::text[]) as v(id, s)
               where u.id = v.id and u.name_skeleton is null
           returning u.id`;

const isUniqueViolation = (err: unknown): boolean =>
  err instanceof UniqueViolation || (err as { code?: unknown } | null)?.code === '23505';
