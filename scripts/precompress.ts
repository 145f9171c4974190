/**
 * `tsx scripts/precompress.ts <dist>`: writes `file.br` (brotli, quality 11) and `file.gz`
 * (gzip, level 9) beside every text asset of a build, so the mock gateway sends the bytes a
 * shopper's browser would really download (http/send-asset.ts picks one per Accept-Encoding).
 * Run by each browser package's `build` (pnpm build, and the gateway's build-when-missing).
 * A variant that would not be smaller than the file is not written.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt']);
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.has(extname(entry.name))) yield path;
  }
}

const dist = process.argv[2];
if (!dist) {
  console.error('usage: tsx scripts/precompress.ts <dist folder>');
  process.exit(2);
}

let raw = 0;
let br = 0;
await Promise.all(
  [...files(dist)].map(async (file) => {
    const bytes = readFileSync(file);
    const size = bytes.length;
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    };
    const [brotlied, gzipped] = await Promise.all([brotli(bytes, { params }), gz(bytes, { level: 9 })]);
    if (brotlied.length < size) writeFileSync(`${file}.br`, brotlied);
    if (gzipped.length < size) writeFileSync(`${file}.gz`, gzipped);
    raw += size;
    br += Math.min(size, brotlied.length);
  }),
);
console.log(`precompressed ${relative(process.cwd(), dist) || dist}: ${(raw / 1000).toFixed(1)} kB → ${(br / 1000).toFixed(1)} kB brotli`);
