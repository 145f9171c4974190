import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeIndexedPng, quantize } from './indexed-png';

describe('indexed PNG', () => {
  it('keeps the few colours of a screen exactly and writes a valid 8-bit indexed PNG', () => {
    const width = 3;
    const height = 2;
    const colours = [[255, 255, 255], [26, 86, 219], [180, 35, 24], [255, 255, 255], [255, 255, 255], [26, 86, 219]];
    const rgba = new Uint8Array(colours.flatMap(([r, g, b]) => [r!, g!, b!, 255]));
    const image = quantize(width, height, rgba);
    expect(image.palette.length / 3).toBe(3);
    const png = encodeIndexedPng(image);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(3);
    expect(png[24]).toBe(8);
    expect(png[25]).toBe(3);
    // PLTE, then IDAT with one filter byte and three indices per row.
    const plte = 8 + 25;
    expect(png.toString('ascii', plte + 4, plte + 8)).toBe('PLTE');
    const idat = plte + 12 + 9;
    expect(png.toString('ascii', idat + 4, idat + 8)).toBe('IDAT');
    const rows = inflateSync(png.subarray(idat + 8, idat + 8 + png.readUInt32BE(idat)));
    expect(rows).toHaveLength(8);
    const palette = [...image.palette];
    const colourAt = (i: number) => palette.slice(i * 3, i * 3 + 3);
    expect(colourAt(rows[2]!)).toEqual([26, 86, 219]);
    expect(colourAt(rows[3]!)).toEqual([180, 35, 24]);
  });

  it('maps a colour outside a full palette to its nearest entry', () => {
    const rgba = new Uint8Array([0, 0, 0, 255, 0, 0, 0, 255, 250, 250, 250, 255, 250, 250, 250, 255, 10, 10, 10, 255]);
    const image = quantize(5, 1, rgba, 2);
    expect([...image.indices]).toEqual([0, 0, 1, 1, 0]);
  });
});
