import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { Identity } from '../../identity.ts';
import type { Actor } from '../audit/audit.service.ts';
import { can } from '../groups/groups.policy.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { FilesService } from '../uploads/files.service.ts';
import { messagesStore } from './messages.store.ts';

const UPLOAD_URL_RE = /^\/uploads\/([0-9a-f]{32}\.[a-z0-9]{1,10})$/;

/**
 * POST /api/groups/file/delete: a group's managers remove a file shared in the
 * group. The same removal as the administrators' (content gone, messages marked
 * `file_expired`, dedup record dropped, audited), limited to files that a
 * message of this group points at.
 */
export class GroupFilesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { groups: GroupsService; files: FilesService },
  ) {}

  /** Returns how many messages were marked `file_expired`. */
  async delete(actor: Actor, who: Identity, gid: string, url: string): Promise<number> {
    const name = UPLOAD_URL_RE.exec(url)?.[1];
    if (!name) throw badRequest('api.admin.fileInvalid');
    const found = await this.deps.groups.groupAndMembership(gid, who.userId);
    if (!found) throw notFound('api.group.notFound');
    const actorInGroup = { role: found.membership?.role ?? null, platformAdmin: who.role === 'admin' };
    if (!can('deleteFile', actorInGroup)) throw forbidden(actorInGroup.role === null ? 'api.group.noView' : 'api.forbidden');
    if (!(await messagesStore.groupSharesFile(this.ctx.db, gid, url))) throw notFound('api.admin.fileNotFound');
    return this.deps.files.adminDelete(actor, name);
  }
}
