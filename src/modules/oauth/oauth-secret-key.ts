import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';

/** Where embedded mode keeps the key it generated, beside the database it protects. */
export const OAUTH_KEY_FILE = 'oauth-secret-key';

/**
 * The passphrase OAuth client secrets are sealed under. OAUTH_SECRET_KEY when
 * set. Otherwise, in embedded mode, a random key generated once into
 * `DATA_DIR/oauth-secret-key` (mode 600) and read back on every later start,
 * so an administrator can configure GitHub login with no setup. A cluster has
 * no shared directory to keep one in: its nodes must all be given the same
 * OAUTH_SECRET_KEY, and without it no secret can be stored.
 */
export function oauthSecretKey(config: Pick<Config, 'mode' | 'dataDir' | 'oauth'>, log: Logger): string | undefined {
  if (config.oauth.secretKey !== undefined) return config.oauth.secretKey;
  if (config.mode === 'cluster') {
    log.info('OAUTH_SECRET_KEY is unset: GitHub login cannot be configured until every node is given the same OAUTH_SECRET_KEY');
    return undefined;
  }
  const file = path.join(config.dataDir, OAUTH_KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  const fresh = randomBytes(32).toString('base64url');
  try {
    // 'wx': never overwrite a key another start wrote; the secrets sealed under it would be lost.
    const fd = openSync(file, 'wx', 0o600);
    try {
      writeSync(fd, `${fresh}\n`);
    } finally {
      closeSync(fd);
    }
    log.info({ file }, 'generated OAUTH_SECRET_KEY into the data directory (back it up with the data)');
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < 16) throw new Error(`${file} does not hold a key (at least 16 characters): restore it, or delete it to generate a new one (stored OAuth secrets must then be entered again)`);
  if (statSync(file).mode & 0o077) log.warn({ file }, 'the OAuth key file is readable by other users: chmod 600 it');
  return key;
}
