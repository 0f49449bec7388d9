#!/usr/bin/env node
/**
 * `npm start`'s `prestart`: builds the web client and the server when their sources changed
 * (web/scripts/ensure-built.mjs, infra/ensure-dist.mjs), in one process rather than two: it runs
 * before every start, and a Node process costs tens of milliseconds to start.
 */
import { ensureBuilt } from '../web/scripts/ensure-built.mjs';
import { runStep } from './build-inputs.mjs';
import { ensureDist } from './ensure-dist.mjs';

runStep('web', () => ensureBuilt());
runStep('build', ensureDist);
