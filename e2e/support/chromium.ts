/**
 * The Chromium every suite, benchmark and screenshot script runs: Debian's where it exists
 * (Playwright cannot download its own on every machine; PLAYWRIGHT_CHROMIUM_EXECUTABLE
 * overrides), Playwright's elsewhere, with the flags that keep it quiet and offline.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from '@playwright/test';

export const SYSTEM_CHROMIUM: string | undefined =
  process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  ...(SYSTEM_CHROMIUM ? { executablePath: SYSTEM_CHROMIUM } : {}),
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
}
