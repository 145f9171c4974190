/**
 * The merchant page's side scripts, which embedded-fields.js loads from the gateway only when
 * they are needed: embedded-fields-actions.js (payment-actions.ts) and
 * embedded-fields-connect.js (frame-messaging.ts). Each comes from the gateway that served
 * embedded-fields.js, at this very version's immutable URL (/v{version}/<file>), with the SRI
 * hash this build was made with: a merchant who pins embedded-fields.js by its hash pins
 * these with it. A script hands what it offers to its own <script> element (an event named
 * after the file), so no global is left; its element is removed once it has run. A failed
 * load is forgotten by the caller, so the next use tries again.
 */
declare const __EF_VERSION__: string;

/** The side scripts, each with the SRI hash of the build it belongs to. */
export type GatewayScript = 'embedded-fields-actions.js' | 'embedded-fields-connect.js';

const SCRIPTS: readonly GatewayScript[] = ['embedded-fields-actions.js', 'embedded-fields-connect.js'];

/** The event a side script dispatches on its own element: its name without `.js`. */
export const loadedEvent = (file: GatewayScript) => file.replace(/\.js$/, '');

/** `file` from `origin`, at this version, checked against `integrity`; resolves with what it handed over. */
export function loadGatewayScript<T>(origin: string, file: GatewayScript, integrity: string): Promise<T> {
  const url = `${origin}/v${__EF_VERSION__}/${file}`;
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.addEventListener(loadedEvent(file), (event) => resolve((event as CustomEvent<T>).detail), { once: true });
    // It has run (its event came first, so this rejects nothing) or ran without handing over.
    script.addEventListener('load', () => {
      script.remove();
      reject(new Error(`${file} ran without handing over its functions`));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error(`could not load ${url}`));
    });
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    script.src = scriptUrl(url) as string;
    document.head.append(script);
  });
}

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}
let policy: ScriptUrlPolicy | null | undefined;

/**
 * On a page that enforces Trusted Types, a script URL must come from a policy: ours is
 * `embedded-fields` (the merchant lists it in `trusted-types`), and it passes these side
 * scripts' URLs only. Without Trusted Types, or when the page does not allow the policy, the
 * plain string.
 */
function scriptUrl(url: string): unknown {
  const trustedTypes = (window as { trustedTypes?: { createPolicy(name: string, rules: { createScriptURL(input: string): string }): ScriptUrlPolicy } }).trustedTypes;
  if (policy === undefined) {
    try {
      policy =
        trustedTypes?.createPolicy('embedded-fields', {
          createScriptURL: (input) => {
            if (!SCRIPTS.some((file) => input.endsWith(`/v${__EF_VERSION__}/${file}`))) throw new TypeError('embedded-fields: refused script URL');
            return input;
          },
        }) ?? null;
    } catch {
      policy = null;
    }
  }
  return policy ? policy.createScriptURL(url) : url;
}
