/**
 * The validating proxy bites: an answer with a wrong field, a status its operation does not
 * list, and an answer on a path the document lacks are each reported; a sound answer is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '@payments/mock-gateway';
import { startValidatingProxy, type ValidatingProxy } from './validating-proxy';

let gateway: RunningGateway;
let proxy: ValidatingProxy;

beforeAll(async () => {
  gateway = await startGateway({
    port: 0,
    logger: false,
    extend: (api) => {
      api.get('/not-in-the-document', async () => ({ hello: 'world' }));
      api.addHook('onSend', async (request, reply, payload) => {
        if (request.url === '/health/live?broken') return JSON.stringify({ status: 42 });
        if (request.url === '/health/live?teapot') reply.code(418);
        return payload;
      });
    },
  });
  proxy = await startValidatingProxy({ target: gateway.url });
});

afterAll(async () => {
  await proxy?.close();
  await gateway?.close();
});

const get = async (path: string) => (await fetch(`${proxy.url}${path}`, { headers: { 'user-agent': 'vitest' } })).status;

describe('startValidatingProxy', () => {
  it('passes answers that hold to the served document, and forwards them unchanged', async () => {
    expect(await get('/health/live')).toBe(200);
    expect(await get('/api/transactions/nope/status')).toBe(401);
    expect(await get('/nowhere')).toBe(404);
    expect(proxy.takeMismatches()).toEqual([]);
  });

  it('reports a wrong field, a status the operation does not list, and a path the document lacks', async () => {
    expect(await get('/health/live?broken')).toBe(200);
    expect(await get('/health/live?teapot')).toBe(418);
    expect(await get('/not-in-the-document')).toBe(200);
    const mismatches = proxy.takeMismatches();
    expect(mismatches).toContainEqual(expect.stringMatching(/^GET \/health\/live → 200: body\/status must be string/));
    expect(mismatches).toContainEqual('GET /health/live → 418: status 418 is not in the document');
    expect(mismatches).toContainEqual(expect.stringMatching(/^GET \/not-in-the-document \(not in the document\) → 200 .*only 400, 403, 404, 414 answer there/));
  });
});
