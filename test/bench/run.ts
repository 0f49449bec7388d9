import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { type BenchRow, machine, sleep } from './lib.ts';

/**
 * `npm run bench`: runs every benchmark in sequence (each bounded in time,
 * loopback only, stopping what it started), prints the tables and replaces the
 * generated block of docs/benchmarks.md (figures, baselines, ratios); the
 * hand-written analysis around that block is kept. `npm run bench <text>` runs
 * the suites whose title contains <text> and replaces only their sections.
 */
interface Suite {
  title: string;
  run: () => Promise<BenchRow[]>;
}

const hasCluster = Boolean(process.env.BENCH_DATABASE_URL && process.env.BENCH_REDIS_URL);
const suites: Suite[] = [
  { title: 'Authentication', run: async () => (await import('./auth.bench.ts')).run() },
  { title: 'Social graph', run: async () => (await import('./social.bench.ts')).run() },
  { title: 'Conversations', run: async () => (await import('./conversations.bench.ts')).run() },
  // Embedded mode, plus cluster mode when BENCH_DATABASE_URL and BENCH_REDIS_URL are set (about 4 minutes with both).
  // With the cluster URLs, its cluster fan-out and search run as the issue 17 suites below instead.
  {
    title: 'Messaging',
    run: async () => (await import('./messages.bench.ts')).run(hasCluster ? { clusterParts: ['dm', 'history'] } : {}),
  },
  { title: 'Uploads', run: async () => (await import('./uploads.bench.ts')).benchUploads() },
  // Issue 17, embedded: `npm start` to the first health answer, fresh and existing DATA_DIR, and idle RSS (about a minute).
  { title: 'Issue 17: start-up and idle memory (embedded)', run: async () => (await import('./startup.bench.ts')).startup() },
];

const clusterEnv = () => ({
  name: 'cluster',
  env: { DATABASE_URL: process.env.BENCH_DATABASE_URL!, REDIS_URL: process.env.BENCH_REDIS_URL!, REDIS_PREFIX: `bench${Date.now()}:` },
});
if (hasCluster) {
  suites.push(
    { title: 'Authentication (cluster mode: Postgres + Redis)', run: async () => (await import('./auth.bench.ts')).run(clusterEnv()) },
    { title: 'Social graph (cluster mode: Postgres + Redis)', run: async () => (await import('./social.bench.ts')).run(clusterEnv()) },
    { title: 'Conversations (cluster mode: Postgres + Redis)', run: async () => (await import('./conversations.bench.ts')).run(clusterEnv()) },
    // About a minute: three app nodes against one, cross-node deliveries and latency.
    { title: 'Three-node cluster (Postgres + Redis)', run: async () => (await import('./cluster.bench.ts')).run() },
    // Issue 17: each figure by the outside harness's method, one suite each (`npm run bench "issue 17: logins"`).
    { title: 'Issue 17: direct messages stored/s', run: async () => (await import('./harness.bench.ts')).dms() },
    { title: 'Issue 17: history req/s', run: async () => (await import('./harness.bench.ts')).history() },
    { title: 'Issue 17: two nodes vs one', run: async () => (await import('./harness.bench.ts')).twoNodes() },
    { title: 'Issue 17: logins/s', run: async () => (await import('./harness.bench.ts')).logins() },
    { title: 'Issue 17: GET /api/me', run: async () => (await import('./harness.bench.ts')).me() },
    { title: 'Issue 17: chunked upload, 100 MB', run: async () => (await import('./harness.bench.ts')).upload() },
    { title: 'Issue 17: fan-out p99 at 20,000 deliveries/s (cluster)', run: async () => (await import('./messages.bench.ts')).clusterOnly(['fanout']) },
    // Last: seeding a million rows leaves Postgres checkpointing and vacuuming.
    { title: 'Issue 17: search p99, 1,000,000 messages (cluster)', run: async () => (await import('./messages.bench.ts')).clusterOnly(['search']) },
  );
}

