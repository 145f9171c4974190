/**
 * A screenshot's pixels, decoded by a browser page (no image library here): for the indexed
 * PNGs (indexed-png.ts) and for comparing two screenshots pixel by pixel.
 */
import type { Page } from '@playwright/test';

export interface Pixels {
  width: number;
  height: number;
  rgba: Uint8Array;
}

export async function decodePng(decoder: Page, png: Buffer): Promise<Pixels> {
  const decoded = await decoder.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let binary = '';
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width: bitmap.width, height: bitmap.height, rgba: btoa(binary) };
  }, png.toString('base64'));
  return { width: decoded.width, height: decoded.height, rgba: new Uint8Array(Buffer.from(decoded.rgba, 'base64')) };
}
