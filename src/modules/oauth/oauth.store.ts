import type { Queryable } from '../../db/index.ts';

export interface ProviderRow {
  provider: string;
  client_id: string;
  /** Sealed (see SecretBox); empty when none was stored. */
  client_secret: string;
  updated: number;
}

export interface LinkRow {
  provider: string;
  subject: string;
  login: string;
  user_id: number;
  created: number;
}

/** SQL for third-party login: provider configuration and account links. */
export const oauthStore = {
  async provider(q: Queryable, provider: string): Promise<ProviderRow | undefined> {
    return (await q.query<ProviderRow>('select * from oauth_providers where provider = $1', [provider]))[0];
  },

  /** Creates or updates; a null secret keeps the stored one. */
  async saveProvider(q: Queryable, p: { provider: string; clientId: string; sealedSecret: string | null; now: number }): Promise<void> {
    await q.query(
      `insert into oauth_providers (provider, client_id, client_secret, updated) values ($1, $2, coalesce($3, ''), $4)
       on conflict (provider) do update
         set client_id = excluded.client_id,
             client_secret = coalesce($3, oauth_providers.client_secret),
             updated = excluded.updated`,
      [p.provider, p.clientId, p.sealedSecret, p.now],
    );
  },

  async deleteProvider(q: Queryable, provider: string): Promise<void> {
    await q.query('delete from oauth_providers where provider = $1', [provider]);
  },

  async linkBySubject(q: Queryable, provider: string, subject: string): Promise<LinkRow | undefined> {
    return (await q.query<LinkRow>('select * from oauth_links where provider = $1 and subject = $2', [provider, subject]))[0];
  },

  async linksOf(q: Queryable, userId: number): Promise<LinkRow[]> {
    return q.query<LinkRow>('select * from oauth_links where user_id = $1 order by provider', [userId]);
  },

  /** Throws UniqueViolation when the provider account or the user's slot for the provider is taken. */
  async insertLink(q: Queryable, l: { provider: string; subject: string; login: string; userId: number; now: number }): Promise<void> {
    await q.query('insert into oauth_links (provider, subject, login, user_id, created) values ($1, $2, $3, $4, $5)', [
      l.provider,
      l.subject,
      l.login,
      l.userId,
      l.now,
    ]);
  },

  async deleteLink(q: Queryable, userId: number, provider: string): Promise<LinkRow | undefined> {
    return (await q.query<LinkRow>('delete from oauth_links where user_id = $1 and provider = $2 returning *', [userId, provider]))[0];
  },
};
