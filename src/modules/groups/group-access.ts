import type { Queryable } from '../../db/index.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import type { Identity } from '../../identity.ts';
import { can, type GroupActor, type GroupOperation } from './groups.policy.ts';
import { type AccessRow, groupsStore } from './groups.store.ts';

/** A group as one caller meets it: the row and the caller as the policy sees them. */
export interface GroupAccess {
  group: AccessRow;
  /** `ip`: the caller's address when known (for the audit log), else ''. */
  actor: GroupActor & { userId: number; name: string; ip: string };
}

/**
 * Loads the group and the caller's place in it in one statement (404
 * `api.group.notFound`). With `lock`, the group row is held until the
 * transaction ends, so concurrent changes to one group queue up.
 */
export async function loadAccess(q: Queryable, who: Identity & { ip?: string }, gid: string, lock = false): Promise<GroupAccess> {
  const group = await groupsStore.access(q, gid, who.userId, lock);
  if (!group) throw notFound('api.group.notFound');
  return {
    group,
    actor: { userId: who.userId, name: who.name, ip: who.ip ?? '', role: group.my_role, platformAdmin: who.role === 'admin' },
  };
}

/** 403 unless the policy allows `op`: `api.group.noView` for outsiders, `api.forbidden` for members without the right. */
export function requirePermission(op: GroupOperation, access: GroupAccess): void {
  if (can(op, access.actor)) return;
  throw access.actor.role === null ? forbidden('api.group.noView') : forbidden('api.forbidden');
}

/** An error with the status a policy refusal names. */
export const refusal = (r: { status: number; key: AppError['key'] }): AppError => new AppError(r.status, r.key);
