/**
 * The caller's entry of a group (its announcement, their role in it), for the
 * group's conversation: loaded when the group is opened, again on
 * `groups.changed` (an announcement, a role) and when the connection is back
 * (an event missed while offline). Nothing for a direct conversation.
 */
import { ok, type Schema, useQuery, useSnapshot } from '../sdk/session.tsx';

const REFRESH = ['groups.changed'] as const;

export type MyGroup = Schema<'MyGroup'>;

export function useMyGroup(gid: string | undefined): MyGroup | undefined {
  const live = useSnapshot().status === 'live';
  const q = useQuery(async (api) => (gid === undefined ? undefined : (await ok(api.GET('/api/groups'))).groups), [gid, live], REFRESH);
  return q.data?.find((g) => g.gid === gid);
}
