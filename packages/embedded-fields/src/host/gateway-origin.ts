/**
 * The gateway's origin is where embedded-fields.js was loaded from ({base_url}): the
 * frames and the API live there. Captured once, while the script runs.
 */
let scriptOrigin: string | undefined;

export function captureScriptOrigin(script: HTMLOrSVGScriptElement | null): void {
  if (script instanceof HTMLScriptElement && script.src) scriptOrigin = new URL(script.src).origin;
}

export function gatewayOrigin(): string {
  if (!scriptOrigin) throw new Error('PaymentComponent: load embedded-fields.js from the gateway with a <script src> tag');
  return scriptOrigin;
}

