import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { parseRedisUrl } from '../../src/state/redis-url.ts';

describe('REDIS_URL', () => {
  it('redis:// and rediss:// are one server, handed to ioredis as written', () => {
    expect(parseRedisUrl('redis://:pw@host:6380/2')).toEqual({ kind: 'single', url: 'redis://:pw@host:6380/2' });
    expect(parseRedisUrl('rediss://host')).toEqual({ kind: 'single', url: 'rediss://host' });
  });

  it('redis+sentinel:// names the Sentinels, the master, and optionally a database and passwords', () => {
    expect(parseRedisUrl('redis+sentinel://:s%40cret@s1,s2:26380,[::1]:26381/mymaster/3?sentinelPassword=sp')).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      name: 'mymaster',
      db: 3,
      username: undefined,
      password: 's@cret',
      sentinelPassword: 'sp',
      tls: false,
    });
    expect(parseRedisUrl('rediss+sentinel://u:p@s1/m')).toMatchObject({ kind: 'sentinel', username: 'u', password: 'p', db: 0, tls: true });
  });

  it('redis+cluster:// lists startup nodes (6379 by default)', () => {
    expect(parseRedisUrl('redis+cluster://r1:7000,r2,r3:7002')).toEqual({
      kind: 'cluster',
      nodes: [
        { host: 'r1', port: 7000 },
        { host: 'r2', port: 6379 },
        { host: 'r3', port: 7002 },
      ],
      username: undefined,
      password: undefined,
      tls: false,
    });
  });

  it.each([
    ['http://host', /must look like/],
    ['redis://a:1,b:2', /several hosts/],
    ['redis+sentinel://s1:26379', /master name/],
    ['redis+sentinel://s1/m/x', /database number/],
    ['redis+cluster://r1/0', /one database/],
    ['redis+cluster://r1:99999', /port out of range/],
  ])('refuses %s', (url, message) => {
    expect(() => parseRedisUrl(url)).toThrow(message);
  });

  it('is checked at start, with the reason', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis+sentinel://s1' })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_URL: 'redis+sentinel://s1' })).toThrow(/REDIS_URL: redis\+sentinel:\/\/ needs the master name/);
    expect(loadConfig({ REDIS_URL: 'redis+cluster://a,b' }).redisUrl).toBe('redis+cluster://a,b');
  });
});
