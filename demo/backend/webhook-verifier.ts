/**
 * Verifies a webhook as the spec says (Authentication, 6): the request carries
 * `Authorization: Bearer <JWT>`; its `data.SHA512` claim is the lowercase hex SHA-512 of the
 * raw body. We hash the exact bytes received, verify the JWT's RS256 signature with the
 * gateway's published keys (issuer, audience = our merchant id, expiry), and compare the
 * digest with the verified claim.
 * Either check failing means 401: nothing of the body is believed before both pass.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export type WebhookVerification =
  /** `deliveryId`: the signed jti, the same on every retry of one delivery. */
  | { ok: true; digest: string; deliveryId: string }
  | { ok: false; reason: 'missing_token' | 'invalid_token' | 'digest_mismatch' };

export type WebhookVerifier = (rawBody: Uint8Array, authorization: string | undefined) => Promise<WebhookVerification>;

export interface VerifierOptions {
  /** The gateway's origin: its JWKS is at /.well-known/jwks.json and it is the JWT issuer. */
  gatewayUrl: string;
  /** The shop's merchant id: the JWT's audience (a webhook for another merchant is refused). */
  merchantId: string;
  /** The keys to verify with (default: the gateway's remote JWKS, cached by jose). */
  keys?: JWTVerifyGetKey;
  /** Seconds of clock skew tolerated on iat/exp. */
  clockToleranceS?: number;
}

/** Lowercase hex SHA-512 of the bytes. */
export function sha512Hex(bytes: Uint8Array): string {
  return createHash('sha512').update(bytes).digest('hex');
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

export function createWebhookVerifier(options: VerifierOptions): WebhookVerifier {
  const issuer = new URL(options.gatewayUrl).origin;
  const keys = options.keys ?? createRemoteJWKSet(new URL('/.well-known/jwks.json', issuer));
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
