/**
 * GET /docs: the API reference of the gateway's own document (/openapi.json), drawn by
 * Scalar's standalone build served from the package (no CDN), under a strict CSP:
 *  - scripts: this origin only (the standalone build and docs-init.js; no inline script);
 *  - styles: this origin and the per-request nonce Scalar gives the one <style> it injects
 *    (it reads it from <meta property="csp-nonce">); no 'unsafe-inline';
 *  - requests ("try it"): this origin only, which is where the document's server is;
 *  - no fonts from elsewhere (withDefaultFonts: false), never framed, no form posts.
 * GET /docs/assets/{file}: those two scripts.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BundlePaths } from '../bundles';
import { sendAsset, sendCompressed } from '../http/send-asset';

export function docsCsp(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function registerDocsRoutes(app: FastifyInstance, bundles: Pick<BundlePaths, 'apiReference' | 'assets'>): void {
  const own = join(bundles.assets, 'docs');
  const roots: Record<string, string> = { 'standalone.js': bundles.apiReference, 'docs-csp.js': own, 'docs-init.js': own };
  app.get('/docs', async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', docsCsp(nonce))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store');
    return sendCompressed(request, reply, docsPage(nonce));
  });
  app.get<{ Params: { file: string } }>('/docs/assets/:file', async (request, reply) => {
    const root = Object.hasOwn(roots, request.params.file) ? roots[request.params.file] : undefined;
    if (!root) return reply.callNotFound();
    return sendAsset(request, reply, { root, file: request.params.file, cache: { maxAge: 3600 } });
  });
}

function docsPage(nonce: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta property="csp-nonce" content="${nonce}">
    <link rel="icon" href="data:,">
    <title>Mock payment gateway · API reference</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="/docs/assets/docs-csp.js"></script>
    <script src="/docs/assets/standalone.js"></script>
    <script src="/docs/assets/docs-init.js"></script>
  </body>
</html>
`;
}
