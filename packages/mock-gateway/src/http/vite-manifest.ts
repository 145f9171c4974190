/**
 * A build's Vite manifest (`<frame>.manifest.json`, the hosted page's): which hashed file each
 * source became. Read once per build: again when the file changes (a rebuild while the
 * gateway runs). Undefined when it is missing or unreadable (an older build).
 */
import { readFileSync, statSync } from 'node:fs';

export interface ManifestEntry {
  file: string;
  src?: string;
}

export type ViteManifest = Record<string, ManifestEntry | undefined>;

const manifests = new Map<string, { mtimeMs: number; manifest: ViteManifest }>();

export function viteManifest(path: string): ViteManifest | undefined {
  try {
    const { mtimeMs } = statSync(path);
    const cached = manifests.get(path);
    if (cached?.mtimeMs === mtimeMs) return cached.manifest;
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as ViteManifest;
    manifests.set(path, { mtimeMs, manifest });
    return manifest;
  } catch {
    return undefined;
  }
}
