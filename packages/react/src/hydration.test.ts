// @vitest-environment jsdom
/**
 * Hydration: the server's HTML (the test checkout rendered in a Node process) hydrates in a browser
 * document with no mismatch, no warning, and React keeps the server's placeholder elements
 * (the secure frames are mounted into them after hydration, by effects). jsdom stands in for
 * the browser here; it runs no scripts, so embedded-fields.js never loads and the components
 * stay placeholders, which is exactly the moment hydration compares.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkout } from './test-support/checkout';

/** The server's HTML, from a Node process without a DOM (this one has jsdom's). */
function serverHtml(): string {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'test-support/render-on-server.ts');
  return execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
}

describe('hydrating the server-rendered checkout', () => {
  afterEach(() => vi.restoreAllMocks());

  it('matches: no recoverable error, no console error or warning, the same elements kept', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
    const root = document.createElement('div');
    // The server's markup as a browser parses it, put where hydrateRoot looks.
    root.append(...new DOMParser().parseFromString(serverHtml(), 'text/html').body.childNodes);
    document.body.append(root);
    const serverElements = [...root.children];
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, checkout(), { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
    expect([...root.children]).toEqual(serverElements);
    expect(serverElements.every((element, i) => element === root.children[i])).toBe(true);
    // The provider asked for the pinned script once, as the loader does (jsdom does not run it).
    expect(document.head.querySelectorAll('script[src*="/embedded-fields.js"]')).toHaveLength(1);
  });
});
