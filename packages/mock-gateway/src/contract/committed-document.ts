/**
 * The document as committed (packages/mock-gateway/openapi.json): a gateway with every route
 * a running one serves, at the default address. `pnpm --filter @payments/mock-gateway openapi`
 * writes it; contract/document.test.ts fails when it and the routes disagree.
 */
import { fileURLToPath } from 'node:url';
import { createGateway } from '../app';
import { registerServedRoutes } from '../server';
import { openApiDocument } from './document';

export const COMMITTED_DOCUMENT = fileURLToPath(new URL('../../openapi.json', import.meta.url));

export async function buildDocument(): Promise<Record<string, unknown>> {
  const gw = createGateway({ extend: (api, ctx) => registerServedRoutes(api, ctx) });
  try {
    await gw.api.ready();
    return openApiDocument(gw.api, gw.ctx);
  } finally {
    await gw.close();
  }
}

/** The committed file's text for `document`. */
export const documentText = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;
