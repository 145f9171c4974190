/**
 * The base of the secure frames' form elements (<ef-card-form>, <ef-apm-form>): lit's
 * templates rendered into the element's light DOM, one update per microtask however many
 * requestUpdate() calls, `updateComplete`, and controllers told when the element connects,
 * disconnects and has updated.
 *
 * Why not LitElement: its reactive properties, attribute reflection and shadow-root styles
 * are about 2.5 kB brotli of every card mount (issue #14), and these forms use none of them.
 * Their state is in private fields (a setter calls requestUpdate), they render into light
 * DOM (browser autofill does not cross shadow roots) and their stylesheets are the
 * document's (form-controller.ts, card-form-stylesheets.ts).
 */
import { render } from 'lit/html.js';
import { FIRST_VIEW_ATTRIBUTE } from './first-view/take-over';

/** What a controller may hear from its element (lit's ReactiveController hooks we use). */
export interface FrameElementController {
  hostConnected?(): void;
  hostDisconnected?(): void;
  hostUpdated?(): void;
}

/**
 * Node has no DOM: the secure face is also imported there (a server rendering nothing, the
 * hosted page's unit tests), where this stand-in base is never instantiated.
 */
const ElementBase: typeof HTMLElement = globalThis.HTMLElement ?? (Object as unknown as typeof HTMLElement);

/** Defines `name` once, in a browser (see ElementBase). */
export function defineElement(name: string, element: CustomElementConstructor): void {
  if (globalThis.customElements && !customElements.get(name)) customElements.define(name, element);
}

export abstract class FrameElement extends ElementBase {
  readonly #controllers: FrameElementController[] = [];
  #scheduled = false;
  #updateComplete: Promise<boolean> = Promise.resolve(true);

  addController(controller: FrameElementController): void {
    this.#controllers.push(controller);
    if (this.isConnected) controller.hostConnected?.();
  }

  /**
   * A first view's form (the gateway's markup, marked FIRST_VIEW_ATTRIBUTE) stays as it was
   * served: the script's own form takes its place (first-view/take-over.ts).
   */
  connectedCallback(): void {
    if (this.hasAttribute(FIRST_VIEW_ATTRIBUTE)) return;
    for (const controller of this.#controllers) controller.hostConnected?.();
    this.requestUpdate();
  }

  disconnectedCallback(): void {
    if (this.hasAttribute(FIRST_VIEW_ATTRIBUTE)) return;
    for (const controller of this.#controllers) controller.hostDisconnected?.();
  }

  /** Draws again at the next microtask (once, however many calls until then). */
  requestUpdate(): void {
    this.#schedule((draw) => queueMicrotask(draw));
  }

  /**
   * Draws again in a task of its own, right after this one: the task of a keystroke, which the
   * browser's next key waits for, ends without the redraw. (The state it sent the host has
   * already left: penpal posts inside the call, and a post to another process does not wait
   * for the task to end, as a trace shows: Chrome, 2026-11.)
   */
  requestUpdateAfterTask(): void {
    this.#schedule((draw) => setTimeout(draw));
  }

  #schedule(defer: (draw: () => void) => void): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.#updateComplete = new Promise((resolve, reject) =>
      defer(() => {
        this.#scheduled = false;
        try {
          this.#update();
          resolve(true);
        } catch (error) {
          reject(error);
        }
      }),
    );
  }

  #update(): void {
    // Drawn when connected (connectedCallback asks again).
    if (!this.isConnected) return;
    this.willUpdate?.();
    // host: `@event=${this.#handler}` listeners run with `this` the element.
    render(this.render(), this, { host: this });
    for (const controller of this.#controllers) controller.hostUpdated?.();
  }

  /** Resolves once the pending update (if any) has drawn. */
  get updateComplete(): Promise<boolean> {
    return this.#updateComplete;
  }

  /** Before each draw, if the element has something to do then. */
  protected willUpdate?(): void;

  /** The element's content: a lit template. */
  protected abstract render(): unknown;
}
