/**
 * Issue #27: a balancer's probes. Readiness reports the store and turns 503 when it does not
 * answer. Issue #43: /health/live, and every probe answers a client that sends no User-Agent.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';
import { MemoryBackend } from '../store/memory-backend';
import { Store } from '../store/store';

let t: TestGateway;
afterEach(() => t.close());

describe('health checks', () => {
  it('answer on both listeners: alive, and ready with the store named', async () => {
    t = await testGateway();
    expect((await t.call('GET', '/health')).body).toEqual({ status: 'ok' });
    expect((await t.call('GET', '/health/ready')).body).toEqual({ status: 'ready', store: t.gw.ctx.store.description });
    const acs = await t.gw.acs.inject({ method: 'GET', url: '/health/ready', headers: { 'user-agent': 'haproxy' } });
    expect(acs.statusCode).toBe(200);
  });

  it('answer a probe with no User-Agent (HAProxy\'s plain httpchk), on both listeners; other paths still refuse one', async () => {
    t = await testGateway();
    for (const app of [t.gw.api, t.gw.acs]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      expect(await bareGet(app, '/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await bareGet(app, '/health/ready')).toEqual({ status: 200, body: { status: 'ready', store: t.gw.ctx.store.description } });
      expect((await bareGet(app, '/health')).status).toBe(200);
    }
    expect((await bareGet(t.gw.api, '/api/encryption-key')).status).toBe(403);
    expect((await bareGet(t.gw.api, '/health/nothing')).status).toBe(403);
  });

  it('report a store that does not answer as not ready (503), while staying alive', async () => {
    const backend = new MemoryBackend();
    let down = false;
    const count = backend.count.bind(backend);
    backend.count = (kind) => (down ? new Promise(() => undefined) : count(kind));
    t = await testGateway({ store: new Store(backend) });
    await t.gw.api.ready();
    down = true;
    const ready = await t.call<{ status: string; error: string }>('GET', '/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('unavailable');
    expect((await t.call('GET', '/health')).status).toBe(200);
    expect((await t.call('GET', '/health/live')).status).toBe(200);
  });
});

/** A GET over HTTP with no headers but Host (node's client adds no User-Agent; inject would). */
function bareGet(app: FastifyInstance, path: string): Promise<{ status: number; body: unknown }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body: text ? (JSON.parse(text) as unknown) : undefined }));
    })
      .on('error', reject)
      .end();
  });
}
