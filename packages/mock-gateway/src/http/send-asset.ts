/**
 * How the gateway sends bytes to a browser, compressed as a real CDN would:
 *  - `sendAsset`: a file served as is (built bundles, fixture assets). The build writes
 *    `file.br` and `file.gz` beside each one (scripts/precompress.ts); the request's
 *    Accept-Encoding picks one (br > gzip > identity, q=0 honoured), answered with
 *    `Content-Encoding`, `Vary: Accept-Encoding`, a strong ETag of the bytes sent (so one
 *    per encoding), 304 to a matching `If-None-Match`, and the caller's cache policy.
 *  - `sendCompressed`: a document rendered per request (the hosted page: per-session data,
 *    never cached), compressed on the fly at a fast level; or the same document for many
 *    requests (a frame document per locale; its CSP, in the headers, is per session), given
 *    a `reuse` key: compressed once at the highest level and kept.
 * A file without precompressed variants (a dist built before precompression, the fixture's
 * logo) is compressed on the fly too, so what is on the wire never depends on the build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding, type ContentEncoding } from './accept-encoding';

/**
 * `immutable`: content-hashed names (a new build is a new URL), cached for a year.
 * `no-cache`: stored but revalidated (ETag → 304) on every use.
 * `{ maxAge }`: fresh for that many seconds, then revalidated: entry points such as
 * /embedded-fields.js, whose URL stays while their content changes.
 */
export type CachePolicy = 'immutable' | 'no-cache' | { maxAge: number };

export interface AssetOptions {
  /** The folder the file must stay inside. */
  root: string;
  /** The path below `root`, as requested. */
  file: string;
  cache: CachePolicy;
  /**
   * Loaded only by the gateway's own documents (the frames' and the hosted page's chunks):
   * `Cross-Origin-Resource-Policy: same-origin` and no CORS header, so no other site can load
   * them. Default: any site may (embedded-fields.js, with SRI, needs CORS).
   */
  sameOriginOnly?: boolean;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.ts': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
/** Types worth compressing (images other than SVG, fonts in woff2 already are). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.map', '.ts']);

const PRECOMPRESSED_SUFFIX: Record<Exclude<ContentEncoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

export function cacheControl(policy: CachePolicy): string {
  if (policy === 'immutable') return 'public, max-age=31536000, immutable';
  if (policy === 'no-cache') return 'public, no-cache';
  return `public, max-age=${policy.maxAge}`;
}

/**
 * Compresses a body: `fast` at a level fit for per-request work (a few kB in well under
 * 1 ms), else at the highest (a 4 kB frame document: 1.4 kB br against 1.6 kB, in 5 ms).
 */
function compress(body: Buffer, encoding: ContentEncoding, fast = true): Buffer {
  const quality = fast ? 5 : constants.BROTLI_MAX_QUALITY;
  if (encoding === 'br') return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  if (encoding === 'gzip') return gzipSync(body, { level: fast ? 6 : 9 });
  return body;
}

function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110, 13.1.2): W/ is ignored. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * Each file's bytes and ETag per encoding, read (and hashed, or compressed when no
 * precompressed copy exists) once, not on every request; a rebuilt file (new mtime or size)
 * is read again.
 */
const encodedFiles = new Map<string, { stamp: string; body: Buffer; etag: string }>();

function encodedFile(path: string, encoding: ContentEncoding, stamp: string): { body: Buffer; etag: string } {
  const key = `${path}\0${encoding}`;
  const cached = encodedFiles.get(key);
  if (cached?.stamp === stamp) return cached;
  let body: Buffer;
  if (encoding === 'identity') body = readFileSync(path);
  else {
    const variant = `${path}${PRECOMPRESSED_SUFFIX[encoding]}`;
    body = existsSync(variant) ? readFileSync(variant) : compress(readFileSync(path), encoding);
  }
  const entry = { stamp, body, etag: strongEtag(body) };
  encodedFiles.set(key, entry);
  return entry;
}

