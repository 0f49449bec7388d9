import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import type { Identity } from '../../identity.ts';
import type { Actor } from '../audit/audit.service.ts';
import { can } from '../groups/groups.policy.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { FilesService } from '../uploads/files.service.ts';
import { announceExpired } from './file-expiry.ts';
import { messagesStore } from './messages.store.ts';

const UPLOAD_URL_RE = /^\/uploads\/([0-9a-f]{32}\.[a-z0-9]{1,10})$/;

/**
 * POST /api/groups/file/delete: a group's managers remove a file shared in the
 * group (a message of this group points at it). Its uploader, and a platform
 * administrator, delete the file itself: the administrators' removal (content
 * gone unless another record shares it, every message referencing it marked
 * `file_expired`, audited). Any other manager withdraws it from this group
 * only: this group's messages are marked, and the file is removed only when no
 * live message or avatar anywhere still uses it.
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
    const file = await this.deps.files.live(name);
    if (!file) throw notFound('api.admin.fileNotFound');
    if (this.deps.files.owns({ userId: who.userId, platformAdmin: who.role === 'admin' }, file)) {
      return this.deps.files.adminDelete(actor, name);
    }
    return this.deps.files.withdraw(actor, name, { gid }, async (q) => {
      const marked = await messagesStore.markGroupFileExpired(q, gid, url);
      // Withdrawn from this group already: nothing of it is left here to delete.
      if (marked.length === 0) throw notFound('api.admin.fileNotFound');
      await announceExpired(this.ctx, q, marked);
      return marked.length;
    });
  }
}
