import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BenchRow, machine } from './lib.ts';

/**
 * `npm run bench`: runs every benchmark in sequence (each bounded in time,
 * loopback only, stopping what it started), prints the tables and replaces the
 * generated block of docs/benchmarks.md (figures, baselines, ratios); the
 * hand-written analysis around that block is kept.
 */
interface Suite {
  title: string;
  run: () => Promise<BenchRow[]>;
}

const suites: Suite[] = [
  { title: 'Authentication', run: async () => (await import('./auth.bench.ts')).run() },
  { title: 'Social graph', run: async () => (await import('./social.bench.ts')).run() },
  // Embedded mode, plus cluster mode when BENCH_DATABASE_URL and BENCH_REDIS_URL are set (about 4 minutes with both).
  { title: 'Messaging', run: async () => (await import('./messages.bench.ts')).run() },
  { title: 'Uploads', run: async () => (await import('./uploads.bench.ts')).benchUploads() },
];

const clusterEnv = () => ({
  name: 'cluster',
  env: { DATABASE_URL: process.env.BENCH_DATABASE_URL!, REDIS_URL: process.env.BENCH_REDIS_URL!, REDIS_PREFIX: `bench${Date.now()}:` },
});
if (process.env.BENCH_DATABASE_URL && process.env.BENCH_REDIS_URL) {
  suites.push(
    { title: 'Authentication (cluster mode: Postgres + Redis)', run: async () => (await import('./auth.bench.ts')).run(clusterEnv()) },
    { title: 'Social graph (cluster mode: Postgres + Redis)', run: async () => (await import('./social.bench.ts')).run(clusterEnv()) },
  );
}

const only = process.argv[2];
const sections: string[] = [];
const started = Date.now();
for (const suite of suites) {
  if (only && !suite.title.toLowerCase().includes(only.toLowerCase())) continue;
  console.log(`\n== ${suite.title}`);
  const rows = await suite.run();
  console.table(rows.map((r) => ({ name: r.name, value: r.value, unit: r.unit, note: r.note ?? '' })));
  sections.push(
    `## ${suite.title}\n\n| measure | value | unit | notes |\n|---|---:|---|---|\n${rows
      .map((r) => `| ${r.name} | ${r.value} | ${r.unit} | ${r.note ?? ''} |`)
      .join('\n')}\n`,
  );
}

const START = '<!-- npm run bench: start -->';
const END = '<!-- npm run bench: end -->';
const generated = `${START}
## Latest \`npm run bench\`

Run on ${new Date().toISOString().slice(0, 10)}; machine: ${machine()}, Node ${process.version}; ${Math.round((Date.now() - started) / 1000)} s.
Every figure is measured in the same run as its baseline; servers run in child processes and the
load generator shares the same cores, so ratios matter more than absolute numbers.

${sections.join('\n')}${END}`;

// The generated tables replace their own block only; the hand-written analysis around them stays.
const docPath = path.resolve(import.meta.dirname, '../../docs/benchmarks.md');
if (!only) {
  const current = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
  const from = current.indexOf(START);
  const to = current.indexOf(END);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + generated + current.slice(to + END.length)
      : current.replace(/^(# Benchmarks\n)/, `$1\n${generated}\n`);
  writeFileSync(docPath, next);
}
console.log(only ? '\n(partial run: docs/benchmarks.md not rewritten)' : '\nupdated docs/benchmarks.md');
