/**
 * API-key scopes (spec section 5) and the one table that maps each route to
 * the scope it needs. A session cookie has full rights and skips this table.
 */
export const SCOPES = [
  'profile.read',
  'profile.write',
  'security',
  'users.read',
  'friends.read',
  'friends.write',
  'messages.read',
  'messages.send',
  'groups.read',
  'groups.write',
  'groups.manage',
  'files.upload',
  'admin',
] as const;

export type Scope = (typeof SCOPES)[number];

const SCOPE_SET: ReadonlySet<string> = new Set(SCOPES);

export const isScope = (s: string): s is Scope => SCOPE_SET.has(s);

/** Known scopes of `input` in the canonical order, de-duplicated; unknown values dropped. */
export function normalizeScopes(input: readonly string[]): Scope[] {
  const wanted = new Set(input);
  return SCOPES.filter((s) => wanted.has(s));
}

/** Exact `METHOD /path` → scope. Paths are under /api. */
const EXACT: Record<string, Scope> = {
  'GET /api/me': 'profile.read',
  'GET /api/me/penalties': 'profile.read',
  'GET /api/profile': 'profile.read',
  'GET /api/settings': 'profile.read',
  'GET /api/me/notifications': 'profile.read',
  'GET /api/announcements': 'profile.read',
  'GET /api/me/appeals': 'profile.read',
  'POST /api/appeal': 'profile.read',
  'POST /api/profile': 'profile.write',
  'POST /api/settings': 'profile.write',
  'POST /api/me/notifications/read': 'profile.write',
  'POST /api/pass': 'security',
  'POST /api/twofa/setup': 'security',
  'POST /api/twofa/enable': 'security',
  'POST /api/twofa/disable': 'security',
  'POST /api/oauth/github/unbind': 'security',
  'GET /api/users': 'users.read',
  'GET /api/friends': 'friends.read',
  'POST /api/friends/request': 'friends.write',
  'POST /api/friends/accept': 'friends.write',
  'POST /api/friends/decline': 'friends.write',
  'POST /api/friends/remark': 'friends.write',
  'POST /api/friends/remove': 'friends.write',
  'GET /api/messages': 'messages.read',
  'GET /api/messages/search': 'messages.read',
  'POST /api/report': 'messages.read',
  'GET /api/conversations': 'messages.read',
  'POST /api/conversations/read': 'messages.read',
  'POST /api/messages': 'messages.send',
  'GET /api/groups': 'groups.read',
  'GET /api/groups/members': 'groups.read',
  'GET /api/groups/search': 'groups.read',
  'GET /api/groups/all': 'groups.read',
  'GET /api/groups/invites': 'groups.read',
  'GET /api/groups/remark': 'groups.read',
  'POST /api/groups': 'groups.write',
  'POST /api/groups/join': 'groups.write',
  'POST /api/groups/leave': 'groups.write',
  'POST /api/groups/request': 'groups.write',
  'POST /api/groups/invite': 'groups.write',
  'POST /api/groups/invite/accept': 'groups.write',
  'POST /api/groups/invite/reject': 'groups.write',
  'POST /api/groups/remark': 'groups.write',
  'POST /api/groups/member/nickname': 'groups.write',
  'DELETE /api/groups': 'groups.manage',
  'POST /api/groups/rename': 'groups.manage',
  'POST /api/groups/avatar': 'groups.manage',
  'POST /api/groups/announce': 'groups.manage',
  'GET /api/groups/manage': 'groups.manage',
  'GET /api/groups/logs': 'groups.manage',
  'POST /api/groups/request/approve': 'groups.manage',
  'POST /api/groups/request/reject': 'groups.manage',
  'POST /api/groups/members/remove': 'groups.manage',
  'POST /api/groups/transfer': 'groups.manage',
  'POST /api/groups/file/delete': 'groups.manage',
  'POST /api/groups/member/role': 'groups.manage',
  'POST /api/groups/member/mute': 'groups.manage',
  'POST /api/groups/muteall': 'groups.manage',
  'POST /api/groups/invite/setting': 'groups.manage',
  'POST /api/groups/invite/approve': 'groups.manage',
};

/** Path prefixes whose every route needs one scope. */
const PREFIXES: Array<[string, Scope]> = [
  ['/api/admin/', 'admin'],
  ['/api/upload', 'files.upload'],
  ['/api/tus', 'files.upload'],
];

/** The scope a request needs; an unmatched route needs `profile.read` (spec section 5). */
export function scopeFor(method: string, path: string): Scope {
  const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const exact = EXACT[`${method === 'HEAD' ? 'GET' : method} ${p}`];
  if (exact) return exact;
  for (const [prefix, scope] of PREFIXES) if (p === prefix.replace(/\/$/, '') || p.startsWith(prefix)) return scope;
  return 'profile.read';
}
