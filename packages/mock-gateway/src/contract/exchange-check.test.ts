/**
 * The contract check bites: an answer with a field the document does not allow, a request
 * the gateway accepted although its document refuses it, or a status the document does not
 * list fails the call that caused it.
 */
import { describe, expect, it } from 'vitest';
import { testGateway } from '../test-harness';

describe('the contract check of the test harness', () => {
  it('passes an answer that holds to the document', async () => {
    const t = await testGateway();
    const answer = await t.call('POST', '/api/customers', { email: 'a@example.com' }, await t.auth());
    expect(answer.status).toBe(200);
    await t.close();
  });

  it('holds the answers to requests it cannot read to the document too (400, 413, 415)', async () => {
    const t = await testGateway();
    const headers = await t.auth();
    expect((await t.call('POST', '/api/customers', '{"email":', headers)).status).toBe(400);
    expect((await t.call('POST', '/api/customers', JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }), headers)).status).toBe(413);
    expect((await t.call('POST', '/api/customers', '<customer/>', { ...headers, 'content-type': 'application/xml' })).status).toBe(415);
    await t.close();
  });

  it('fails the call whose answer has a wrong field', async () => {
    const t = await testGateway({
      extend: (api) =>
        api.addHook('onSend', async (request, _reply, payload) =>
          request.url === '/api/customers' ? JSON.stringify({ ...JSON.parse(String(payload)), email: 42 }) : payload,
        ),
    });
    const headers = await t.auth();
    await expect(t.call('POST', '/api/customers', { email: 'a@example.com' }, headers)).rejects.toThrow(
      /POST \/api\/customers → 200: body\/email must be string/,
    );
    await t.close();
  });

  it('fails the call answered with a status the document does not list', async () => {
    const t = await testGateway({
      extend: (api) =>
        api.addHook('onSend', async (request, reply, payload) => {
          if (request.url === '/health') reply.code(418);
          return payload;
        }),
    });
    await expect(t.call('GET', '/health')).rejects.toThrow(/GET \/health → 418: status 418 is not in the document/);
    await t.close();
  });

  it('checks what a test sent through gw.api.inject itself when the gateway closes', async () => {
    const t = await testGateway({
      extend: (api) => api.addHook('onSend', async (request, _reply, payload) => (request.url === '/health' ? '{"state":"ok"}' : payload)),
    });
    await t.gw.api.inject({ method: 'GET', url: '/health', headers: { 'user-agent': 'vitest' } });
    await expect(t.close()).rejects.toThrow(/GET \/health → 200: body must have required property 'status'/);
  });
});
