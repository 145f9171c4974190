/**
 * The built browser bundles the gateway serves from its own origin: embedded-fields.js
 * (GET /embedded-fields.js, spec; the versioned URLs are in versioned-script.ts), its SRI
 * hashes and the fixture's assets. Where the bundles are: ../bundles.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { bundlePaths, type BundlePaths } from '../bundles';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.ts': 'text/plain; charset=utf-8',
};

/**
 * How long browsers and CDNs keep a file: seconds, or 'immutable' for a URL whose content
 * never changes (a hashed file name, an exact-version script URL).
 */
export type CachePolicy = number | 'immutable';

function cacheControl(policy: CachePolicy): string {
  return policy === 'immutable' ? 'public, max-age=31536000, immutable' : `public, max-age=${policy}`;
}

/** Sends a file from `root` (no escaping it), or a clear 503 when the bundle is not built. */
export function sendBundleFile(reply: FastifyReply, root: string, file: string, cache: CachePolicy = 300): FastifyReply {
  const path = normalize(join(root, file));
  if (!path.startsWith(root) || !existsSync(path)) {
    return reply
      .code(existsSync(root) ? 404 : 503)
      .send({ error: existsSync(root) ? 'not_found' : 'bundle_not_built', error_description: `Run pnpm build (${file}).` });
  }
  return reply
    .header('content-type', TYPES[extname(path)] ?? 'application/octet-stream')
    .header('cache-control', cacheControl(cache))
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('access-control-allow-origin', '*')
    .send(readFileSync(path));
}

export function registerStaticRoutes(app: FastifyInstance, bundles: BundlePaths = bundlePaths()): void {
  app.get('/embedded-fields.js', async (_request, reply) => sendBundleFile(reply, bundles.embeddedFields, 'embedded-fields.js'));
  // The version, versioned URLs and SRI hashes of the current build, for merchants who pin it (README).
  app.get('/sri.json', async (_request, reply) => sendBundleFile(reply, bundles.embeddedFields, 'sri.json', 60));
  app.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) =>
    sendBundleFile(reply, bundles.assets, request.params['*'], 3600),
  );
}
