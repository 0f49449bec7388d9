import { z } from 'zod';
import { okWith } from '../../lib/contract.ts';

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

// ---- answers ----

/** A login that opened a session (the `chat_token` cookie is set). */
const loggedIn = okWith({
  username: z.string().describe('The account name as stored (the login may have typed another case or a look-alike)'),
  mustChange: z.boolean().describe('The password must be changed before anything else (an administrator reset it)'),
  token: z.string().optional().describe('The session token; only when the request asked with `token: true`'),
});

/** A 2FA account's password was right: no session yet, the code goes to /api/twofa/verify with this challenge. */
const twofaChallenge = okWith({
  need2fa: z.literal(true),
  challenge: z.string().describe('Hex string to send to /api/twofa/verify, valid 5 minutes'),
});

/** POST /api/login and the third-party login callback (spec 2.1). */
export const loginAnswer = z.union([loggedIn, twofaChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** POST /api/twofa/verify: always a session. */
export const twofaVerifyAnswer = loggedIn;

export const registerAnswer = okWith({
  message: z.literal('api.register.submitted').describe('i18n key of the confirmation'),
});

export const setupStateAnswer = okWith({ needed: z.boolean().describe('No administrator exists yet: POST /api/setup creates one') });

export const setupAnswer = okWith({ name: z.string().describe('The administrator created, as stored') });

export const twofaSetupAnswer = okWith({
  secret: z.string().describe('Base32 TOTP secret; send it back with /api/twofa/enable'),
  otpauth: z.string().describe('`otpauth://totp/...` provisioning URI (for a QR code)'),
});
