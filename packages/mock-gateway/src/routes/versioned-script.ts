/**
 * embedded-fields.js by version, besides the unversioned /embedded-fields.js:
 *  - GET /v{major}/embedded-fields.js   (/v1/) the newest build of that major: short cache;
 *    takes compatible fixes without a change on the merchant's page;
 *  - GET /v{x.y.z}/embedded-fields.js   (/v1.0.0/) exactly that build, never changed:
 *    cached for a year, immutable; the URL to pin with Subresource Integrity.
 *  - GET /v{x.y.z}/embedded-fields-actions.js: the 3-D Secure dialog and redirects that
 *    embedded-fields.js loads once the shopper is in the form, and
 *    GET /v{x.y.z}/embedded-fields-connect.js: penpal, which it loads once a frame is ready;
 *    each by its exact version only (the script carries that file's SRI hash: a moving URL
 *    would break it).
 * The build's version and hashes come from its sri.json (written by the Embedded Fields
 * build, served at /sri.json). This gateway serves one build, so other versions are a 404.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sendAsset } from '../http/send-asset';

export interface ScriptRelease {
  version: string;
  script: { url: string; integrity: string; major_url: string };
}

function release(embeddedFieldsDir: string): ScriptRelease | undefined {
  const file = join(embeddedFieldsDir, 'sri.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ScriptRelease) : undefined;
}

export function registerVersionedScriptRoutes(app: FastifyInstance, embeddedFieldsDir: string): void {
  app.get<{ Params: { version: string } }>('/:version/embedded-fields.js', async (request, reply) => {
    const current = release(embeddedFieldsDir);
    const send = (cache: 'immutable' | { maxAge: number }) => sendAsset(request, reply, { root: embeddedFieldsDir, file: 'embedded-fields.js', cache });
    // Not built yet: sendAsset answers the usual 503 bundle_not_built.
    if (!current) return send({ maxAge: 300 });
    const { version } = request.params;
    if (version === `v${current.version}`) return send('immutable');
    if (version === `v${current.version.split('.')[0]}`) return send({ maxAge: 300 });
    return reply.code(404).send({
      error: 'not_found',
      error_description: `This gateway serves embedded-fields.js ${current.version}: ${current.script.major_url} or ${current.script.url}.`,
    });
  });

  for (const file of ['embedded-fields-actions.js', 'embedded-fields-connect.js']) {
    app.get<{ Params: { version: string } }>(`/:version/${file}`, async (request, reply) => {
      const current = release(embeddedFieldsDir);
      const send = () => sendAsset(request, reply, { root: embeddedFieldsDir, file, cache: 'immutable' });
      if (!current || request.params.version === `v${current.version}`) return send();
      return reply.code(404).send({
        error: 'not_found',
        error_description: `This gateway serves ${file} ${current.version} only: /v${current.version}/${file}.`,
      });
    });
  }
}
