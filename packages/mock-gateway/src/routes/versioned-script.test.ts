/**
 * embedded-fields.js by version (HTTP layer, Fastify inject), served from an Embedded Fields
 * build written here with the layout and sri.json the real build writes.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';
import { registerStaticRoutes } from './static-bundles';
import { registerVersionedScriptRoutes } from './versioned-script';

const SCRIPT = 'window.PaymentComponent = function () {};\n';
const ACTIONS = 'document.currentScript.dispatchEvent(new CustomEvent("embedded-fields-actions"));\n';
const CONNECT = 'document.currentScript.dispatchEvent(new CustomEvent("embedded-fields-connect"));\n';
const INTEGRITY = `sha384-${createHash('sha384').update(SCRIPT).digest('base64')}`;

describe('versioned script URLs', () => {
  let t: TestGateway;
  let build: string;

  beforeAll(async () => {
    build = mkdtempSync(join(tmpdir(), 'ef-build-'));
    mkdirSync(join(build, 'frame'));
    writeFileSync(join(build, 'embedded-fields.js'), SCRIPT);
    writeFileSync(join(build, 'embedded-fields-actions.js'), ACTIONS);
    writeFileSync(join(build, 'embedded-fields-connect.js'), CONNECT);
    const sri = { version: '2.3.4', script: { url: '/v2.3.4/embedded-fields.js', integrity: INTEGRITY, major_url: '/v2/embedded-fields.js' } };
    writeFileSync(join(build, 'sri.json'), JSON.stringify(sri));
    const bundles = { embeddedFields: build, hostedPage: join(build, 'none'), assets: join(build, 'none'), dashboard: join(build, 'none'), apiReference: join(build, 'none') };
    t = await testGateway({
      extend: (api) => {
        registerStaticRoutes(api, bundles);
        registerVersionedScriptRoutes(api, build);
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(build, { recursive: true, force: true });
  });

  it('serves the exact version immutable, with the published hash matching the bytes', async () => {
    const reply = await t.call('GET', '/v2.3.4/embedded-fields.js');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(SCRIPT);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const sri = await t.call<{ script: { url: string; integrity: string } }>('GET', '/sri.json');
    expect(sri.body.script).toMatchObject({ url: '/v2.3.4/embedded-fields.js', integrity: INTEGRITY });
  });

  it('serves the major and the unversioned URL with a short cache', async () => {
    for (const url of ['/v2/embedded-fields.js', '/embedded-fields.js']) {
      const reply = await t.call('GET', url);
      expect(reply.status, url).toBe(200);
      expect(reply.text).toBe(SCRIPT);
      expect(reply.headers['cache-control']).toBe('public, max-age=300');
    }
  });

  it('answers 404 naming the served version for any other version', async () => {
    for (const url of ['/v1/embedded-fields.js', '/v2.3.5/embedded-fields.js', '/v2.3/embedded-fields.js', '/2.3.4/embedded-fields.js']) {
      const reply = await t.call<{ error: string; error_description: string }>('GET', url);
      expect(reply.status, url).toBe(404);
      expect(reply.body.error_description).toContain('/v2/embedded-fields.js or /v2.3.4/embedded-fields.js');
    }
  });

  it('serves embedded-fields-actions.js at the exact version only, immutable and loadable cross-site', async () => {
    const reply = await t.call('GET', '/v2.3.4/embedded-fields-actions.js');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(ACTIONS);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    for (const url of ['/v2/embedded-fields-actions.js', '/v2.3.5/embedded-fields-actions.js']) {
      const other = await t.call<{ error_description: string }>('GET', url);
      expect(other.status, url).toBe(404);
      expect(other.body.error_description).toContain('/v2.3.4/embedded-fields-actions.js');
    }
  });

  it('serves embedded-fields-connect.js (penpal, loaded once a frame is ready) at the exact version only, immutable and loadable cross-site', async () => {
    const reply = await t.call('GET', '/v2.3.4/embedded-fields-connect.js');
    expect(reply.status).toBe(200);
    expect(reply.text).toBe(CONNECT);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['access-control-allow-origin']).toBe('*');
    const other = await t.call<{ error_description: string }>('GET', '/v2/embedded-fields-connect.js');
    expect(other.status).toBe(404);
    expect(other.body.error_description).toContain('/v2.3.4/embedded-fields-connect.js');
  });
});
