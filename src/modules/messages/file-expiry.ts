import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { parseRoom } from './messages.policy.ts';
import type { ExpiredMessage } from './messages.store.ts';

/** At most this many message numbers per `file.expired` event (a file forwarded everywhere). */
const IDX_PER_EVENT = 1000;

/**
 * Tells the rooms' live connections which of their messages now point at a removed file
 * (`file.expired`), once the transaction that marked them has committed: a group's room gets
 * `{gid, idxs}`, each side of a direct conversation `{dm: <the other>, idxs}`. The names of a
 * direct conversation's two people are read in `q` (the marking transaction).
 */
export async function announceExpired(ctx: AppContext, q: Queryable, marked: readonly ExpiredMessage[]): Promise<void> {
  if (marked.length === 0) return;
  const byRoom = new Map<string, number[]>();
  for (const m of marked) {
    const list = byRoom.get(m.room);
    if (list) list.push(m.idx);
    else byRoom.set(m.room, [m.idx]);
  }
  const rooms = [...byRoom].flatMap(([room, idxs]) => {
    const where = parseRoom(room);
    return where ? [{ where, idxs: idxs.sort((a, b) => a - b) }] : [];
  });
  const people = [...new Set(rooms.flatMap(({ where }) => (where.kind === 'direct' ? where.users : [])))];
  const names = new Map<number, string>();
  if (people.length > 0) {
    const rows = await q.query<{ id: number; name: string }>('select id, name from users where id = any($1::bigint[])', [people]);
    for (const row of rows) names.set(Number(row.id), row.name);
  }
  const n = ctx.notifier;
  ctx.db.afterCommit(() => {
    for (const { where, idxs } of rooms) {
      for (let i = 0; i < idxs.length; i += IDX_PER_EVENT) {
        const part = idxs.slice(i, i + IDX_PER_EVENT);
        if (where.kind === 'group') {
          n.toGroup(where.gid, 'file.expired', { gid: where.gid, idxs: part });
          continue;
        }
        const [a, b] = where.users;
        const nameA = names.get(a);
        const nameB = names.get(b);
        if (nameA === undefined || nameB === undefined) continue; // an account deleted meanwhile
        n.toUser(a, 'file.expired', { dm: nameB, idxs: part });
        if (b !== a) n.toUser(b, 'file.expired', { dm: nameA, idxs: part });
      }
    }
  });
}
