import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import proxyAddr from 'proxy-addr';
import { describe, expect, it } from 'vitest';
import { parse, type YAMLMap, type YAMLSeq } from 'yaml';
import { ConfigError, loadConfig, SETTING_VARS } from '../../src/config.ts';

/**
 * No Docker engine runs here, so this checks what `docker compose config` would:
 * docker-compose.yml and the TLS overlay against the Compose Specification's JSON
 * schema (test/fixtures/compose-spec.json, vendored), then the services, that the
 * app receives every setting of src/config.ts and that they agree with the
 * Postgres, Redis and Garage services, and the essentials of nginx, Caddy and the
 * Dockerfile.
 */

type Env = Record<string, string>;

/** `!reset` (Compose 2.24+): in an overlay, the value replaces the base's instead of merging. */
class Reset {
  constructor(readonly value: unknown) {}
}
const resetTags = (['seq', 'map'] as const).map((collection) => ({
  tag: '!reset',
  collection,
  resolve: (node: YAMLMap.Parsed | YAMLSeq.Parsed) => new Reset(node.toJSON()),
}));

const read = (file: string) => readFileSync(file, 'utf8');
const load = (file: string): unknown => parse(read(file), { merge: true, customTags: resetTags });

/** Compose interpolation: `${X}`, `${X:-d}`, `${X-d}`, `${X:?err}`, `${X?err}`, `${X:+r}`, `${X+r}`, `$$`. */
function interpolate(value: unknown, env: Env): unknown {
  if (typeof value === 'string') {
    return value.replace(/\$\$|\$\{([A-Za-z_]\w*)(?:(:?)([-?+])([^}]*))?\}/g, (whole, name: string, colon: string, op: string, arg: string) => {
      if (whole === '$$') return '$';
      const v = env[name];
      const missing = v === undefined || (colon === ':' && v === '');
      if (op === '-') return missing ? arg : v!;
      if (op === '?') {
        if (missing) throw new Error(`${name}: ${arg}`);
        return v!;
      }
      if (op === '+') return missing ? '' : arg;
      return v ?? '';
    });
  }
  if (value instanceof Reset) return new Reset(interpolate(value.value, env));
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)]));
  return value;
}

/** The document as Compose reads one file: `!reset` values are plain values. */
function unwrap(value: unknown): unknown {
  if (value instanceof Reset) return unwrap(value.value);
  if (Array.isArray(value)) return value.map(unwrap);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrap(v)]));
  return value;
}

/** Compose's merge of an overlay into a base: mappings merge, `!reset` replaces, commands replace, other sequences append. */
function merge(base: unknown, overlay: unknown, key = ''): unknown {
  if (overlay instanceof Reset) return unwrap(overlay);
  if (Array.isArray(base) && Array.isArray(overlay)) {
    return ['command', 'entrypoint', 'test'].includes(key) ? overlay : [...new Set([...base, ...overlay])];
  }
  if (base && overlay && typeof base === 'object' && typeof overlay === 'object' && !Array.isArray(base) && !Array.isArray(overlay)) {
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
    for (const [k, v] of Object.entries(overlay)) out[k] = k in out ? merge(out[k], v, k) : unwrap(v);
    return out;
  }
  return unwrap(overlay);
}

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Env;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
  ports?: string[];
  volumes?: string[];
  container_name?: string;
  deploy?: { replicas?: number };
}
interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

/** What .env provides in a real deployment: every secret replaced. */
const REAL_ENV: Env = {
  POSTGRES_PASSWORD: 'Zq3-db-password',
  GARAGE_RPC_SECRET: '7c'.repeat(32),
  S3_ACCESS_KEY: `GK${'a1'.repeat(12)}`,
  S3_SECRET_KEY: '3f'.repeat(32),
  DOMAIN: 'chat.example.com',
};

const compose = (env: Env = {}) => unwrap(interpolate(load('docker-compose.yml'), env)) as ComposeFile;
const tlsOverlay = (env: Env) => interpolate(load('docker-compose.tls.yml'), env);
const withTls = (env: Env) => merge(interpolate(load('docker-compose.yml'), env), tlsOverlay(env)) as ComposeFile;

const services = compose().services;
const svc = (name: string, file: ComposeFile = compose()): Service => {
  const s = file.services[name];
  if (!s) throw new Error(`service ${name} missing`);
  return s;
};
const env = (name: string, file?: ComposeFile): Env => svc(name, file).environment ?? {};
const APP_SERVICES = ['app', 'worker'];
const nginxConf = read('infra/nginx.conf');
const garageToml = read('infra/garage.toml');

