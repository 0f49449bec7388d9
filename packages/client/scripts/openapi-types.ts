/**
 * The SDK's REST types come from the server's OpenAPI document: this module
 * builds the document by starting the app in-process (embedded mode, a
 * throw-away data directory, the `api` role only; no server needs to be
 * running) and turns it into TypeScript with openapi-typescript. Used by
 * `npm run client:types` (generate-types.ts) and by the test that fails when
 * the committed file is stale (packages/client/test/integration/types.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { pino } from 'pino';
import { createApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';

/** Where the generated types live (committed). */
export const TYPES_FILE = path.resolve(import.meta.dirname, '../src/generated/openapi.ts');

const BANNER = `/**
 * Generated from the server's OpenAPI document by \`npm run client:types\`
 * (packages/client/scripts/generate-types.ts). Do not edit: change the
 * routes' describeRoute({...}) declarations and regenerate.
 */`;

/** The OpenAPI document the server serves at /api/openapi.json, built in-process. */
export async function buildDocument(): Promise<OpenAPI3> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-openapi-'));
  const app = await createApp({
    config: loadConfig({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', ROLES: 'api', LOG_LEVEL: 'silent' }),
    log: pino({ level: 'silent' }),
  });
  try {
    const { port } = await app.listen();
    const res = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
    return (await res.json()) as OpenAPI3;
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The TypeScript source of the types of `document` (`paths`, `components`, `operations`). */
export async function generateTypes(document: OpenAPI3): Promise<string> {
  // The servers entry depends on PUBLIC_URL, not on the API: leave it out of the types.
  const ast = await openapiTS({ ...document, servers: [] }, { alphabetize: true });
  return `${BANNER}\n\n${astToString(ast)}`;
}
