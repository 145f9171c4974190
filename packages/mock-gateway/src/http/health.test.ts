/** Issue #27: a balancer's probes. Readiness reports the store and turns 503 when it does not answer. */
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
  });
});
