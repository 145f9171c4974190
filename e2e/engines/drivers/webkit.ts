/**
 * WebKit behind the driver interface: WebKitGTK's MiniBrowser (--automation) under a
 * virtual X display (xvfb-run), driven by WebKitWebDriver over WebDriver classic with
 * webdriverio. One WebKitWebDriver (and display) per driver, so per worker. MINIBROWSER
 * overrides the browser binary.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { remote } from 'webdriverio';
import { notFound, type EngineDriver, type FramePath, type KeyName } from '../driver';
import { inPageScript, type InPageOp, type Query } from '../in-page';

/** Debian's MiniBrowser (webkit2gtk-driver's dependency), under the machine's multiarch directory. */
export const MINIBROWSER =
  process.env.MINIBROWSER ??
  readdirSync('/usr/lib')
    .filter((dir) => dir.endsWith('-linux-gnu'))
    .map((dir) => `/usr/lib/${dir}/webkit2gtk-4.1/MiniBrowser`)
    .find((file) => existsSync(file)) ??
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const WEBKIT_WEBDRIVER = '/usr/bin/WebKitWebDriver';
const XVFB_RUN = '/usr/bin/xvfb-run';

/** WebDriver's element reference key and the key codes of the scenarios' keys. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
type ElementRef = Record<typeof ELEMENT, string>;
const KEYS: Record<KeyName, string> = { Tab: '\uE004', Enter: '\uE007', Escape: '\uE00C', PageDown: '\uE00F', End: '\uE010', ArrowDown: '\uE015', Space: ' ' };

// webdriverio calls WebDriver classic's Switch To Frame deprecated in favour of switchFrame,
// which is built on BiDi browsing contexts; WebKitWebDriver speaks classic only.
process.env.DISABLE_WEBDRIVERIO_DEPRECATION_WARNINGS = 'true';

export async function webkitDriver(): Promise<EngineDriver> {
  for (const [file, pkg] of [[MINIBROWSER, 'webkit2gtk-driver'], [WEBKIT_WEBDRIVER, 'webkit2gtk-driver'], [XVFB_RUN, 'xvfb']] as const) {
    if (!existsSync(file)) throw new Error(`WebKit: no ${file} (apt-get install -y ${pkg})`);
  }
  const port = await freePort();
  // A 1280x1024 screen: xvfb-run's default (640x480x8) is smaller than a desktop window.
  const server = spawn(XVFB_RUN, ['-a', '-s', '-screen 0 1280x1024x24', WEBKIT_WEBDRIVER, `--port=${port}`], { stdio: 'ignore', detached: true });
  const stopServer = () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  let browser: WebdriverIO.Browser;
  try {
    await waitForStatus(`http://127.0.0.1:${port}/status`);
    browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'error',
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      } as WebdriverIO.Capabilities,
    });
  } catch (error) {
    stopServer();
    throw error;
  }

  async function frameAt(frames: FramePath): Promise<void> {
    await browser.switchToFrame(null);
    for (const query of frames) await browser.switchToFrame(await element(query, frames));
  }
  async function element(query: Query, frames: FramePath): Promise<ElementRef> {
    const ref = await run<ElementRef | null>(inPageScript('find', query));
    if (!ref) throw notFound(frames, query);
    return ref;
  }
  /**
   * Runs an expression in the current frame. Wrapped in an array: WebDriver reads a result
   * object with an `error` key (a field's announced error) as a failed command.
   */
  const run = async <T>(expression: string): Promise<T> => ((await browser.executeScript(`return [${expression}]`, [])) as [T])[0];
  const at = async (frames: FramePath, query: Query) => {
    await frameAt(frames);
    return (await element(query, frames))[ELEMENT];
  };
  const keys = (values: string[]) =>
    browser.performActions([{ type: 'key', id: 'keyboard', actions: [...values.map((value) => ({ type: 'keyDown', value })), ...values.reverse().map((value) => ({ type: 'keyUp', value }))] }]);

  return {
    engine: 'webkit',
    // MiniBrowser's window (its header bar) is never narrower than this without a window manager.
    narrowestWidth: 460,
    description: `webdriverio + WebKitWebDriver (${MINIBROWSER} under xvfb-run)`,
    async reset() {
      // One window per session in MiniBrowser's automation mode: a blank page instead.
      await browser.switchToFrame(null);
      await browser.navigateTo('about:blank');
    },
    async goto(url) {
      await browser.switchToFrame(null);
      await browser.navigateTo(url);
    },
    async url() {
      return browser.getUrl();
    },
    async setViewport(width, height) {
      // WebDriver sizes the window, not the page: size it, then correct by the window's chrome.
      // Narrower than narrowestWidth comes out at MiniBrowser's minimum.
      await browser.setWindowRect(null, null, width, height);
      await browser.switchToFrame(null);
      const inner = (await browser.executeScript('return [innerWidth, innerHeight]', [])) as [number, number];
      await browser.setWindowRect(null, null, 2 * width - inner[0], 2 * height - inner[1]);
    },
    async inPage<T>(frames: FramePath, op: InPageOp, arg?: unknown) {
      await frameAt(frames);
      return run<T>(inPageScript(op, arg));
    },
    async click(frames, query) {
      await browser.elementClick(await at(frames, query));
    },
    async type(frames, query, text) {
      // WebKitWebDriver: keys go to the focused element of the focused frame; a click gives a
      // field in a cross-origin frame the focus first (Send Keys alone does not).
      const id = await at(frames, query);
      await browser.elementClick(id);
      await browser.elementSendKeys(id, text);
    },
    async select(frames, query, value) {
      await frameAt(frames);
      const select = await element(query, frames);
      const option = (await browser.executeScript('return [...arguments[0].options].find((o) => o.value === arguments[1]) ?? null', [select, value])) as ElementRef | null;
      if (!option) throw notFound(frames, { ...query, name: value });
      await browser.elementClick(option[ELEMENT]);
    },
    async press(key: KeyName) {
      await keys([KEYS[key]]);
    },
    async keyboardType(text) {
      await browser.performActions([{ type: 'key', id: 'keyboard', actions: [...text].flatMap((value) => [{ type: 'keyDown', value }, { type: 'keyUp', value }]) }]);
    },
    async wheel(x, y, deltaY) {
      // WebKitWebDriver takes integer coordinates only.
      await browser.performActions([{ type: 'wheel', id: 'wheel', actions: [{ type: 'scroll', x: Math.round(x), y: Math.round(y), deltaX: 0, deltaY, duration: 0, origin: 'viewport' }] }]);
    },
    async close() {
      try {
        await browser.deleteSession();
      } finally {
        stopServer();
      }
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForStatus(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}
