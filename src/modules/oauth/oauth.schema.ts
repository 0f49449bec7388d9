import { z } from 'zod';
import { millis, okWith } from '../../lib/contract.ts';
import { loginAnswer } from '../auth/auth.schema.ts';

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

// ---- answers ----

export const oauthConfigAnswer = okWith({
  provider: z.literal('github'),
  clientId: z.string().describe('Empty when GitHub login is off'),
  clientSecret: z.string().describe('`********` when a secret is stored, else empty: the secret itself is never shown'),
  hasSecret: z.boolean(),
  enabled: z.boolean().describe('A client id and a secret are stored'),
  callbackUrl: z.string().describe('The authorization callback URL to register at GitHub'),
  canStoreSecret: z.boolean().describe('This node has OAUTH_SECRET_KEY (or its embedded key) to seal a secret with'),
});

export const providersAnswer = okWith({
  providers: z.array(z.object({ id: z.literal('github').describe('The path segment of the provider routes'), name: z.string() })),
});

/** The callback finishes a login (as /api/login answers) or a binding. */
export const callbackAnswer = z.union([
  ...loginAnswer.options,
  okWith({ bound: z.literal('github').describe('The provider now linked'), login: z.string().describe('The GitHub login name') }),
]);

export const linksAnswer = okWith({
  links: z.array(
    z.object({
      provider: z.string().describe('The provider id (`github`)'),
      login: z.string().describe('The account name at the provider'),
      created: millis.describe('When it was linked (ms)'),
    }),
  ),
});
