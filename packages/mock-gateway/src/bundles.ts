/**
 * Where the gateway finds the browser bundles it serves (embedded-fields.js and the secure
 * frames, the hosted page) and the fixture's assets: the one place that knows. Two layouts,
 * told apart by where this module runs from:
 *  - published: `browser/` and `assets/` beside the compiled module (dist/, or the folder of
 *    the single-file mock-gateway.mjs), copied there by scripts/build.ts;
 *  - the workspace (src/ through tsx or vitest): each browser package's own dist/.
 * `--bundles DIR` (StartOptions.bundles) serves another Embedded Fields build.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BundlePaths {
  /** An Embedded Fields build: embedded-fields.js, sri.json, frame/. */
  embeddedFields: string;
  /** The hosted page's build: index.html, assets/. */
  hostedPage: string;
  /** The fixture's static files (the merchant logo), served at /assets/*. */
  assets: string;
  /** The dashboard page's build (index.html, assets/), served at /dashboard. */
  dashboard: string;
  /** Scalar's standalone build (standalone.js), the API reference at /docs. */
  apiReference: string;
}

const HERE = dirname(fileURLToPath(import.meta.url));

/** True when running compiled, with the bundles carried beside this module. */
export const PACKAGED = existsSync(join(HERE, 'browser'));

/** The pnpm workspace's root (meaningful in the workspace layout only). */
export const WORKSPACE_ROOT = resolve(HERE, '../../..');

/** The bundles as the published package carries them, under `dir`. */
export function packagedBundles(dir = HERE): BundlePaths {
  return {
    embeddedFields: join(dir, 'browser', 'embedded-fields'),
    hostedPage: join(dir, 'browser', 'hosted-page'),
    assets: join(dir, 'assets'),
    dashboard: join(dir, 'browser', 'dashboard'),
    apiReference: join(dir, 'browser', 'api-reference'),
  };
}

/** The bundles as the workspace builds them: packages/<pkg>/dist. */
export function workspaceBundles(): BundlePaths {
  const packages = join(WORKSPACE_ROOT, 'packages');
  return {
    embeddedFields: join(packages, 'embedded-fields', 'dist'),
    hostedPage: join(packages, 'hosted-page', 'dist'),
    assets: join(packages, 'mock-gateway', 'assets'),
    dashboard: join(packages, 'mock-gateway', 'dashboard', 'dist'),
    apiReference: join(packages, 'mock-gateway', 'node_modules', '@scalar', 'api-reference', 'dist', 'browser'),
  };
}

export function bundlePaths(overrides: Partial<BundlePaths> = {}): BundlePaths {
  return { ...(PACKAGED ? packagedBundles() : workspaceBundles()), ...overrides };
}
