import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARS, loadConfig } from '../../src/config.ts';

/**
 * docker-compose.yml cannot be run on this machine (no Docker engine), so this
 * checks what `docker compose config` would resolve: the services, and that the
 * app's variables agree with the Postgres, Redis and MinIO services.
 */

/** Compose interpolation with an empty environment: `${X:-default}` and `${X-default}` give the default, `$$` is `$`. */
function interpolate(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\$|\$\{([A-Za-z_]\w*)(?::?([-?+])([^}]*))?\}/g, (whole, _name, op, arg) => {
      if (whole === '$$') return '$';
      if (op === '?') throw new Error(`${whole} requires a value`);
      return op === '-' ? arg : '';
    });
  }
  if (Array.isArray(value)) return value.map(interpolate);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v)]));
  return value;
}

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
  ports?: string[];
  container_name?: string;
}

const compose = interpolate(parse(readFileSync('docker-compose.yml', 'utf8'), { merge: true })) as {
  services: Record<string, Service>;
};
const services = compose.services;
const svc = (name: string): Service => {
  const s = services[name];
  if (!s) throw new Error(`service ${name} missing`);
  return s;
};
const env = (name: string): Record<string, string> => svc(name).environment ?? {};
const APP_SERVICES = ['app1', 'app2', 'worker'];
const nginxConf = readFileSync('infra/nginx.conf', 'utf8');

describe('docker-compose.yml', () => {
  it('has the infrastructure, two app nodes, a worker and the balancer', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'minio', 'minio-init', 'nginx', 'postgres', 'redis', 'worker']);
    expect(env('app1').ROLES).toBe('api,realtime');
    expect(env('app2').ROLES).toBe('api,realtime');
    expect(env('worker').ROLES).toBe('worker');
    expect(svc('worker').command).toEqual(['npm', 'run', 'worker']);
  });

  it('keeps the worker scalable: no fixed name and no published port', () => {
    expect(svc('worker').container_name).toBeUndefined();
    expect(svc('worker').ports).toBeUndefined();
  });

  it('publishes only nginx', () => {
    const published = Object.entries(services).filter(([, s]) => s.ports?.length).map(([n]) => n);
    expect(published).toEqual(['nginx']);
  });

  it('gives the app nodes a DATABASE_URL that matches the postgres service', () => {
    const pg = env('postgres');
    for (const name of APP_SERVICES) {
      const url = new URL(env(name).DATABASE_URL ?? '');
      expect(url.protocol, name).toBe('postgres:');
      expect(url.hostname, name).toBe('postgres');
      expect(url.port || '5432', name).toBe('5432');
      expect(decodeURIComponent(url.username), name).toBe(pg.POSTGRES_USER);
      expect(decodeURIComponent(url.password), name).toBe(pg.POSTGRES_PASSWORD);
      expect(url.pathname, name).toBe(`/${pg.POSTGRES_DB}`);
    }
  });

  it('gives the app nodes a REDIS_URL that points at the redis service', () => {
    for (const name of APP_SERVICES) {
      const url = new URL(env(name).REDIS_URL ?? '');
      expect(url.hostname, name).toBe('redis');
      expect(url.port || '6379', name).toBe('6379');
    }
  });

  it('gives the app nodes S3 settings that the MinIO services create', () => {
    const init = env('minio-init');
    expect(init.MINIO_ROOT_USER).toBe(env('minio').MINIO_ROOT_USER);
    expect(init.MINIO_ROOT_PASSWORD).toBe(env('minio').MINIO_ROOT_PASSWORD);
    expect(new URL(init.MINIO_URL ?? '').hostname).toBe('minio');
    for (const name of APP_SERVICES) {
      const e = env(name);
      const endpoint = new URL(e.S3_ENDPOINT ?? '');
      expect(endpoint.hostname, name).toBe('minio');
      expect(endpoint.port, name).toBe('9000');
      expect(e.S3_BUCKET, name).toBe(init.S3_BUCKET);
      expect(e.S3_ACCESS_KEY, name).toBe(init.S3_ACCESS_KEY);
      expect(e.S3_SECRET_KEY, name).toBe(init.S3_SECRET_KEY);
    }
    expect(svc('minio-init').restart).toBe('no');
  });

  it('passes the app only variables that src/config.ts knows, with values it accepts', () => {
    const known = new Set(CONFIG_VARS);
    for (const name of APP_SERVICES) {
      const e = env(name);
      expect(Object.keys(e).filter((k) => !known.has(k)), name).toEqual([]);
      const config = loadConfig(e);
      expect(config.mode, name).toBe('cluster');
      expect(config.host, name).toBe('0.0.0.0');
    }
  });

  it('starts the app after its dependencies are healthy and the bucket exists', () => {
    for (const name of APP_SERVICES) {
      expect(svc(name).depends_on, name).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        'minio-init': { condition: 'service_completed_successfully' },
      });
    }
  });

  it('starts nginx after both app nodes, and routes to exactly them', () => {
    const deps = svc('nginx').depends_on ?? {};
    expect(deps.app1?.condition).toBe('service_healthy');
    expect(deps.app2?.condition).toBe('service_healthy');
    const upstream = [...nginxConf.matchAll(/^\s*server\s+([\w.-]+):(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(upstream.sort()).toEqual(['app1', 'app2'].map((n) => `${n}:${env(n).PORT}`));
  });

  it('gives every long-running service a health check and a restart policy', () => {
    for (const [name, s] of Object.entries(services)) {
      if (name === 'minio-init') continue;
      expect(s.healthcheck?.test, name).toBeDefined();
      expect(s.restart, name).toBe('unless-stopped');
    }
    expect(svc('app1').healthcheck?.test.join(' ')).toContain('/api/ready');
  });
});

describe('infra/nginx.conf', () => {
  const location = (path: string) => {
    const m = nginxConf.match(new RegExp(`location ${path.replace(/\//g, '\\/')} \\{([^}]*)\\}`));
    return m?.[1] ?? '';
  };

  it('upgrades WebSocket handshakes on /ws/', () => {
    expect(location('/ws/')).toMatch(/proxy_pass http:\/\/chat_nodes;/);
    expect(nginxConf).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(nginxConf).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
  });

  it('sets proxy headers only at server level (a location setting one would drop the rest)', () => {
    const locations = [...nginxConf.matchAll(/location [^{]+\{([^}]*)\}/g)].map((m) => m[1] ?? '');
    expect(locations.length).toBeGreaterThan(2);
    for (const body of locations) expect(body).not.toContain('proxy_set_header');
  });

  it('forwards the client address the way TRUST_PROXY=1 expects', () => {
    expect(nginxConf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(env('app1').TRUST_PROXY).toBe('1');
  });

  it('accepts a 5 MB chunk with its multipart framing', () => {
    const sizes = [...nginxConf.matchAll(/client_max_body_size (\d+)([km]);/g)].map(
      (m) => Number(m[1]) * (m[2] === 'm' ? 1024 * 1024 : 1024),
    );
    expect(sizes.length).toBeGreaterThan(0);
    for (const s of sizes) expect(s).toBeGreaterThan(5 * 1024 * 1024);
  });

  it('keeps /metrics off the public entry point', () => {
    expect(nginxConf).toMatch(/location = \/metrics \{\s*return 404;/);
  });
});

describe('infra/Dockerfile', () => {
  const dockerfile = readFileSync('infra/Dockerfile', 'utf8');

  it('is multi-stage and runs as a non-root user', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThan(1);
    const user = dockerfile.match(/^USER (\S+)/m)?.[1];
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)$/);
  });
});
