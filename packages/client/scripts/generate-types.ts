/** `npm run client:types`: regenerates packages/client/src/generated/openapi.ts from the server's routes. */
import { writeFileSync } from 'node:fs';
import { buildDocument, generateTypes, TYPES_FILE } from './openapi-types.ts';

const source = await generateTypes(await buildDocument());
writeFileSync(TYPES_FILE, source);
console.log(`wrote ${TYPES_FILE} (${source.length} characters)`);
