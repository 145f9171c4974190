/**
 * The generated types (@payments/core's src/generated/gateway-api.ts, which core's wire types,
 * the gateway's client, the QA kit and the CLI are typed with) are those openapi-typescript
 * makes of the committed openapi.json: a route whose schema changed without `pnpm --filter
 * @payments/mock-gateway openapi` fails here, before a client compiles against stale types.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'gateway-api-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it('core\'s generated gateway-api.ts is what openapi-typescript makes of openapi.json', { timeout: 120_000 }, () => {
  const out = join(scratch, 'gateway-api.ts');
  const run = spawnSync(join(PACKAGE, 'node_modules/.bin/openapi-typescript'), ['openapi.json', '-o', out], { cwd: PACKAGE, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  expect(readFileSync(join(PACKAGE, '../core/src/generated/gateway-api.ts'), 'utf8')).toBe(readFileSync(out, 'utf8'));
});
