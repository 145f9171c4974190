/**
 * The `pnpm test` runner (scripts/test-steps.ts), with small real shell steps: a phase's
 * steps run side by side, their output comes out whole per step, a failure stops the later
 * phases, and the list of phases still holds every suite.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PHASES, runPhases, summary, type Step } from './test-steps';

/** A shell step running a Node one-liner (no quotes inside `code`). */
const node = (name: string, code: string): Step => ({ name, command: `node -e "${code}"` });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'test-steps-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('runPhases', () => {
  it('runs the steps of a phase side by side: each waits for a file the other writes', async () => {
    // Run one after the other, the first would wait for the second forever (and fail after 10 s).
    const meet = (name: string, mine: string, theirs: string) =>
      node(
        name,
        `const fs = require('fs'); fs.writeFileSync('${join(dir, mine)}', ''); const t = Date.now();` +
          ` (function wait() { if (fs.existsSync('${join(dir, theirs)}')) return; if (Date.now() - t > 10000) process.exit(3); setTimeout(wait, 20); })();`,
      );
    const results = await runPhases([[meet('a', 'a', 'b'), meet('b', 'b', 'a')]], { write: () => undefined });
    expect(results.map((result) => [result.name, result.ok])).toEqual([
      ['a', true],
      ['b', true],
    ]);
  });

  it("prints each side-by-side step's output whole, under its name, however the lines interleaved", async () => {
    let out = '';
    const chatty = (name: string) =>
      node(name, `let i = 0; const t = setInterval(() => { console.log('${name}-' + i); if (++i === 5) clearInterval(t); }, 10);`);
    await runPhases([[chatty('one'), chatty('two')]], { write: (text) => (out += text) });
    for (const name of ['one', 'two']) {
      const block = out.split('\n── ').find((part) => part.startsWith(`${name}:`))!;
      expect(block.split('\n').slice(1, 6)).toEqual([0, 1, 2, 3, 4].map((i) => `${name}-${i}`));
    }
  });

  it('a failed step ends the run after its phase: the rest of the phase finishes, later phases never start', async () => {
    const marker = join(dir, 'later-ran');
    let out = '';
    const phases = [
      [node('fails', 'process.exit(2)'), node('passes', 'setTimeout(() => {}, 200)')],
      [node('later', `require('fs').writeFileSync('${marker}', '')`)],
    ];
    const results = await runPhases(phases, { write: (text) => (out += text) });
    expect(results.map((result) => [result.name, result.ok])).toEqual([
      ['fails', false],
      ['passes', true],
    ]);
    expect(existsSync(marker)).toBe(false);
    expect(out).toContain('fails: node -e');
    expect(out).toMatch(/fails: .*FAILED\)/);
    expect(summary(results, phases)).toContain('not run (an earlier phase failed): later');
  });
});

describe('PHASES', () => {
  it('still runs every suite of pnpm test once, with the build before the suites that serve its bundles', () => {
    const names = PHASES.map((phase) => phase.map((step) => step.name));
    expect(names.flat().sort()).toEqual(
      ['build', 'docs:build', 'lint', 'playwright', 'test:embedded-store', 'test:engines', 'test:pack', 'test:postgres-store', 'test:replicas', 'test:unit', 'typecheck'].sort(),
    );
    const phaseOf = (name: string) => names.findIndex((phase) => phase.includes(name));
    for (const suite of ['test:unit', 'test:embedded-store', 'test:postgres-store', 'playwright', 'test:replicas', 'test:engines', 'test:pack']) {
      expect(phaseOf(suite), suite).toBeGreaterThan(phaseOf('build'));
    }
    // e2e/docs-site.spec.ts opens the built site.
    expect(phaseOf('playwright')).toBeGreaterThan(phaseOf('docs:build'));
  });
});
