/** Writes packages/mock-gateway/openapi.json from the routes' schemas (`pnpm --filter @payments/mock-gateway openapi`). */
import { writeFileSync } from 'node:fs';
import { buildDocument, COMMITTED_DOCUMENT, documentText } from '../src/contract/committed-document';

writeFileSync(COMMITTED_DOCUMENT, documentText(await buildDocument()));
console.log(`wrote ${COMMITTED_DOCUMENT}`);
