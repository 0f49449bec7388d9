import type { Queryable } from '../../db/index.ts';
import type { UserRow } from '../users/users.store.ts';

export interface KeyRow {
  id: number;
  user_id: number;
  name: string;
  prefix: string;
  secret_hash: string;
  scopes: string[];
  rate_limit: number | null;
  created: number;
  last_used: number | null;
  expires: number | null;
  revoked: boolean;
}

export const keysStore = {
  async insert(
    q: Queryable,
    k: { userId: number; name: string; prefix: string; secretHash: string; scopes: string[]; rateLimit: number | null; created: number; expires: number | null },
  ): Promise<KeyRow> {
    const rows = await q.query<KeyRow>(
      `insert into api_keys (user_id, name, prefix, secret_hash, scopes, rate_limit, created, expires)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`,
      [k.userId, k.name, k.prefix, k.secretHash, k.scopes, k.rateLimit, k.created, k.expires],
    );
    return rows[0]!;
  },

  async listForUser(q: Queryable, userId: number): Promise<KeyRow[]> {
    return q.query<KeyRow>('select * from api_keys where user_id = $1 order by id', [userId]);
  },

  async byIdForUser(q: Queryable, id: number, userId: number): Promise<KeyRow | undefined> {
    return (await q.query<KeyRow>('select * from api_keys where id = $1 and user_id = $2', [id, userId]))[0];
  },

  /** The key, its owner and whether a ban is in force, in one statement. */
  async resolve(q: Queryable, prefix: string, now: number): Promise<(KeyRow & { owner: UserRow; banned: boolean }) | undefined> {
    const rows = await q.query<KeyRow & { owner: UserRow; banned: boolean }>(
      `select k.*, to_jsonb(u) as owner,
              exists (select 1 from penalties p where p.user_id = u.id and p.action = 'ban' and not p.revoked
                        and (p.expires is null or p.expires > $2)) as banned
         from api_keys k join users u on u.id = k.user_id where k.prefix = $1`,
      [prefix, now],
    );
    return rows[0];
  },

  async update(
    q: Queryable,
    id: number,
    f: { name?: string | undefined; scopes?: string[] | undefined; rateLimit?: number | null | undefined; expires?: number | null | undefined; revoked?: boolean | undefined },
  ): Promise<void> {
    await q.query(
      `update api_keys set
         name = coalesce($2, name),
         scopes = coalesce($3, scopes),
         rate_limit = case when $4::boolean then $5::int else rate_limit end,
         expires = case when $6::boolean then $7::bigint else expires end,
         revoked = coalesce($8, revoked)
       where id = $1`,
      [
        id,
        f.name ?? null,
        f.scopes ?? null,
        f.rateLimit !== undefined,
        f.rateLimit ?? null,
        f.expires !== undefined,
        f.expires ?? null,
        f.revoked ?? null,
      ],
    );
  },

  async delete(q: Queryable, id: number, userId: number): Promise<KeyRow | undefined> {
    return (await q.query<KeyRow>('delete from api_keys where id = $1 and user_id = $2 returning *', [id, userId]))[0];
  },

  /** Applies buffered last-use times in one statement; never moves a time backwards. */
  async touch(q: Queryable, uses: ReadonlyMap<number, number>): Promise<void> {
    if (uses.size === 0) return;
    await q.query(
      `update api_keys k set last_used = greatest(coalesce(k.last_used, 0), v.ts)
         from (select unnest($1::bigint[]) as id, unnest($2::bigint[]) as ts) v
        where k.id = v.id`,
      [[...uses.keys()], [...uses.values()]],
    );
  },
};
