/**
 * The one small interface every engine is driven through, so the scenarios are written once:
 * WebKit (WebKitGTK's MiniBrowser over WebDriver classic, webdriverio), Firefox (firefox-esr
 * over WebDriver BiDi, puppeteer-core), Chromium and, on machines that have them,
 * Playwright's own WebKit and Firefox builds (Playwright).
 *
 * A driver only navigates, clicks, types, presses keys and runs the in-page finder
 * (in-page.ts) in a document; everything else (waiting, asserting, the shopper's steps) is
 * built on top, in shopper.ts.
 */
import { inPageScript, type InPageOp, type Query } from './in-page';

export type EngineName = 'chromium' | 'webkit' | 'firefox';

/** Iframes from the top page down to the document to act in ([] is the top page). */
export type FramePath = readonly Query[];

/** Keys the scenarios press (named as in Playwright and puppeteer). */
export type KeyName = 'Tab' | 'Enter' | 'Escape' | 'PageDown' | 'End' | 'ArrowDown' | 'Space';

export interface EngineDriver {
  readonly engine: EngineName;
  /** What drives it, for reports (e.g. "webdriverio + WebKitWebDriver (MiniBrowser)"). */
  readonly description: string;
  /** The narrowest viewport the engine's window allows (0: any). */
  readonly narrowestWidth: number;
  /** A fresh page for the next test, so what a failed test left behind (frames, a dialog, a navigation under way) cannot fail the next. */
  reset(): Promise<void>;
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** The page's layout viewport becomes width x height CSS pixels. */
  setViewport(width: number, height: number): Promise<void>;
  /** Runs the in-page helper in the document at `frames`; answers its JSON result. */
  inPage<T>(frames: FramePath, op: InPageOp, arg?: unknown): Promise<T>;
  /** A real pointer click on the element (throws when it is not there). */
  click(frames: FramePath, query: Query): Promise<void>;
  /** Focuses the field as a shopper would (a click) and types `text` key by key. */
  type(frames: FramePath, query: Query, text: string): Promise<void>;
  /** Chooses the option whose value is `value` in a <select>. */
  select(frames: FramePath, query: Query, value: string): Promise<void>;
  /** Presses a key where focus is. */
  press(key: KeyName): Promise<void>;
  /** Types text where focus is. */
  keyboardType(text: string): Promise<void>;
  /** A mouse wheel turn at (x, y) of the top page's viewport. */
  wheel(x: number, y: number, deltaY: number): Promise<void>;
  close(): Promise<void>;
}

/** The error every driver throws for an element that is not there. */
export function notFound(frames: FramePath, query: Query): Error {
  return new Error(`not found: ${JSON.stringify(query)}${frames.length ? ` in ${JSON.stringify(frames)}` : ''}`);
}

interface HandleFrame<E> {
  evaluateHandle(script: string): Promise<{ asElement(): E | null }>;
}
interface HandleElement<F> {
  contentFrame(): Promise<F | null>;
}

/**
 * For drivers whose frames hand out element handles (Playwright, puppeteer): the element at
 * `query` in the document at `frames`, found by the in-page finder.
 */
export async function findHandle<F extends HandleFrame<E>, E extends HandleElement<F>>(top: F, frames: FramePath, query: Query): Promise<E> {
  let frame = top;
  for (const step of [...frames, query]) {
    const element = (await frame.evaluateHandle(inPageScript('find', step))).asElement();
    if (!element) throw notFound(frames, step);
    if (step === query) return element;
    const inner = await element.contentFrame();
    if (!inner) throw notFound(frames, step);
    frame = inner;
  }
  throw notFound(frames, query);
}

/** The document at `frames` (see findHandle). */
export async function findFrame<F extends HandleFrame<E>, E extends HandleElement<F>>(top: F, frames: FramePath): Promise<F> {
  if (frames.length === 0) return top;
  const iframe = await findHandle(top, frames.slice(0, -1), frames.at(-1)!);
  const frame = await iframe.contentFrame();
  if (!frame) throw notFound(frames.slice(0, -1), frames.at(-1)!);
  return frame;
}
