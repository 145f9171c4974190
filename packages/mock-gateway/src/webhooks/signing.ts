/**
 * Webhook signatures (spec: Authentication, 6): `Authorization: Bearer <JWT>`, RS256, whose
 * `data.SHA512` claim is the lowercase hex SHA-512 of the exact raw body. Receivers hash the
 * body, compare, then verify the JWT against the keys published at /.well-known/jwks.json.
 *
 * The spec says some events use a platform key and others the merchant key, without saying
 * which; the mock signs every event with one platform key per gateway instance.
 */
import { createHash } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

/** Seconds a webhook JWT stays valid. */
export const WEBHOOK_JWT_LIFETIME_S = 300;

export interface WebhookSigner {
  /**
   * A JWT for one attempt of a delivery: `jti` is the delivery id (the same on every retry,
   * so receivers deduplicate on a signed value) and `aud` the merchant it is for.
   */
  signWebhook(rawBody: string, jti: string, audience: string): Promise<string>;
  /** The public key set that verifies the JWTs. */
  jwks(): Promise<{ keys: JWK[] }>;
}

interface PlatformKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/** Lowercase hex SHA-512 of the body's UTF-8 bytes. */
export function sha512Hex(rawBody: string | Uint8Array): string {
  return createHash('sha512').update(rawBody).digest('hex');
}

/**
 * A signer with its own RS256 key, generated on first use (the promise is cached).
 * `issuer` is read at signing time because the gateway learns its origin once listening.
 */
export function createWebhookSigner(issuer: () => string): WebhookSigner {
  let key: Promise<PlatformKey> | undefined;
  const platformKey = (): Promise<PlatformKey> => (key ??= generatePlatformKey());

  return {
    async signWebhook(rawBody, jti, audience) {
      const { kid, privateKey } = await platformKey();
      // Wall-clock time, not the gateway's test clock: receivers check exp against their own clock.
      const iat = Math.floor(Date.now() / 1000);
      return new SignJWT({ data: { SHA512: sha512Hex(rawBody) } })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(issuer())
        .setAudience(audience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + WEBHOOK_JWT_LIFETIME_S)
        .setJti(jti)
        .sign(privateKey);
    },
    async jwks() {
      return { keys: [(await platformKey()).publicJwk] };
    },
  };
}

async function generatePlatformKey(): Promise<PlatformKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048 });
  const exported = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(exported);
  return { kid, privateKey, publicJwk: { ...exported, kid, alg: 'RS256', use: 'sig' } };
}