const only = process.argv[2];
const sections: Array<{ title: string; text: string }> = [];
const started = Date.now();
const today = () => new Date().toISOString().slice(0, 10);
for (const [i, suite] of suites.entries()) {
  if (only && !suite.title.toLowerCase().includes(only.toLowerCase())) continue;
  // A breather between suites: the previous one's servers and clients wind down, Postgres flushes.
  if (i > 0 && !only) await sleep(5000);
  console.log(`\n== ${suite.title} (load average ${loadavg()[0]!.toFixed(1)})`);
  const suiteStart = Date.now();
  const rows = await suite.run();
  console.table(rows.map((r) => ({ name: r.name, value: r.value, unit: r.unit, note: r.note ?? '' })));
  const partial = only
    ? `Measured alone (\`npm run bench "${only}"\`) on ${today()}; machine: ${machine()}, Node ${process.version}; ${Math.round((Date.now() - suiteStart) / 1000)} s.\n\n`
    : '';
  sections.push({
    title: suite.title,
    text: `## ${suite.title}\n\n${partial}| measure | value | unit | notes |\n|---|---:|---|---|\n${rows
      .map((r) => `| ${r.name} | ${r.value} | ${r.unit} | ${r.note ?? ''} |`)
      .join('\n')}\n`,
  });
}

const START = '<!-- npm run bench: start -->';
const END = '<!-- npm run bench: end -->';
const header = `## Latest \`npm run bench\`

Run on ${today()}; machine: ${machine()}, Node ${process.version}; ${Math.round((Date.now() - started) / 1000)} s.
Every figure is measured in the same run as its baseline; servers run in child processes and the
load generator shares the same cores, so ratios matter more than absolute numbers. A section
measured alone (\`npm run bench <part of its title>\`) replaces its own part of this block and says
when it was measured.
`;

/** The sections of an existing generated block, by title (the text after `## ` up to the line end). */
function existingSections(block: string): { header: string; sections: Array<{ title: string; text: string }> } {
  const parts = block.split(/^(?=## )/m);
  const head = parts.shift() ?? '';
  const sections = parts.map((text) => ({ title: text.slice(3, text.indexOf('\n')).trim(), text: text.replace(/\n*$/, '\n') }));
  // The block's own heading ("Latest npm run bench") is its header, not a suite.
  const own = sections.findIndex((s) => s.title.startsWith('Latest '));
  const headerText = own >= 0 ? sections.splice(own, 1)[0]!.text : head;
  return { header: headerText, sections };
}

// The generated tables replace their own block only; the hand-written analysis around them stays.
// A full run rewrites the block; a partial run replaces (or adds) only the sections it ran.
const docPath = path.resolve(import.meta.dirname, '../../docs/benchmarks.md');
const current = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Benchmarks\n';
const from = current.indexOf(START);
const to = current.indexOf(END);
let blockHeader = header;
let blockSections = sections;
if (only && !(from >= 0 && to > from)) {
  blockHeader = `## Latest \`npm run bench\`

No full run recorded yet: the sections below were measured alone (\`npm run bench <part of a title>\`),
each on the date it gives. Servers run in child processes and the load generator shares the same
cores, so ratios matter more than absolute numbers.
`;
} else if (only) {
  const old = existingSections(current.slice(from + START.length, to).trim());
  blockHeader = old.header;
  blockSections = old.sections.map((s) => sections.find((n) => n.title === s.title) ?? s);
  for (const s of sections) if (!old.sections.some((o) => o.title === s.title)) blockSections.push(s);
}
const generated = `${START}\n${blockHeader.replace(/\n*$/, '\n')}\n${blockSections.map((s) => s.text).join('\n')}${END}`;
const next =
  from >= 0 && to > from
    ? current.slice(0, from) + generated + current.slice(to + END.length)
    : current.replace(/^(# Benchmarks\n)/, `$1\n${generated}\n`);
if (sections.length > 0) writeFileSync(docPath, next);
console.log(sections.length === 0 ? '\nno benchmark matched: docs/benchmarks.md unchanged' : `\nupdated docs/benchmarks.md (${only ? 'the sections run' : 'whole generated block'})`);
