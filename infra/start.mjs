#!/usr/bin/env node
/**
 * `npm start`: builds the web client and the server when their sources changed
 * (web/scripts/ensure-built.mjs, infra/ensure-dist.mjs), then runs the compiled server in this same
 * process. A separate `prestart` would be one more Node process before every start (0.15 s here,
 * docs/benchmarks.md). `--build-only` stops after the builds.
 */
import { ensureBuilt } from '../web/scripts/ensure-built.mjs';
import { runStep } from './build-inputs.mjs';
import { ensureDist } from './ensure-dist.mjs';

runStep('web', () => ensureBuilt());
runStep('build', ensureDist);
if (!process.argv.includes('--build-only')) await import('../dist/main.js');
