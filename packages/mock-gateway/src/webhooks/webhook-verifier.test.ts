/**
 * Issue #43: the one webhook verifier (the QA kit's inbox, the demo's receiver and `listen`
 * use it): a webhook signed by the gateway's signer verifies; a changed body, another
 * merchant, another issuer, another key or no token do not.
 */
import { createLocalJWKSet, SignJWT, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { createWebhookSigner, sha512Hex } from './signing';
import { createWebhookVerifier } from './webhook-verifier';

const GATEWAY = 'http://127.0.0.1:4010';
const BODY = '{"event":"transaction-svc:transaction:purchase:approved","payload":{"id":"t1"}}';

async function setup() {
  const signer = createWebhookSigner(() => GATEWAY);
  const keys = createLocalJWKSet(await signer.jwks());
  const verifier = (merchantId = 'MERCHANT0001', gatewayUrl = GATEWAY) => createWebhookVerifier({ gatewayUrl, merchantId, keys });
  return { signer, verifier };
}

describe('createWebhookVerifier', () => {
  it('takes what the gateway signed: the digest and the signed delivery id', async () => {
    const { signer, verifier } = await setup();
    const token = await signer.signWebhook(BODY, 'delivery-1', 'MERCHANT0001');
    expect(await verifier()(Buffer.from(BODY), `Bearer ${token}`)).toEqual({ ok: true, digest: sha512Hex(BODY), deliveryId: 'delivery-1' });
    expect((await verifier()(BODY, `Bearer ${token}`)).ok).toBe(true);
  });

  it('refuses a changed body, another merchant, another issuer, and no token', async () => {
    const { signer, verifier } = await setup();
    const token = await signer.signWebhook(BODY, 'delivery-1', 'MERCHANT0001');
    expect(await verifier()(BODY.replace('t1', 't2'), `Bearer ${token}`)).toEqual({ ok: false, reason: 'digest_mismatch' });
    expect(await verifier('MERCHANT0002')(BODY, `Bearer ${token}`)).toEqual({ ok: false, reason: 'invalid_token' });
    expect(await verifier('MERCHANT0001', 'http://gateway.example')(BODY, `Bearer ${token}`)).toEqual({ ok: false, reason: 'invalid_token' });
    expect(await verifier()(BODY, undefined)).toEqual({ ok: false, reason: 'missing_token' });
    expect(await verifier()(BODY, `Basic ${token}`)).toEqual({ ok: false, reason: 'missing_token' });
  });

  it('refuses a token with every claim right but signed with another key', async () => {
    const { verifier } = await setup();
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ data: { SHA512: sha512Hex(BODY) } })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(GATEWAY)
      .setAudience('MERCHANT0001')
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .setJti('delivery-1')
      .sign(privateKey);
    expect(await verifier()(BODY, `Bearer ${forged}`)).toEqual({ ok: false, reason: 'invalid_token' });
  });
});