/** NAME_MAX of the usual file systems (ext4, APFS, NTFS): no file has a longer segment. */
const MAX_SEGMENT_BYTES = 255;
/** Far above any name the builds write (content-hashed chunks are under 100 bytes), far below PATH_MAX. */
const MAX_NAME_BYTES = 1024;
/** C0 controls and DEL: NUL makes every fs call throw, and no build writes any of them. */
function hasControlCharacter(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The file `file` names below `root`, or undefined when no file can have that name: a control
 * character, a segment or name longer than a file system takes, an empty, `.` or `..` segment
 * (no build writes one; `card.js/.` would otherwise be card.js), or a path out of `root`. A
 * client may send any of them (`/assets/%00`, a 5,000-character name): each is a 404, never
 * the fs error (ERR_INVALID_ARG_VALUE, ENAMETOOLONG) it would throw.
 */
function assetPath(root: string, file: string): string | undefined {
  if (hasControlCharacter(file) || Buffer.byteLength(file) > MAX_NAME_BYTES) return undefined;
  const segments = file.split(/[/\\]/);
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..' || Buffer.byteLength(segment) > MAX_SEGMENT_BYTES)) return undefined;
  const path = normalize(join(root, file));
  return path.startsWith(root + sep) ? path : undefined;
}

/** Errors that say "no file by that name" (`logo.svg/x`: ENOTDIR), not "the server is broken" (EACCES, EMFILE: thrown). */
const NO_SUCH_FILE = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'ELOOP', 'EINVAL', 'ERR_INVALID_ARG_VALUE']);

function fileStat(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if (NO_SUCH_FILE.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
}

/** Sends a file from `root` (never outside it), 404 for a name that is no file, or a clear 503 when the bundle is not built. */
export function sendAsset(request: FastifyRequest, reply: FastifyReply, { root, file, cache, sameOriginOnly = false }: AssetOptions): FastifyReply {
  const path = assetPath(root, file);
  // A directory (`/assets/`, `/assets/.`, `/assets/%2F`) is not a file: 404, never EISDIR.
  const stat = path === undefined ? undefined : fileStat(path);
  if (!path || !stat?.isFile()) {
    const built = existsSync(root);
    return built || !path
      ? reply.code(404).send({ error: 'not_found', error_description: 'No such file.' })
      : reply.code(503).send({ error: 'bundle_not_built', error_description: `Run pnpm build (${file}).` });
  }
  const compressible = COMPRESSIBLE.has(extname(path));
  const encoding = compressible ? negotiateEncoding(request.headers['accept-encoding'], ['br', 'gzip']) : 'identity';
  const { body, etag } = encodedFile(path, encoding, `${stat.mtimeMs}:${stat.size}`);
  reply
    .header('etag', etag)
    .header('cache-control', cacheControl(cache))
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', sameOriginOnly ? 'same-origin' : 'cross-origin');
  if (!sameOriginOnly) reply.header('access-control-allow-origin', '*');
  if (compressible) reply.header('vary', 'Accept-Encoding');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.header('content-type', TYPES[extname(path)] ?? 'application/octet-stream').send(body);
}

/** Documents sent to many requests, per `reuse` key and encoding (a few: frames × locales × builds). */
const reusedDocuments = new Map<string, Buffer>();

/**
 * Sends a document, compressed when the browser accepts it. The caller sets its own headers
 * (content type, CSP, `no-store`) before. `reuse`: a key that names this exact document
 * (the same bytes for every request with that key), so it is compressed once, at the highest
 * level, and kept.
 */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, document: string, reuse?: string): FastifyReply {
  const encoding = negotiateEncoding(request.headers['accept-encoding'], ['br', 'gzip']);
  reply.header('vary', 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (reuse === undefined) return reply.send(compress(Buffer.from(document), encoding));
  const key = `${encoding}\0${reuse}`;
  let body = reusedDocuments.get(key);
  if (!body) {
    if (reusedDocuments.size >= 64) reusedDocuments.clear(); // rebuilds while running: never unbounded
    body = compress(Buffer.from(document), encoding, false);
    reusedDocuments.set(key, body);
  }
  return reply.send(body);
}
