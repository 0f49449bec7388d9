/** Account rules shared by registration, admin user creation and password changes. Pure functions. */

// User names: user-names.ts (NFKC, scripts, confusable skeletons).

const EMAIL_RE = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:".]{2,}$/u;

export const isValidEmail = (email: string): boolean => email.length <= 190 && EMAIL_RE.test(email);

/** Passwords people pick first; refusing them costs nothing and stops the cheapest guesses. */
const COMMON_PASSWORDS = new Set([
  'password1', 'password12', 'password123', 'password1234', 'passw0rd', 'p@ssw0rd', 'qwerty123', 'qwerty1234',
  'qwertyuiop1', 'abc12345', 'abcd1234', 'abcdef12', 'abc123456', '1qaz2wsx', '1q2w3e4r', '1q2w3e4r5t', 'zaq12wsx',
  'iloveyou1', 'admin123', 'admin1234', 'administrator1', 'welcome1', 'welcome123', 'letmein1', 'monkey123',
  'dragon123', 'football1', 'baseball1', 'sunshine1', 'princess1', 'superman1', 'trustno1', 'master123',
  'changeme1', 'secret123', 'test1234', 'testtest1', 'a1234567', 'a12345678', 'aa123456', 'asdf1234',
  'asdfgh123', 'qwe12345', 'qweasd123', 'q1w2e3r4', 'passwort1', 'chat12345', 'user12345',
]);

/** 8–128 characters, at least one letter and one digit, not a common password. */
export function isStrongPassword(pw: string): boolean {
  if (pw.length < 8 || pw.length > 128) return false;
  if (!/\p{L}/u.test(pw) || !/\p{Nd}/u.test(pw)) return false;
  return !COMMON_PASSWORDS.has(pw.toLowerCase());
}

/** Avatar of a user: a path of a file uploaded to this server (`/uploads/<name>.<ext>`), or empty to clear. */
export const isUploadPath = (p: string): boolean => /^\/uploads\/[0-9a-f]{8,64}\.[a-z0-9]{1,10}$/.test(p);
