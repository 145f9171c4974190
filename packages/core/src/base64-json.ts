/**
 * Base64 of UTF-8 JSON, as the spec uses for action tokens, threeDSMethodData, CReq and
 * fingerprint_result. Works the same in browsers and Node (both have btoa/atob and
 * TextEncoder), so the gateway and the frames cannot disagree on encoding.
 */
export function encodeBase64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function decodeBase64Utf8(base64: string): string {
  const normalized = base64.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(normalized + '='.repeat((4 - (normalized.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeBase64Json(value: unknown): string {
  return encodeBase64Utf8(JSON.stringify(value));
}

/** Decodes Base64 (standard or URL alphabet) JSON; throws on anything else. */
export function decodeBase64Json<T = unknown>(base64: string): T {
  return JSON.parse(decodeBase64Utf8(base64)) as T;
}

/** Base64URL without padding, as used for `cres`. */
export function encodeBase64UrlJson(value: unknown): string {
  return encodeBase64Json(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Like decodeBase64Json, but undefined for anything that is not Base64 JSON (untrusted input). */
export function tryDecodeBase64Json<T = unknown>(base64: unknown): Partial<T> | undefined {
  if (typeof base64 !== 'string') return undefined;
  try {
    const value = decodeBase64Json<T>(base64);
    return value !== null && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}
