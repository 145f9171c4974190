/**
 * Webhook signatures (spec: Authentication, 6): `Authorization: Bearer <JWT>`, RS256, whose
 * `data.SHA512` claim is the lowercase hex SHA-512 of the exact raw body. Receivers hash the
 * body, compare, then verify the JWT against the keys published at /.well-known/jwks.json.
 *
 * The spec says some events use a platform key and others the merchant key, without saying
 * which; the mock signs every event with one platform key per sandbox. Given a store, the key
 * is made once and kept there, so every replica publishes the same JWKS and a receiver's
 * cached keys stay good across restarts.
 */
import { createHash } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { createdOnce } from '../store/settings';
import type { Store } from '../store/store';

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
 * A signer with an RS256 key: the store's (made on first use by whichever replica comes
 * first), or without a store one of its own. `issuer` is read at signing time because the
 * gateway learns its origin once listening.
 */
export function createWebhookSigner(issuer: () => string, store?: Store): WebhookSigner {
  let key: Promise<PlatformKey> | undefined;
  const platformKey = (): Promise<PlatformKey> => {
    key ??= (store ? storedPlatformKey(store) : generatePlatformKey().then(({ key: k }) => k));
    key.catch(() => (key = undefined));
    return key;
  };

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

const PLATFORM_KEY_SETTING = 'webhook-platform-key';

async function generatePlatformKey(): Promise<{ key: PlatformKey; privateJwk: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const exported = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(exported);
  return { key: { kid, privateKey, publicJwk: { ...exported, kid, alg: 'RS256', use: 'sig' } }, privateJwk: await exportJWK(privateKey) };
}

/** The sandbox's key pair from the store, made and kept there by the first replica that signs. */
async function storedPlatformKey(store: Store): Promise<PlatformKey> {
  interface StoredPair {
    publicJwk: JWK;
    privateJwk: JWK;
  }
  let stored = await store.setting<StoredPair>(PLATFORM_KEY_SETTING);
  if (!stored) {
    // Generated outside the lock (createdOnce's work is synchronous); a replica that loses the race uses the winner's.
    const fresh = await generatePlatformKey();
    stored = await createdOnce<StoredPair>(store, PLATFORM_KEY_SETTING, () => ({ publicJwk: fresh.key.publicJwk, privateJwk: fresh.privateJwk }));
  }
  const privateKey = (await importJWK(stored.privateJwk, 'RS256')) as CryptoKey;
  return { kid: stored.publicJwk.kid!, privateKey, publicJwk: stored.publicJwk };
}