describe('the Compose files against the Compose Specification schema', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  // The vendored schema names its draft by an https URL Ajv does not know; it is draft-07.
  const { $schema: _draft, ...schema } = JSON.parse(read('test/fixtures/compose-spec.json'));
  const validate = ajv.compile(schema);
  const errors = (doc: unknown) => (validate(doc) ? [] : validate.errors);

  it.each([
    ['docker-compose.yml', () => compose()],
    ['docker-compose.tls.yml', () => unwrap(tlsOverlay(REAL_ENV))],
    ['both, merged', () => withTls(REAL_ENV)],
  ])('%s is valid', (_name, doc) => {
    expect(errors(doc())).toEqual([]);
  });

  it('catches a mistake (the validation is not vacuous)', () => {
    const broken = structuredClone(compose()) as unknown as { services: Record<string, Record<string, unknown>> };
    broken.services.app!.restart_policy = 'always';
    broken.services.nginx!.ports = '8080:80';
    expect(errors(broken)?.map((e) => e.instancePath)).toEqual(expect.arrayContaining(['/services/app', '/services/nginx/ports']));
  });
});

describe('docker-compose.yml', () => {
  it('has the infrastructure, one app service, a worker and the balancer', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'garage', 'nginx', 'postgres', 'redis', 'worker']);
    expect(env('app').ROLES).toBe('api,realtime');
    expect(env('worker').ROLES).toBe('worker');
    expect(svc('worker').command).toEqual(['dist/worker.js']);
  });

  it('pins every image to a version (no :latest, no untagged image, nothing from minio)', () => {
    const images = Object.values(withTls(REAL_ENV).services).map((s) => s.image ?? '');
    for (const image of images) {
      expect(image, image).toMatch(/^[\w./-]+:[\w.-]+$/);
      expect(image, image).not.toMatch(/:latest$|minio/);
    }
    // The S3 server's metadata format belongs to its release: an exact version, not a line.
    expect(svc('garage').image).toMatch(/^dxflrs\/garage:v\d+\.\d+\.\d+$/);
  });

  it('scales the app and the worker: no fixed name, no published port', () => {
    for (const name of APP_SERVICES) {
      expect(svc(name).container_name, name).toBeUndefined();
      expect(svc(name).ports, name).toBeUndefined();
    }
    expect(svc('app').deploy?.replicas).toBeGreaterThan(1);
    const published = Object.entries(services).filter(([, s]) => s.ports?.length).map(([n]) => n);
    expect(published).toEqual(['nginx']);
  });

  it('passes the app and the worker every setting of src/config.ts, and only those', () => {
    for (const name of APP_SERVICES) {
      const names = Object.keys(env(name));
      expect(SETTING_VARS.filter((v) => !names.includes(v)), name).toEqual([]);
      expect(names.filter((v) => !SETTING_VARS.includes(v)), name).toEqual([]);
    }
  });

  it('lets .env set every setting but the four compose fixes, and .env.example names every variable read', () => {
    const raw = (load('docker-compose.yml') as { 'x-app-env': Env })['x-app-env'];
    const fixed = Object.keys(raw).filter((k) => !raw[k]!.includes('${'));
    // The listen address and the port nginx balances over, the service's own Redis; ROLES is per service.
    expect(fixed.sort()).toEqual(['HOST', 'PORT', 'REDIS_URL']);
    const uncommented = (file: string) => read(file).replace(/^\s*#.*$/gm, '');
    const used = new Set(['docker-compose.yml', 'docker-compose.tls.yml'].flatMap((f) => [...uncommented(f).matchAll(/\$\{([A-Z_]\w*)/g)].map((m) => m[1]!)));
    const named = new Set([...read('.env.example').matchAll(/^([A-Z_]\w*)=/gm)].map((m) => m[1]));
    expect([...used].filter((v) => !named.has(v))).toEqual([]);
    // No comment after a value: after an empty one, a `# ...` could be read as the value itself.
    expect(read('.env.example').split('\n').filter((l) => /^[A-Z_]\w*=.*#/.test(l))).toEqual([]);
  });

  it('runs in production mode and refuses to start with the shipped placeholder secrets', () => {
    const e = env('app');
    expect(e.NODE_ENV).toBe('production');
    expect(() => loadConfig(e)).toThrow(ConfigError);
    try {
      loadConfig(e);
    } catch (err) {
      expect((err as ConfigError).problems.join('\n')).toMatch(/^DATABASE_URL, S3_SECRET_KEY: still the placeholder/);
    }
    expect(loadConfig({ ...e, ALLOW_PLACEHOLDER_SECRETS: 'true' }).placeholderSecrets).toEqual(['DATABASE_URL', 'S3_SECRET_KEY']);
  });

  it('gives the app values it accepts once .env holds real secrets', () => {
    for (const name of APP_SERVICES) {
      const config = loadConfig(env(name, compose(REAL_ENV)));
      expect(config.mode, name).toBe('cluster');
      expect(config.host, name).toBe('0.0.0.0');
      expect(config.placeholderSecrets, name).toEqual([]);
      expect(config.trustProxy, name).toBe(1);
      // The container's stop_grace_period (30 s) outlasts the drain.
      expect(config.shutdownGraceMs, name).toBeLessThan(30_000);
    }
  });

  it('gives the app a DATABASE_URL that matches the postgres service', () => {
    const pg = env('postgres', compose(REAL_ENV));
    for (const name of APP_SERVICES) {
      const url = new URL(env(name, compose(REAL_ENV)).DATABASE_URL ?? '');
      expect(url.hostname, name).toBe('postgres');
      expect(url.port || '5432', name).toBe('5432');
      expect(decodeURIComponent(url.username), name).toBe(pg.POSTGRES_USER);
      expect(decodeURIComponent(url.password), name).toBe(pg.POSTGRES_PASSWORD);
      expect(url.pathname, name).toBe(`/${pg.POSTGRES_DB}`);
    }
  });

  it('gives the app a REDIS_URL that points at the redis service', () => {
    for (const name of APP_SERVICES) {
      const url = new URL(env(name).REDIS_URL ?? '');
      expect([url.hostname, url.port || '6379'], name).toEqual(['redis', '6379']);
    }
  });

  it('gives the app the bucket, key, endpoint and region that Garage is set up with', () => {
    for (const file of [compose(), compose(REAL_ENV)]) {
      const garage = env('garage', file);
      for (const name of APP_SERVICES) {
        const e = env(name, file);
        const endpoint = new URL(e.S3_ENDPOINT ?? '');
        expect(endpoint.hostname, name).toBe('garage');
        expect(garageToml).toContain(`api_bind_addr = "0.0.0.0:${endpoint.port}"`);
        expect(garageToml).toContain(`s3_region = "${e.S3_REGION}"`);
        expect(e.S3_BUCKET, name).toBe(garage.GARAGE_DEFAULT_BUCKET);
        expect(e.S3_ACCESS_KEY, name).toBe(garage.GARAGE_DEFAULT_ACCESS_KEY);
        expect(e.S3_SECRET_KEY, name).toBe(garage.GARAGE_DEFAULT_SECRET_KEY);
      }
      // Garage accepts only keys of its own format: GK + 12 bytes, and 32 bytes, in hex.
      expect(garage.GARAGE_DEFAULT_ACCESS_KEY).toMatch(/^GK[0-9a-f]{24}$/);
      expect(garage.GARAGE_DEFAULT_SECRET_KEY).toMatch(/^[0-9a-f]{64}$/);
      expect(garage.GARAGE_RPC_SECRET).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('initialises Garage idempotently at each start and reports healthy only once the bucket exists', () => {
    const garage = svc('garage');
    expect(garage.command).toEqual(['/garage', 'server', '--single-node', '--default-bucket']);
    expect(garage.healthcheck?.test).toEqual(['CMD', '/garage', 'bucket', 'info', env('garage').GARAGE_DEFAULT_BUCKET]);
    expect(garage.volumes).toContain('./infra/garage.toml:/etc/garage.toml:ro');
    expect(garageToml).toMatch(/^replication_factor = 1$/m);
  });

  it('starts the app and the worker after their dependencies are healthy', () => {
    for (const name of APP_SERVICES) {
      expect(svc(name).depends_on, name).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        garage: { condition: 'service_healthy' },
      });
    }
    expect(svc('nginx').depends_on).toEqual({ app: { condition: 'service_healthy' } });
  });

  it('gives every long-running service a health check and a restart policy', () => {
    for (const [name, s] of Object.entries(withTls(REAL_ENV).services)) {
      expect(s.healthcheck?.test, name).toBeDefined();
      expect(s.restart, name).toBe('unless-stopped');
    }
    expect(svc('app').healthcheck?.test.join(' ')).toContain('/api/ready');
  });
});

describe('docker-compose.tls.yml', () => {
  const tls = withTls(REAL_ENV);

  it('publishes only Caddy (80 and 443), and no longer nginx', () => {
    const published = Object.entries(tls.services).filter(([, s]) => s.ports?.length).map(([n]) => n);
    expect(published).toEqual(['caddy']);
    expect(svc('caddy', tls).ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(read('docker-compose.tls.yml')).toMatch(/^ {2}nginx:\n {4}ports: !reset \[\]$/m);
  });

  it('proxies to nginx, which passes on its X-Forwarded-Proto', () => {
    const caddyfile = read('infra/Caddyfile');
    expect(caddyfile).toMatch(/^\{\$DOMAIN\} \{\n\treverse_proxy nginx:80\n\}$/m);
    expect(nginxConf).toMatch(/^ {4}listen 80;$/m);
    expect(svc('caddy', tls).volumes).toContain('./infra/Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('makes the app trust two hops and know its https address', () => {
    for (const name of APP_SERVICES) {
      const config = loadConfig(env(name, tls));
      expect(config.trustProxy, name).toBe(2);
      expect(config.publicUrl, name).toBe('https://chat.example.com');
    }
  });

  it('requires DOMAIN', () => {
    expect(() => tlsOverlay({})).toThrow(/DOMAIN/);
  });
});

describe('TRUST_PROXY against the headers the proxies write', () => {
  /** The client address Express derives (it uses proxy-addr with the `trust proxy` setting). */
  const clientIp = (trust: number, socketAddress: string, xff: string) =>
    proxyAddr({ socket: { remoteAddress: socketAddress }, headers: { 'x-forwarded-for': xff } } as never, (_a, i) => i < trust);

  it('finds the client behind nginx alone (1 hop), even when it forges X-Forwarded-For', () => {
    const trust = loadConfig(env('app', compose(REAL_ENV))).trustProxy as number;
    // The client sent `X-Forwarded-For: 1.2.3.4`; nginx appended the address it saw.
    expect(clientIp(trust, '172.18.0.9', '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('finds the client behind Caddy and nginx (2 hops)', () => {
    const trust = loadConfig(env('app', withTls(REAL_ENV))).trustProxy as number;
    // Caddy replaced whatever the client sent with its address; nginx appended Caddy's.
    expect(clientIp(trust, '172.18.0.9', '203.0.113.7, 172.18.0.4')).toBe('203.0.113.7');
  });
});

describe('infra/nginx.conf', () => {
  const location = (path: string) => {
    const m = nginxConf.match(new RegExp(`location ${path.replace(/\//g, '\\/')} \\{([^}]*)\\}`));
    return m?.[1] ?? '';
  };
  const upstream = nginxConf.match(/upstream chat_nodes \{([^}]*)\}/)?.[1] ?? '';

  it("finds the app replicas through Docker's DNS and re-resolves them", () => {
    expect(nginxConf).toMatch(/^ {2}resolver 127\.0\.0\.11 valid=\d+s/m);
    expect(upstream).toMatch(/^\s*zone chat_nodes \d+k;/m);
    const servers = [...upstream.matchAll(/^\s*server\s+(\S+)(.*);/gm)];
    expect(servers.map((m) => m[1])).toEqual([`app:${env('app').PORT}`]);
    expect(servers[0]?.[2]).toMatch(/\bresolve\b/);
  });

  it('upgrades WebSocket handshakes on /ws/ and keeps them open past the ping interval', () => {
    expect(location('/ws/')).toMatch(/proxy_pass http:\/\/chat_nodes;/);
    expect(nginxConf).toMatch(/proxy_http_version 1\.1;/);
    expect(nginxConf).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(nginxConf).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    expect(nginxConf).toMatch(/map \$http_upgrade \$connection_upgrade \{\s*default upgrade;/);
    // Socket.IO pings every 25 s and gives up after 20 more: the proxy must wait longer than both.
    const seconds = (name: string) => Number(location('/ws/').match(new RegExp(`${name} (\\d+)s;`))?.[1]);
    expect(seconds('proxy_read_timeout')).toBeGreaterThan(45);
    expect(seconds('proxy_send_timeout')).toBeGreaterThan(45);
  });

  it('sets proxy headers only at server level (a location setting one would drop the rest)', () => {
    const locations = [...nginxConf.matchAll(/location [^{]+\{([^}]*)\}/g)].map((m) => m[1] ?? '');
    expect(locations.length).toBeGreaterThan(2);
    for (const body of locations) expect(body).not.toContain('proxy_set_header');
  });

  it('appends the client address, and passes the scheme the client used', () => {
    expect(nginxConf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(nginxConf).toMatch(/proxy_set_header X-Forwarded-Proto \$forwarded_proto;/);
    expect(nginxConf).toMatch(/map \$http_x_forwarded_proto \$forwarded_proto \{\s*default \$http_x_forwarded_proto;\s*'' \$scheme;/);
  });

  it('accepts a 5 MB chunk with its multipart framing, and streams tus bodies', () => {
    const sizes = [...nginxConf.matchAll(/client_max_body_size (\d+)([km]);/g)].map(
      (m) => Number(m[1]) * (m[2] === 'm' ? 1024 * 1024 : 1024),
    );
    expect(sizes.length).toBeGreaterThan(0);
    for (const s of sizes) expect(s).toBeGreaterThan(5 * 1024 * 1024);
    expect(location('/api/tus')).toMatch(/proxy_request_buffering off;/);
  });

  it('keeps /metrics off the public entry point', () => {
    expect(nginxConf).toMatch(/location = \/metrics \{\s*return 404;/);
  });
});

describe('infra/Dockerfile', () => {
  const dockerfile = read('infra/Dockerfile');
  const instructions = dockerfile.split('\n').filter((l) => /^[A-Z]+ /.test(l));

  it('is multi-stage, pins its base image and runs as a non-root user', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThan(1);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:\d+\.\d+-[\w-]+$/m);
    const user = dockerfile.match(/^USER (\S+)/m)?.[1];
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)$/);
  });

  it('installs from the lockfile with npm ci, after copying every workspace manifest and before the sources', () => {
    expect(dockerfile).not.toMatch(/npm install/);
    const ci = instructions.findIndex((l) => l.startsWith('RUN npm ci --no-audit'));
    const manifests = instructions.findIndex((l) => l.startsWith('COPY --from=manifests'));
    const sources = instructions.findIndex((l, i) => i > manifests && l === 'COPY . .');
    expect(manifests).toBeGreaterThanOrEqual(0);
    expect(manifests).toBeLessThan(ci);
    expect(ci).toBeLessThan(sources);
    expect(dockerfile).toMatch(/RUN npm ci --omit=dev/);
  });

  it('runs the compiled server by default and the worker with the same entry point', () => {
    expect(dockerfile).toMatch(/^ENTRYPOINT \["node", "--max-semi-space-size=32"\]$/m);
    expect(dockerfile).toMatch(/^CMD \["dist\/main\.js"\]$/m);
    expect(svc('worker').command).toEqual(['dist/worker.js']);
    expect(read('infra/build.ts')).toMatch(/entryPoints: \{ main: 'src\/main\.ts', worker: 'workers\/main\.ts', migrate: 'src\/db\/migrate-cli\.ts' \}/);
  });

  it('builds the web client in the build stage and ships only its output', () => {
    expect(dockerfile).toMatch(/^RUN npm run build --workspace web && test -f web\/dist\/index\.html$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/web\/dist \.\/web\/dist$/m);
    // `npm ci` runs the root's `prepare` (the web build, dist/ checks, argon2 for the CPU): the manifests stage carries its scripts.
    const prepare = ['web/scripts/ensure-built.mjs', 'infra/ensure-dist.mjs', 'infra/build-argon2.mjs'];
    expect(JSON.parse(read('package.json')).scripts.prepare).toBe(prepare.map((script) => `node ${script}`).join(' && '));
    // What they import goes along too, and infra/* is left out of the build context but for what the image needs.
    const ignored = read('.dockerignore').split('\n');
    const carried = prepare.flatMap((script) => [
      script,
      ...[...read(script).matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => path.posix.join(path.posix.dirname(script), m[1]!)),
    ]);
    expect(carried).toContain('infra/build-inputs.mjs');
    expect(carried).toContain('infra/argon2-host.mjs');
    for (const file of carried) {
      expect(dockerfile, file).toContain(`-path ./${file}`);
      if (file.startsWith('infra/')) expect(ignored, file).toContain(`!${file}`);
    }
  });

  it('leaves tests, docs, CI and host node_modules out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', 'test', 'docs', '.ci', '.git', '.env', '**/*.test.ts', '**/e2e']) expect(ignored, entry).toContain(entry);
    expect(ignored).toContain('!infra/build.ts');
  });
});
