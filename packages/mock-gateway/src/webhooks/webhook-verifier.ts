/**
 * Verifies a webhook as the spec tells merchants to (Authentication, 6): the request carries
 * `Authorization: Bearer <JWT>`; its `data.SHA512` claim is the lowercase hex SHA-512 of the
 * raw body. The exact bytes received are hashed, the JWT's RS256 signature is verified with
 * the gateway's published keys (/.well-known/jwks.json) with its issuer (the gateway's
 * origin), audience (the merchant id), expiry and delivery id (`jti`), and the digest is
 * compared with the verified claim. Nothing of the body is to be believed before both pass.
 *
 * The one verifier of the workspace: the QA kit's inbox, the demo shop's receiver and
 * `mock-gateway listen --forward-to` use it, and merchants import it from `@payments/testing`.
 */
import { timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { sha512Hex } from './signing';

export type WebhookVerification =
  /** `deliveryId`: the signed jti, the same on every retry of one delivery (deduplicate on it). */
  | { ok: true; digest: string; deliveryId: string }
  /** `missing_token`: no Bearer JWT; `invalid_token`: bad signature, issuer, audience, expiry or claims; `digest_mismatch`: the body is not the signed one. */
  | { ok: false; reason: 'missing_token' | 'invalid_token' | 'digest_mismatch' };

/** `rawBody`: the bytes exactly as received (not re-serialized JSON); `authorization`: the header. */
export type WebhookVerifier = (rawBody: Uint8Array | string, authorization: string | undefined) => Promise<WebhookVerification>;

/**
 * Keys to verify webhooks with: `gatewayKeys(url)`, or a key set of your own made with jose
 * (`createLocalJWKSet`, `createRemoteJWKSet`). Typed as any key function, not as jose's own
 * type: jose is ESM-only, and naming its type in these declarations would break `require()`
 * users' type checking (TS1479).
 */
export type WebhookKeys = (...args: never[]) => unknown;

export interface WebhookVerifierOptions {
  /** The gateway's origin: its keys are at /.well-known/jwks.json and it is the JWT's issuer. */
  gatewayUrl: string;
  /** The merchant id the webhooks are for: the JWT's audience (one for another merchant is refused). */
  merchantId: string;
  /** The keys to verify with (default: the gateway's JWKS, fetched and cached by jose). */
  keys?: WebhookKeys;
  /** Seconds of clock skew tolerated on iat/exp (default 30). */
  clockToleranceS?: number;
}

function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_\-.]+)\s*$/i.exec(authorization ?? '');
  return match ? match[1]! : null;
}

function sha512Claim(payload: Record<string, unknown>): string | null {
  const data = payload.data;
  if (typeof data !== 'object' || data === null) return null;
  const claim = (data as Record<string, unknown>).SHA512;
  return typeof claim === 'string' && /^[0-9a-f]{128}$/.test(claim) ? claim : null;
}

/** The gateway's public keys, fetched from its JWKS and cached (share one between verifiers of several merchants). */
export function gatewayKeys(gatewayUrl: string): WebhookKeys {
  return createRemoteJWKSet(new URL('/.well-known/jwks.json', new URL(gatewayUrl).origin));
}

export function createWebhookVerifier(options: WebhookVerifierOptions): WebhookVerifier {
  const issuer = new URL(options.gatewayUrl).origin;
  const keys = (options.keys ?? gatewayKeys(issuer)) as JWTVerifyGetKey;
  return async (rawBody, authorization) => {
    const token = bearerToken(authorization);
    if (token === null) return { ok: false, reason: 'missing_token' };
    const digest = sha512Hex(rawBody);
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        issuer,
        audience: options.merchantId,
        requiredClaims: ['iat', 'exp', 'data', 'jti'],
        clockTolerance: options.clockToleranceS ?? 30,
      }));
    } catch {
      return { ok: false, reason: 'invalid_token' };
    }
    const claim = sha512Claim(payload);
    if (claim === null || !timingSafeEqual(Buffer.from(claim, 'ascii'), Buffer.from(digest, 'ascii'))) {
      return { ok: false, reason: 'digest_mismatch' };
    }
    if (typeof payload.jti !== 'string' || payload.jti === '') return { ok: false, reason: 'invalid_token' };
    return { ok: true, digest, deliveryId: payload.jti };
  };
}
