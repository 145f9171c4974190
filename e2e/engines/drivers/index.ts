/**
 * The driver for an engine: Playwright's Chromium; WebKitGTK (webdriverio) and firefox-esr
 * (puppeteer-core) from Debian packages; or, with ENGINE_DRIVER=playwright, Playwright's own
 * WebKit and Firefox builds where they can be installed (`npx playwright install webkit firefox`).
 */
import type { EngineDriver, EngineName } from '../driver';
import { firefoxDriver } from './firefox';
import { playwrightDriver } from './playwright';
import { webkitDriver } from './webkit';

export function launchEngine(engine: EngineName): Promise<EngineDriver> {
  if (engine === 'chromium' || process.env.ENGINE_DRIVER === 'playwright') return playwrightDriver(engine);
  return engine === 'webkit' ? webkitDriver() : firefoxDriver();
}
