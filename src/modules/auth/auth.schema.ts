import { z } from 'zod';

// Lengths are capped generously here; the policy functions give the precise verdict.

export const registerBody = z.object({
  name: z.string().max(64, 'api.register.badName'),
  password: z.string().max(256, 'api.register.weakPassword'),
  email: z.string().max(256, 'api.register.badEmail'),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** Native clients (no cookie jar): `token: true` puts the session token in the answer too. */
const wantToken = z.boolean().optional().describe('Also answer the session token (`token`), for `Authorization: Bearer` and the socket `auth.token`');

export const loginBody = z.object({
  username: z.string().max(256),
  password: z.string().max(1024),
  token: wantToken,
});
export type LoginBody = z.infer<typeof loginBody>;

export const twofaVerifyBody = z.object({
  code: z.string().regex(/^\d{6}$/, 'api.twofa.badCode'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/, 'api.twofa.badChallenge'),
  token: wantToken,
});

/** `secret`, when sent, must be the one `twofa/setup` returned. */
export const twofaEnableBody = z.object({
  code: z.string().regex(/^\d{6}$/, 'api.twofa.badCode'),
  secret: z.string().max(128).optional(),
});

export const twofaDisableBody = z.object({
  code: z.string().regex(/^\d{6}$/, 'api.twofa.badCode'),
});

export const setupBody = z.object({
  name: z.string().max(64, 'api.register.badName'),
  password: z.string().max(256, 'api.register.weakPassword'),
  email: z.string().max(256).optional(),
  token: z.string().max(256).optional(),
});
