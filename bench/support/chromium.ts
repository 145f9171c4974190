/**
 * The bench's browser: Debian's Chromium where Playwright cannot install its own
 * (PLAYWRIGHT_CHROMIUM_EXECUTABLE overrides), quiet and offline. Site isolation stays on:
 * the gateway's frames must be out-of-process, as in a shopper's browser.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from '@playwright/test';

export function launchChromium(): Promise<Browser> {
  const executablePath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  return chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
