/**
 * The built browser bundles the gateway serves from its own origin: embedded-fields.js
 * (GET /embedded-fields.js, spec) and the fixture's assets. Packages that build more
 * (the card frame, the hosted page) register their routes through `bundleDir`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const WORKSPACE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const ASSETS = resolve(dirname(fileURLToPath(import.meta.url)), '../../assets');

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

/** A package's dist folder, e.g. bundleDir('embedded-fields'). */
export function bundleDir(pkg: string): string {
  return join(WORKSPACE_ROOT, 'packages', pkg, 'dist');
}

/** Sends a file from `root` (no escaping it), or a clear 503 when the bundle is not built. */
export function sendBundleFile(reply: FastifyReply, root: string, file: string, cacheSeconds = 300): FastifyReply {
  const path = normalize(join(root, file));
  // A directory (`/assets/`, `/assets/.`, `/assets/%2F`) is not a file: 404, never EISDIR.
  if (!path.startsWith(root) || !statSync(path, { throwIfNoEntry: false })?.isFile()) {
    return reply
      .code(existsSync(root) ? 404 : 503)
      .send({ error: existsSync(root) ? 'not_found' : 'bundle_not_built', error_description: `Run pnpm build (${file}).` });
  }
  return reply
    .header('content-type', TYPES[extname(path)] ?? 'application/octet-stream')
    .header('cache-control', `public, max-age=${cacheSeconds}`)
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('access-control-allow-origin', '*')
    .send(readFileSync(path));
}

export function registerStaticRoutes(app: FastifyInstance): void {
  app.get('/embedded-fields.js', async (_request, reply) =>
    sendBundleFile(reply, bundleDir('embedded-fields'), 'embedded-fields.js'),
  );
  // SRI hashes of the current build, for merchants who pin it (README).
  app.get('/sri.json', async (_request, reply) => sendBundleFile(reply, bundleDir('embedded-fields'), 'sri.json', 60));
  app.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) =>
    sendBundleFile(reply, ASSETS, request.params['*'], 3600),
  );
}
