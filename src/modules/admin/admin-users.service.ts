import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound, UniqueViolation } from '../../errors.ts';
import type { Role } from '../../identity.ts';
import { type Actor, audit } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { PenaltiesService } from '../moderation/penalties.service.ts';
import { parseUserName } from '../users/user-names.ts';
import { isStrongPassword } from '../users/users.policy.ts';
import { type AvatarFiles, checkAvatar } from '../users/users.service.ts';
import { type UserRow, usersStore } from '../users/users.store.ts';
import { adminStore } from './admin.store.ts';
import type { UsersQuery } from './admin.schema.ts';

/**
 * User administration: list, create, rename, avatar, password reset, role,
 * deletion. Every change is audited in its transaction; caches are dropped and
 * sockets told after commit.
 */
export class AdminUsersService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { auth: AuthService; penalties: PenaltiesService; files: AvatarFiles },
  ) {}

  /** GET /api/admin/users. */
  async list(query: UsersQuery) {
    return adminStore.listUsers(this.ctx.db, { ...query, now: this.ctx.clock.now() });
  }

  private async byName(name: string): Promise<UserRow> {
    const user = await usersStore.byName(this.ctx.db, name);
    if (!user) throw notFound('api.user.notFound');
    return user;
  }

  /** POST /api/admin/user/add: an active account at once. */
  async add(actor: Actor, name: string, password: string): Promise<string> {
    return this.ctx.db.tx(async (q) => {
      const user = await this.deps.auth.createAccount({ name, password, role: 'user', status: 'active' });
      await audit(q, {
        actor,
        action: 'user.add',
        target: user.name,
        detail: { k: 'api.audit.userAdd', v: { user: user.name } },
        ts: this.ctx.clock.now(),
      });
      return user.name;
    });
  }

  /** POST /api/admin/user/image. */
  async setImage(actor: Actor, name: string, image: string): Promise<void> {
    // A profile's avatar rule for an administrator: any image uploaded here that still exists.
    await checkAvatar(this.deps.files, { userId: actor.id ?? 0, platformAdmin: true }, image);
    const user = await this.byName(name);
    await this.ctx.db.tx(async (q) => {
      await adminStore.setAvatar(q, user.id, image);
      await audit(q, {
        actor,
        action: 'user.image',
        target: user.name,
        detail: { k: 'api.audit.userImage', v: { user: user.name, image } },
        ts: this.ctx.clock.now(),
      });
    });
    await this.ctx.identities.invalidateUser(user.id);
  }

  /**
   * POST /api/admin/user/rename. Everything refers to users by id, so this is
   * one UPDATE. Sessions and keys stay valid; live connections end
   * (`logged.out {reason:'renamed'}`): they acted under the old name, which
   * someone else may now register. A new connection carries the new name.
   */
  async rename(actor: Actor, name: string, newName: string): Promise<void> {
    const parsed = parseUserName(newName);
    if (!parsed) throw badRequest('api.register.badName');
    const wanted = parsed.name;
    const user = await this.byName(name);
    // A look-alike of another account is taken; the user's own skeleton is not (`bob` → `Bob`).
    if (await usersStore.skeletonTaken(this.ctx.db, parsed.skeleton, user.id)) throw conflict('api.user.nameTaken');
    try {
      await this.ctx.db.tx(async (q) => {
        await adminStore.rename(q, user.id, wanted, parsed.skeleton);
        await audit(q, {
          actor,
          action: 'user.rename',
          target: user.name,
          detail: { k: 'api.audit.userRename', v: { user: user.name, newName: wanted } },
          ts: this.ctx.clock.now(),
        });
      });
    } catch (err) {
      if (err instanceof UniqueViolation) throw conflict('api.user.nameTaken');
      throw err;
    }
    await this.ctx.identities.invalidateUser(user.id);
    await this.ctx.notifier.disconnectUser(user.id, 'renamed');
  }

  /** POST /api/admin/user/pass: a new password the user must change at next login; every session ends. */
  async resetPassword(actor: Actor, name: string, password: string): Promise<void> {
    if (!isStrongPassword(password)) throw badRequest('api.register.weakPassword');
    const user = await this.byName(name);
    const hash = await hashPassword(password);
    await this.ctx.db.tx(async (q) => {
      await usersStore.setPassword(q, user.id, hash, true);
      await audit(q, {
        actor,
        action: 'user.pass',
        target: user.name,
        detail: { k: 'api.audit.userPass', v: { user: user.name } },
        ts: this.ctx.clock.now(),
      });
    });
    await this.deps.auth.revokeSessions(user.id);
    await this.ctx.notifier.disconnectUser(user.id, 'password');
  }

  /** POST /api/admin/user/role: grant or remove administrator; the last usable administrator stays (409). */
  async setRole(actor: Actor, name: string, role: Role): Promise<void> {
    const user = await this.byName(name);
    if (user.role === role) return;
    await this.ctx.db.tx(async (q) => {
      await adminStore.lockAdmins(q);
      if (role === 'user' && !(await adminStore.otherActiveAdminExists(q, user.id, this.ctx.clock.now()))) {
        throw conflict('api.admin.lastAdmin');
      }
      await adminStore.setRole(q, user.id, role);
      await audit(q, {
        actor,
        action: 'user.role',
        target: user.name,
        detail: { k: 'api.audit.userRole', v: { user: user.name, role } },
        ts: this.ctx.clock.now(),
      });
    });
    await this.ctx.identities.invalidateUser(user.id);
    this.ctx.notifier.accountChanged(user.id, { name: user.name, role });
  }

  /**
   * POST /api/admin/user/del, in one transaction: the modules' `beforeUserDelete`
   * hooks (groups, messages...), then the row, whose references cascade. The
   * last usable administrator cannot be deleted (409).
   */
  async remove(actor: Actor, name: string): Promise<void> {
    const user = await this.byName(name);
    const { afterHooks, hadIpBan } = await this.ctx.db.tx(async (q) => {
      await adminStore.lockAdmins(q);
      if (user.role === 'admin' && !(await adminStore.otherActiveAdminExists(q, user.id, this.ctx.clock.now()))) {
        throw conflict('api.admin.lastAdmin');
      }
      const afterHooks: Array<() => void | Promise<void>> = [];
      for (const hook of this.ctx.hooks.beforeUserDelete) {
        const after = await hook(q, user.id);
        if (after) afterHooks.push(after);
      }
      const hadIpBan = await adminStore.hasIpBan(q, user.id);
      // Written before the row goes: an administrator deleting themselves is still a valid actor id here.
      await audit(q, {
        actor,
        action: 'user.del',
        target: user.name,
        detail: { k: 'api.audit.userDel', v: { user: user.name } },
        ts: this.ctx.clock.now(),
      });
      await adminStore.deleteUser(q, user.id);
      return { afterHooks, hadIpBan };
    });
    await this.ctx.identities.invalidateUser(user.id);
    await this.ctx.notifier.disconnectUser(user.id, 'deleted');
    // The user's penalties went with the row, ip bans included.
    if (hadIpBan) await this.deps.penalties.ipBans.changed();
    for (const after of afterHooks) {
      try {
        await after();
      } catch (err) {
        this.ctx.log.error({ err, userId: user.id }, 'after-delete hook failed');
      }
    }
  }
}
