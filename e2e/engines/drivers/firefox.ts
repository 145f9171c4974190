/**
 * Firefox behind the driver interface: Debian's firefox-esr, headless, driven by
 * puppeteer-core over WebDriver BiDi (no geckodriver). FIREFOX_EXECUTABLE overrides the
 * binary.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type ElementHandle, type Frame, type KeyInput } from 'puppeteer-core';
import { findFrame, findHandle, type EngineDriver, type FramePath, type KeyName } from '../driver';
import { inPageScript, type InPageOp, type Query } from '../in-page';

export const FIREFOX_EXECUTABLE = process.env.FIREFOX_EXECUTABLE ?? '/usr/bin/firefox-esr';

export async function firefoxDriver(): Promise<EngineDriver> {
  if (!existsSync(FIREFOX_EXECUTABLE)) throw new Error(`Firefox: no ${FIREFOX_EXECUTABLE} (apt-get install -y firefox-esr, or set FIREFOX_EXECUTABLE)`);
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_EXECUTABLE, headless: true });
  let page = await browser.newPage();

  const frameAt = (frames: FramePath) => findFrame<Frame, ElementHandle<Node>>(page.mainFrame(), frames);
  const at = async (frames: FramePath, query: Query) => (await findHandle<Frame, ElementHandle<Node>>(page.mainFrame(), frames, query)) as ElementHandle<Element>;

  return {
    engine: 'firefox',
    narrowestWidth: 0,
    description: `puppeteer-core over WebDriver BiDi (${FIREFOX_EXECUTABLE})`,
    async reset() {
      const old = page;
      page = await browser.newPage();
      await page.setViewport(old.viewport());
      await old.close();
    },
    async goto(url) {
      await page.goto(url);
    },
    async url() {
      return page.url();
    },
    async setViewport(width, height) {
      await page.setViewport({ width, height });
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
      await (await at(frames, query)).select(value);
    },
    async press(key: KeyName) {
      await page.keyboard.press((key === 'Space' ? ' ' : key) as KeyInput);
    },
    async keyboardType(text) {
      await page.keyboard.type(text);
    },
    async wheel(x, y, deltaY) {
      await page.mouse.move(x, y);
      await page.mouse.wheel({ deltaY });
    },
    async close() {
      await browser.close();
    },
  };
}
