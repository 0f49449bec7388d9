import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../../../test/helpers/client.ts';
import { startCluster, type TestCluster } from '../../../../test/helpers/server.ts';
import { generateTypes, TYPES_FILE } from '../../scripts/openapi-types.ts';

let cluster: TestCluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.close());

describe("the SDK's generated REST types", () => {
  it('match the OpenAPI document the server serves (run `npm run client:types` after changing a route)', async () => {
    const document = (await new Client(cluster.a).get('/api/openapi.json')).body;
    const fresh = await generateTypes(document);
    const committed = readFileSync(TYPES_FILE, 'utf8');
    expect(committed === fresh, 'packages/client/src/generated/openapi.ts is stale: run `npm run client:types`').toBe(true);
  });
});
