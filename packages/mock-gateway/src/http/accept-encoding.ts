/**
 * Accept-Encoding negotiation (RFC 9110, 12.5.3): the encoding to send among those we have,
 * in our order of preference (br, then gzip, then identity) unless the client ranks them by
 * q-value; `q=0` refuses one, `*` stands for every encoding not named. Hand-written because
 * @fastify/accept-negotiator maps `*` onto an encoding the header refused with q=0.
 */
export type ContentEncoding = 'br' | 'gzip' | 'identity';

const PREFERENCE: readonly ContentEncoding[] = ['br', 'gzip', 'identity'];

/** The q-value the header gives each coding it names (lower-cased), `*` included. */
function qualities(header: string): Map<string, number> {
  const ranked = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    ranked.set(token.trim(), q === undefined ? 1 : Number(q));
  }
  return ranked;
}

/**
 * The best of `available` (identity is always available) for this Accept-Encoding header.
 * No header: identity. Identity refused and nothing else acceptable: identity all the same
 * (RFC 9110 allows it, and a 406 for a script helps nobody).
 */
export function negotiateEncoding(header: string | undefined, available: readonly ContentEncoding[]): ContentEncoding {
  if (!header) return 'identity';
  const ranked = qualities(header);
  const wildcard = ranked.get('*');
  const qualityOf = (coding: ContentEncoding): number => {
    const named = ranked.get(coding) ?? (coding === 'gzip' ? ranked.get('x-gzip') : undefined);
    if (named !== undefined) return named;
    if (wildcard !== undefined) return wildcard;
    return coding === 'identity' ? 1 : 0; // identity is acceptable unless refused
  };
  let best: ContentEncoding = 'identity';
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (coding !== 'identity' && !available.includes(coding)) continue;
    const q = qualityOf(coding);
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}
