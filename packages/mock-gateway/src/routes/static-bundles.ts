/**
 * The built browser bundles the gateway serves from its own origin: embedded-fields.js
 * (GET /embedded-fields.js, spec) and the fixture's assets. Packages that build more
 * (the card frame, the hosted page) register their routes through `bundleDir`. Every file
 * goes out through `sendAsset` (compression, ETag, cache policy).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sendAsset } from '../http/send-asset';

export const WORKSPACE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const ASSETS = resolve(dirname(fileURLToPath(import.meta.url)), '../../assets');

/** A package's dist folder, e.g. bundleDir('embedded-fields'). */
export function bundleDir(pkg: string): string {
  return join(WORKSPACE_ROOT, 'packages', pkg, 'dist');
}

export function registerStaticRoutes(app: FastifyInstance): void {
  // The entry point keeps its URL across builds: fresh for 5 minutes, then revalidated (ETag).
  app.get('/embedded-fields.js', async (request, reply) =>
    sendAsset(request, reply, { root: bundleDir('embedded-fields'), file: 'embedded-fields.js', cache: { maxAge: 300 } }),
  );
  // SRI hashes of the current build, for merchants who pin it (README).
  app.get('/sri.json', async (request, reply) =>
    sendAsset(request, reply, { root: bundleDir('embedded-fields'), file: 'sri.json', cache: { maxAge: 60 } }),
  );
  app.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) =>
    sendAsset(request, reply, { root: ASSETS, file: request.params['*'], cache: { maxAge: 3600 } }),
  );
}
