/**
 * Small PNGs of screenshots without an image library: the pixels reduced to a palette of at
 * most 256 colours (popularity over 15-bit colour buckets, each colour then mapped to its
 * nearest palette entry) and written as an 8-bit indexed PNG with Node's zlib. Screens of
 * forms and text have few colours, so this keeps them sharp at a fraction of the size.
 */
import { crc32, deflateSync } from 'node:zlib';

export interface IndexedImage {
  width: number;
  height: number;
  /** RGB triples, at most 256. */
  palette: Uint8Array;
  /** One palette index per pixel, row by row. */
  indices: Uint8Array;
}

const bucketOf = (r: number, g: number, b: number) => ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);

/** Reduces RGBA pixels (alpha ignored: screenshots are opaque) to at most `maxColors` colours. */
export function quantize(width: number, height: number, rgba: Uint8Array, maxColors = 256): IndexedImage {
  const pixels = width * height;
  const count = new Uint32Array(32768);
  const sums = new Float64Array(32768 * 3);
  for (let i = 0; i < pixels; i += 1) {
    const r = rgba[i * 4]!;
    const g = rgba[i * 4 + 1]!;
    const b = rgba[i * 4 + 2]!;
    const key = bucketOf(r, g, b);
    count[key] = count[key]! + 1;
    sums[key * 3] = sums[key * 3]! + r;
    sums[key * 3 + 1] = sums[key * 3 + 1]! + g;
    sums[key * 3 + 2] = sums[key * 3 + 2]! + b;
  }
  const used: number[] = [];
  for (let key = 0; key < 32768; key += 1) if (count[key]! > 0) used.push(key);
  used.sort((a, b) => count[b]! - count[a]!);
  const chosen = used.slice(0, maxColors);
  const palette = new Uint8Array(chosen.length * 3);
  chosen.forEach((key, index) => {
    for (let c = 0; c < 3; c += 1) palette[index * 3 + c] = Math.round(sums[key * 3 + c]! / count[key]!);
  });
  // Every bucket seen goes to its nearest palette colour (by its own average colour).
  const nearest = new Int16Array(32768).fill(-1);
  for (const key of used) {
    const r = sums[key * 3]! / count[key]!;
    const g = sums[key * 3 + 1]! / count[key]!;
    const b = sums[key * 3 + 2]! / count[key]!;
    let best = 0;
    let bestDistance = Infinity;
    for (let index = 0; index < chosen.length; index += 1) {
      const dr = r - palette[index * 3]!;
      const dg = g - palette[index * 3 + 1]!;
      const db = b - palette[index * 3 + 2]!;
      const distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = index;
      }
    }
    nearest[key] = best;
  }
  const indices = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i += 1) indices[i] = nearest[bucketOf(rgba[i * 4]!, rgba[i * 4 + 1]!, rgba[i * 4 + 2]!)]!;
  return { width, height, palette, indices };
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const body = Buffer.concat([head.subarray(4), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0, 0);
  return Buffer.concat([head.subarray(0, 4), body, crc]);
}

/** The 8-bit indexed PNG of an image (filter None on every row, zlib level 9). */
export function encodeIndexedPng(image: IndexedImage): Buffer {
  const { width, height, palette, indices } = image;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // colour type: indexed
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y += 1) {
    rows[y * (width + 1)] = 0;
    rows.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', palette),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
