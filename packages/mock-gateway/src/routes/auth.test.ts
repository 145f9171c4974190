import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testGateway, type TestGateway } from '../test-harness';

let t: TestGateway;
beforeEach(async () => {
  t = await testGateway();
});
afterEach(() => t.close());

async function token(form: string) {
  const reply = await t.gw.api.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'user-agent': 'vitest', 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });
  return { status: reply.statusCode, body: JSON.parse(reply.body) as Record<string, unknown> };
}

describe('POST /oauth/token', () => {
  it('grants client credentials a bearer token for 300 seconds', async () => {
    const reply = await token('grant_type=client_credentials&client_id=test-client&client_secret=test-secret');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'payments payment_method:detach' });
    expect(reply.body.access_token).toEqual(expect.any(String));
    expect(reply.body.refresh_token).toEqual(expect.any(String));
  });

  it('refuses a wrong secret and an unknown grant with an error field', async () => {
    expect(await token('grant_type=client_credentials&client_id=test-client&client_secret=nope')).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
    expect(await token('grant_type=password&client_id=test-client&client_secret=test-secret')).toMatchObject({
      status: 401,
      body: { error: 'unsupported_grant_type' },
    });
  });

  it('narrows permissions with scope, and exchanges a refresh token once', async () => {
    const narrow = await token('grant_type=client_credentials&client_id=test-client&client_secret=test-secret&scope=payments');
    expect(narrow.body.scope).toBe('payments');
    const first = await token('grant_type=client_credentials&client_id=test-client&client_secret=test-secret');
    const refreshed = await token(`grant_type=refresh_token&refresh_token=${String(first.body.refresh_token)}`);
    expect(refreshed.status).toBe(200);
    const reused = await token(`grant_type=refresh_token&refresh_token=${String(first.body.refresh_token)}`);
    expect(reused.status).toBe(401);
  });

  it('expires tokens by the gateway clock', async () => {
    const auth = await t.auth();
    expect((await t.call('GET', '/api/encryption-key', undefined, auth)).status).toBe(200);
    await t.call('POST', '/__mock/clock', { advance_seconds: 300 });
    const expired = await t.call('GET', '/api/encryption-key', undefined, auth);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ error: 'invalid_token' });
  });
});

describe('GET /api/encryption-key', () => {
  it('publishes an RSA-OAEP-256 SPKI key to the client key and to a bearer', async () => {
    const byKey = await t.call<{ key_id: string; algorithm: string; public_key: string }>('GET', '/api/encryption-key', undefined, {
      'x-client-key': 'test-client-key',
    });
    expect(byKey.body).toMatchObject({ algorithm: 'RSA-OAEP-256' });
    expect(byKey.body.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const byToken = await t.call<{ key_id: string }>('GET', '/api/encryption-key', undefined, await t.auth());
    expect(byToken.body.key_id).toBe(byKey.body.key_id);
    const unknown = await t.call('GET', '/api/encryption-key', undefined, { 'x-client-key': 'nope' });
    expect(unknown.status).toBe(401);
  });
});
