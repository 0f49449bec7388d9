import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, isPlaceholderSecret, loadConfig } from '../../src/config.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'chat-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const secretFile = (name: string, content: string): string => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};
const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('secrets from files (<NAME>_FILE)', () => {
  it('reads the value from the file, without its trailing newline', () => {
    const config = loadConfig({
      DATABASE_URL_FILE: secretFile('db', 'postgres://chat:pw@db:5432/chat\n'),
      OAUTH_SECRET_KEY_FILE: secretFile('oauth', 'a-real-passphrase-of-some-length\n'),
      S3_ENDPOINT: 'http://s3:9000',
      S3_BUCKET: 'b',
      S3_SECRET_KEY_FILE: secretFile('s3', 'line one\n'),
    });
    expect(config.mode).toBe('cluster');
    expect(config.databaseUrl).toBe('postgres://chat:pw@db:5432/chat');
    expect(config.oauth.secretKey).toBe('a-real-passphrase-of-some-length');
    expect(config.s3?.secretAccessKey).toBe('line one');
  });

  it('refuses a variable set both ways, and a file it cannot read, listing both', () => {
    const found = problems({
      ADMIN_USER: 'root',
      ADMIN_PASSWORD: 'x-strong-one-1',
      ADMIN_PASSWORD_FILE: secretFile('admin', 'other'),
      METRICS_TOKEN_FILE: path.join(dir, 'missing'),
    });
    expect(found).toEqual([
      'ADMIN_PASSWORD and ADMIN_PASSWORD_FILE are both set: keep one',
      expect.stringMatching(/^METRICS_TOKEN_FILE: cannot read .*missing \(ENOENT\)$/),
    ]);
  });
});

describe('placeholder secrets', () => {
  const shipped = {
    DATABASE_URL: 'postgres://chat:change-me-postgres@postgres:5432/chat',
    S3_ENDPOINT: 'http://garage:3900',
    S3_BUCKET: 'chat-uploads',
    S3_ACCESS_KEY: 'GK000000000000000000000000',
    S3_SECRET_KEY: '0'.repeat(64),
    METRICS_TOKEN: 'a-real-token-1234',
  };

  it('recognises the shipped values and nothing else', () => {
    expect(['change-me-postgres', 'CHANGE-ME', '0'.repeat(64)].every(isPlaceholderSecret)).toBe(true);
    expect(['s3cr3t-e4f1', 'a0'.repeat(32), 'exchange-meters'].some(isPlaceholderSecret)).toBe(false);
  });

  it('stop a production node, naming each setting (a URL by its password)', () => {
    expect(problems({ ...shipped, NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^DATABASE_URL, S3_SECRET_KEY: still the placeholder/),
    ]);
  });

  it('are allowed in production with ALLOW_PLACEHOLDER_SECRETS=true, and outside production, and reported', () => {
    for (const env of [{ NODE_ENV: 'production', ALLOW_PLACEHOLDER_SECRETS: 'true' }, { NODE_ENV: 'development' }, {}]) {
      expect(loadConfig({ ...shipped, ...env }).placeholderSecrets).toEqual(['DATABASE_URL', 'S3_SECRET_KEY']);
    }
  });

  it('are not reported once replaced', () => {
    const real = { ...shipped, DATABASE_URL: 'postgres://chat:Vb3-real@postgres:5432/chat', S3_SECRET_KEY: 'ab'.repeat(32) };
    expect(loadConfig({ ...real, NODE_ENV: 'production' }).placeholderSecrets).toEqual([]);
  });
});

describe('empty values', () => {
  it('count as unset, so the defaults apply (compose passes an empty value for an unset variable)', () => {
    const config = loadConfig({ SESSION_DAYS: '', FILE_TTL_DAYS: ' ', PORT: '', WS_POLLING: '', OAUTH_GITHUB_API_URL: '', REGISTRATION: '' });
    expect([config.sessionDays, config.fileTtlDays, config.port, config.wsPolling, config.registration]).toEqual([30, 15, 3000, false, 'approval']);
    expect(config.oauth.github.apiUrl).toBe('https://api.github.com');
  });
});
