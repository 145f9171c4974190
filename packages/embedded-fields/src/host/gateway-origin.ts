/**
 * Which gateway a PaymentComponent talks to ({base_url}: where the secure frames and the API
 * live), from its `environment` and `gatewayUrl` options.
 *
 * Each build of embedded-fields.js belongs to one environment (SCRIPT_ENVIRONMENT, set when
 * it is built: `test` unless EF_ENVIRONMENT=production), and the gateway that serves it is
 * that environment's gateway (the mock gateway serves the test build). So:
 *  - the gateway is the origin the script was loaded from (captured while it runs), or
 *    `gatewayUrl` when given (a self-hosted mock, a script served from elsewhere): an https
 *    origin, or http on a loopback host only;
 *  - `environment` must name the script's environment: `production` with a test script (or
 *    `test` with a production one) throws a PaymentComponentError naming both, rather than
 *    taking test payments for real ones or the other way round.
 */
import type { Environment } from './public-api';
import { checkGatewayUrl, PaymentComponentError } from './options';

declare const __EF_ENVIRONMENT__: Environment | undefined;
/** The environment this build of embedded-fields.js belongs to. */
export const SCRIPT_ENVIRONMENT: Environment = typeof __EF_ENVIRONMENT__ === 'string' ? __EF_ENVIRONMENT__ : 'test';

let scriptOrigin: string | undefined;

export function captureScriptOrigin(script: HTMLOrSVGScriptElement | null): void {
  if (script instanceof HTMLScriptElement && script.src) scriptOrigin = new URL(script.src).origin;
}

/** The origin embedded-fields.js was loaded from, if it was loaded by a <script src>. */
export function scriptLoadedFrom(): string | undefined {
  return scriptOrigin;
}

/** The gateway origin for these options (checked already by checkOptions). */
export function gatewayOrigin(
  options: { environment: Environment; gatewayUrl?: string },
  scriptEnvironment: Environment = SCRIPT_ENVIRONMENT,
  origin: string | undefined = scriptOrigin,
): string {
  const gateway = options.gatewayUrl === undefined ? origin : checkGatewayUrl(options.gatewayUrl);
  if (!gateway) throw new PaymentComponentError('PaymentComponent: load embedded-fields.js from the gateway with a <script src> tag, or pass gatewayUrl');
  if (options.environment !== scriptEnvironment) {
    throw new PaymentComponentError(
      `PaymentComponent: environment is "${options.environment}" but this embedded-fields.js is the ${scriptEnvironment} environment's (gateway ${gateway}); load embedded-fields.js from the ${options.environment} gateway`,
    );
  }
  return gateway;
}
