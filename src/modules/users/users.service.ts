import type { AppContext } from '../../context.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors.ts';
import type { Identity } from '../../identity.ts';
import type { PresenceService } from '../../realtime/presence.ts';
import type { FileUse, FileUser } from '../uploads/uploads.policy.ts';
import { isUploadPath } from './users.policy.ts';
import { likePattern } from '../../lib/fields.ts';
import type { Profile, ProfileUpdate, SettingsUpdate, UserEntry, UsersQuery } from './users.schema.ts';
import { type ActivePenalty, type UserListRow, type UserRow, usersStore } from './users.store.ts';

export type AccountSnapshot = UserRow & { active_penalties: ActivePenalty[] };

export type { Profile } from './users.schema.ts';

/** An entry of a list of people (spec 2.9): `image` is the avatar; `nickname` is additive. */
export type UserListEntry = UserEntry;

const toProfile = (u: UserRow): Profile => ({
  name: u.name,
  nickname: u.nickname,
  signature: u.signature,
  avatar: u.avatar,
});

/** What the users module needs to know about uploaded files (implemented by FilesService). */
export interface AvatarFiles {
  /**
   * Whether `user` may make `url` an avatar: `missing` unless it is `/uploads/<name>` of a live
   * image stored here, `notYours` unless they uploaded it (platform administrators may use any).
   */
  avatarUse(user: FileUser, url: string): Promise<FileUse>;
  /** The same for an absolute URL that may name an upload here (a group avatar): `ok` when it names none. */
  linkedAvatarUse(user: FileUser, link: string): Promise<FileUse>;
}

/**
 * The avatar rule of a profile (and of `admin/user/image`): an image uploaded here that still
 * exists (400 `api.profile.badAvatar`) and that `user` uploaded (403 `api.file.notYours`).
 * An empty string clears the avatar.
 */
export async function checkAvatar(files: AvatarFiles, user: FileUser, avatar: string): Promise<void> {
  if (avatar === '') return;
  const use = isUploadPath(avatar) ? await files.avatarUse(user, avatar) : 'missing';
  if (use === 'missing') throw badRequest('api.profile.badAvatar');
  if (use === 'notYours') throw forbidden('api.file.notYours');
}

/** The current user, profiles and settings. */
export class UsersService {
  constructor(
    private readonly ctx: AppContext,
    private readonly presence: PresenceService,
    private readonly files: AvatarFiles,
  ) {}

  /**
   * The account row with its penalties in force, from the per-node snapshot
   * cache when fresh (dropped on every node by `identities.invalidateUser`).
   */
  async account(userId: number): Promise<AccountSnapshot> {
    const u = await this.ctx.identities.account(userId, () => usersStore.withActivePenalties(this.ctx.db, userId, this.ctx.clock.now()));
    if (!u) throw notFound('api.user.notFound');
    return u;
  }

  /** Penalties of a snapshot still in force now (warnings are records, not restrictions). */
  effectivePenalties(account: AccountSnapshot): ActivePenalty[] {
    const now = this.ctx.clock.now();
    return account.active_penalties.filter((p) => p.action !== 'warning' && (p.expires === null || p.expires > now));
  }

  /** GET /api/me (spec 2.2). */
  async me(who: Identity) {
    const [u, self] = await Promise.all([this.account(who.userId), this.presence.self(who.userId)]);
    return {
      username: u.name,
      role: u.role,
      online: self.online,
      platforms: self.platforms,
      penalties: this.effectivePenalties(u).length,
      mustChange: u.must_change,
      twofa: u.totp_secret !== null,
      profile: toProfile(u),
    };
  }

  async profile(who: Identity, name: string | undefined): Promise<Profile> {
    const u = name === undefined ? await usersStore.byId(this.ctx.db, who.userId) : await usersStore.byName(this.ctx.db, name);
    if (!u || (u.status !== 'active' && u.id !== who.userId)) throw notFound('api.user.notFound');
    return toProfile(u);
  }

  async updateProfile(who: Identity, p: ProfileUpdate): Promise<void> {
    if (p.avatar !== undefined) await checkAvatar(this.files, { userId: who.userId, platformAdmin: who.role === 'admin' }, p.avatar);
    await usersStore.updateProfile(this.ctx.db, who.userId, {
      nickname: p.nickname?.trim(),
      signature: p.signature,
      avatar: p.avatar,
    });
    await this.ctx.identities.invalidateUser(who.userId);
  }

  /**
   * A group avatar is any http(s) URL (spec 4.4), but one naming an upload here keeps that file
   * from expiring and from deletion like a profile's: it must be an upload of `who` (403
   * `api.file.notYours`). A URL naming no live upload here is not checked.
   */
  async checkLinkedAvatar(who: Identity, link: string): Promise<void> {
    if ((await this.files.linkedAvatarUse({ userId: who.userId, platformAdmin: who.role === 'admin' }, link)) === 'notYours') {
      throw forbidden('api.file.notYours');
    }
  }

  async settings(who: Identity) {
    const u = await usersStore.byId(this.ctx.db, who.userId);
    if (!u) throw notFound('api.user.notFound');
    return { invisible: u.invisible, away: u.away, lang: u.lang, allowInvite: u.allow_invite, readReceipts: u.read_receipts };
  }

  async updateSettings(who: Identity, s: SettingsUpdate): Promise<void> {
    await usersStore.updateSettings(this.ctx.db, who.userId, s);
    await this.ctx.identities.invalidateUser(who.userId);
    if (s.invisible !== undefined || s.away !== undefined) {
      const u = await usersStore.byId(this.ctx.db, who.userId);
      // A connected user sees the new defaults applied at once.
      if (u) await this.presence.setStatus({ id: u.id, name: u.name }, { invisible: u.invisible, away: u.away });
    }
  }

  /** GET /api/users: active accounts matching `q` in name or nickname, by name, one page. */
  async list(query: UsersQuery): Promise<UserListEntry[]> {
    const rows = await usersStore.searchActive(this.ctx.db, likePattern(query.q), query.limit, query.offset);
    const online = await this.onlineOf(rows);
    return rows.map((u) => this.entry(u, online));
  }

  /** Whether each user appears online to others, in one round trip to the presence store for the whole list. */
  async onlineOf(rows: readonly UserListRow[]): Promise<Map<number, boolean>> {
    const views = await this.presence.view(rows);
    return new Map(rows.map((u) => [u.id, views.get(u.id)?.online ?? false]));
  }

  /** The list entry of a row, given `onlineOf` of its list. */
  entry(u: UserListRow, online: ReadonlyMap<number, boolean>): UserListEntry {
    return { name: u.name, online: online.get(u.id) ?? false, image: u.avatar, nickname: u.nickname };
  }

  /** Looks up an active account by name (404 `api.user.notFound` otherwise). */
  async activeByName(name: string): Promise<UserRow> {
    const u = await usersStore.byName(this.ctx.db, name);
    if (u?.status !== 'active') throw new AppError(404, 'api.user.notFound');
    return u;
  }
}
