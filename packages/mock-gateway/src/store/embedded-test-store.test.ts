/**
 * The embedded run's databases (pnpm test:embedded-store): each test file's PGlite is a copy
 * of the run's migrated template (vitest.embedded-setup.ts), on disk beside it, not a new
 * cluster. Runs only in that run.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testStore } from '../test-support/test-stores';

describe.runIf(process.env.GATEWAY_TEST_STORE === 'embedded')('the embedded run', () => {
  it("opens each test file's database in a copy of the run's migrated template", async () => {
    const template = process.env.GATEWAY_TEST_PGLITE_TEMPLATE;
    expect(template, 'the run made a template').toBeTruthy();
    expect(existsSync(join(template!, 'PG_VERSION'))).toBe(true);
    const store = (await testStore())!;
    const dataDir = store.description.replace(/^embedded \(PGlite\) in /, '');
    expect(dirname(dataDir)).toBe(dirname(template!));
    expect(dataDir).not.toBe(template);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
  });
});
