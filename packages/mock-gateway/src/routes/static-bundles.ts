/**
 * The built browser bundles the gateway serves from its own origin: embedded-fields.js
 * (GET /embedded-fields.js, spec; the versioned URLs are in versioned-script.ts), its SRI
 * hashes and the fixture's assets. Where the bundles are: ../bundles.ts. Every file goes
 * out through `sendAsset` (compression, ETag, cache policy).
 */
import type { FastifyInstance } from 'fastify';
import { bundlePaths, type BundlePaths } from '../bundles';
import { sendAsset } from '../http/send-asset';
import { scriptSchema } from './schemas/service';

export function registerStaticRoutes(app: FastifyInstance, bundles: BundlePaths = bundlePaths()): void {
  // The entry point keeps its URL across builds: fresh for 5 minutes, then revalidated (ETag).
  app.get('/embedded-fields.js', { schema: scriptSchema }, async (request, reply) =>
    sendAsset(request, reply, { root: bundles.embeddedFields, file: 'embedded-fields.js', cache: { maxAge: 300 } }),
  );
  // The version, versioned URLs and SRI hashes of the current build, for merchants who pin it (README).
  app.get('/sri.json', async (request, reply) =>
    sendAsset(request, reply, { root: bundles.embeddedFields, file: 'sri.json', cache: { maxAge: 60 } }),
  );
  app.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) =>
    sendAsset(request, reply, { root: bundles.assets, file: request.params['*'], cache: { maxAge: 3600 } }),
  );
}
