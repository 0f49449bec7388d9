import { z } from 'zod';

/** POST /api/admin/oauth. A blank `clientSecret` keeps the stored one; a blank `clientId` turns the provider off. */
export const oauthConfigBody = z.object({
  clientId: z.string('api.badRequest').trim().max(200, 'api.tooLarge'),
  clientSecret: z.string().trim().max(500, 'api.tooLarge').default(''),
});
export type OAuthConfigBody = z.infer<typeof oauthConfigBody>;

/** GET /api/oauth/github/start. */
export const startQuery = z.object({ mode: z.enum(['login', 'bind'], 'api.oauth.badMode').default('login') });

/** GET /api/oauth/github/callback: what the provider appends to the redirect. */
export const callbackQuery = z.object({
  code: z.string().min(1).max(512).optional(),
  state: z.string().min(1).max(128).optional(),
  /** Set by the provider when the user declined. */
  error: z.string().max(200).optional(),
});
export type CallbackQuery = z.infer<typeof callbackQuery>;
