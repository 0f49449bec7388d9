import { type ChildProcess, spawn } from 'node:child_process';

/** Output kept per child for failure messages: the tail only (request logs add up). */
const OUTPUT_TAIL = 256 * 1024;

/** A node (`src/main.ts`) or worker (`workers/main.ts`) running in a child process, as `npm start` runs it. */
export interface ChatProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  /** `http://127.0.0.1:<port>`, from the process's "chat node listening" log line. */
  url: string;
  /** The last 256 KiB of stdout and stderr. */
  output(): string;
  /** Resolves with the exit code, or the signal's name, once the process has gone. */
  exited: Promise<number | string>;
  alive(): boolean;
}

const started = new Set<ChildProcess>();
// Belt and braces: a test runner that exits without running afterAll must not leave servers behind.
process.once('exit', () => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/**
 * Starts `node --import tsx <script>` (or, for a compiled `.js` entry point of
 * `npm run build`, `node <script>`) with exactly `env` (plus PATH) and
 * resolves once it logs its URL (LOG_LEVEL must be info or lower); rejects
 * with its output if it exits first or does not listen within `timeoutMs`.
 */
export function spawnChat(name: string, script: 'src/main.ts' | 'workers/main.ts' | `test/helpers/${string}.ts` | `${string}.js`, env: Record<string, string>, timeoutMs = 45_000): Promise<ChatProcess> {
  const args = script.endsWith('.js') ? [script] : ['--import', 'tsx', script];
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let out = '';
  const append = (b: Buffer) => {
    out += b.toString();
    if (out.length > 2 * OUTPUT_TAIL) out = out.slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      started.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      reject(new Error(`${name} ${why}:\n${out.slice(-4000)}`));
    };
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs} ms`), timeoutMs);
    void exited.then((how) => fail(`exited (${how}) before listening`));
    const onData = () => {
      const url = /"url":"(http:\/\/[^"]+)"/.exec(out)?.[1];
      if (!url || settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({
        name,
        child,
        pid: child.pid!,
        url,
        output: () => out.slice(-OUTPUT_TAIL),
        exited,
        alive: () => child.exitCode === null && child.signalCode === null,
      });
    };
    child.stdout?.on('data', onData);
  });
}

/**
 * Stops processes: SIGTERM (graceful shutdown), SIGKILL for any still running
 * after `graceMs`. Safe on processes that have already exited.
 */
export async function stopAll(procs: ReadonlyArray<ChatProcess | undefined>, graceMs = 5_000): Promise<void> {
  await Promise.all(
    procs.map(async (p) => {
      if (!p?.alive()) return;
      p.child.kill('SIGTERM');
      const timer = setTimeout(() => p.child.kill('SIGKILL'), graceMs);
      await p.exited;
      clearTimeout(timer);
    }),
  );
}
