/**
 * Playwright's engines behind the driver interface: Chromium here (Debian's, as the rest
 * of the e2e suites), and Playwright's own WebKit and Firefox builds on machines where they
 * can be downloaded (ENGINE_DRIVER=playwright).
 */
import { chromium, firefox, webkit, type Browser, type ElementHandle, type Frame, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../support/chromium';
import { findFrame, findHandle, type EngineDriver, type EngineName, type FramePath, type KeyName } from '../driver';
import { inPageScript, type InPageOp, type Query } from '../in-page';

const TYPES = { chromium, firefox, webkit } as const;

export async function playwrightDriver(engine: EngineName): Promise<EngineDriver> {
  const browser: Browser = await TYPES[engine].launch(engine === 'chromium' ? CHROMIUM_LAUNCH_OPTIONS : {});
  let page: Page = await browser.newPage();

  const frameAt = (frames: FramePath) => findFrame<Frame, ElementHandle<Node>>(page.mainFrame(), frames);
  const at = (frames: FramePath, query: Query) => findHandle<Frame, ElementHandle<Node>>(page.mainFrame(), frames, query);

  return {
    engine,
    narrowestWidth: 0,
    description: `Playwright ${engine}${engine === 'chromium' && CHROMIUM_LAUNCH_OPTIONS.executablePath ? ` (${CHROMIUM_LAUNCH_OPTIONS.executablePath})` : ''}`,
    async reset() {
      const old = page;
      page = await browser.newPage({ viewport: old.viewportSize() });
      await old.close();
    },
    async goto(url) {
      await page.goto(url);
    },
    async url() {
      return page.url();
    },
    async setViewport(width, height) {
      await page.setViewportSize({ width, height });
    },
    async inPage<T>(frames: FramePath, op: InPageOp, arg?: unknown) {
      return (await (await frameAt(frames)).evaluate(inPageScript(op, arg))) as T;
    },
    async click(frames, query) {
      await (await at(frames, query)).click();
    },
    async type(frames, query, text) {
      await (await at(frames, query)).click();
      await page.keyboard.type(text);
    },
    async select(frames, query, value) {
      await (await at(frames, query)).selectOption(value);
    },
    async press(key: KeyName) {
      await page.keyboard.press(key === 'Space' ? ' ' : key);
    },
    async keyboardType(text) {
      await page.keyboard.type(text);
    },
    async wheel(x, y, deltaY) {
      await page.mouse.move(x, y);
      await page.mouse.wheel(0, deltaY);
    },
    async close() {
      await browser.close();
    },
  };
}
