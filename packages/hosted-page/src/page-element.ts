/**
 * The base of <hpp-app>: lit-html's templates rendered into the element's light DOM, one
 * update per microtask however many requestUpdate() calls, `updated()` after each, and
 * `updateComplete`. What the page used of LitElement, without its reactive properties,
 * attribute reflection and shadow-root styles (about 2.4 kB brotli of the page's first load;
 * embedded-fields' FrameElement made the same trade for the card frame, #14).
 */
import { render } from 'lit/html.js';

export abstract class PageElement extends HTMLElement {
  #scheduled = false;
  #updateComplete: Promise<boolean> = Promise.resolve(true);

  connectedCallback(): void {
    this.requestUpdate();
  }

  /** Draws again at the next microtask (once, however many calls until then). */
  requestUpdate(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.#updateComplete = new Promise((resolve, reject) =>
      queueMicrotask(() => {
        this.#scheduled = false;
        try {
          // Drawn when connected (connectedCallback asks again).
          if (this.isConnected) {
            render(this.render(), this, { host: this });
            this.updated?.();
          }
          resolve(true);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }),
    );
  }

  /** Resolves once the pending update (if any) has drawn. */
  get updateComplete(): Promise<boolean> {
    return this.#updateComplete;
  }

  /** The element's content: a lit template. */
  protected abstract render(): unknown;

  /** After each draw, if the element has something to do then. */
  protected updated?(): void;
}
