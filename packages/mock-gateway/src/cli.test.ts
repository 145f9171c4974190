/**
 * The mock-gateway command as a user runs it (a child process through tsx): --help, a
 * --bundles folder that is not a build, and --bundles serving another Embedded Fields build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, 'cli.ts');
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('mock-gateway command', () => {
  const build = mkdtempSync(join(tmpdir(), 'ef-build-'));
  afterAll(() => rmSync(build, { recursive: true, force: true }));

  it('--help prints every flag and exits 0', () => {
    const result = run('--help');
    expect(result.status).toBe(0);
    for (const flag of ['--port', '--host', '--webhook-url', '--bundles DIR', '--config', '--help']) expect(result.stdout).toContain(flag);
  });

  it('refuses a --bundles folder that is not an Embedded Fields build, before starting', () => {
    const result = run('--bundles', build, '--port', '0');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('no Embedded Fields build there (expected embedded-fields.js and frame/)');
  });

  it('--bundles DIR serves that build', async () => {
    mkdirSync(join(build, 'frame'));
    writeFileSync(join(build, 'embedded-fields.js'), '/* a local build */\n');
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--bundles', build, '--port', '0', '--no-build'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening on (http:\/\/\S+)[\s\S]*API reference/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const response = await fetch(`${url}/embedded-fields.js`, { headers: { 'user-agent': 'vitest' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('/* a local build */\n');
      // The start banner names the API reference, and it is there.
      expect(out).toContain(`API reference:      ${url}/docs (OpenAPI: ${url}/openapi.json)`);
      expect((await fetch(`${url}/docs`, { headers: { 'user-agent': 'vitest' } })).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});
