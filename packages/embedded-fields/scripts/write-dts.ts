/**
 * dist/embedded-fields.d.ts from src/shared/payment-types.ts and src/host/public-api.ts (the
 * latter's only import is the former, dropped here), plus the ESM loader's declarations, so
 * merchants' TypeScript sees exactly the public API.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const types = readFileSync('src/shared/payment-types.ts', 'utf8');
const host = readFileSync('src/host/public-api.ts', 'utf8')
  .replace(/^import type \{[^}]*\} from '\.\.\/shared\/payment-types';\n/m, '')
  .replace(/^export type \* from '\.\.\/shared\/payment-types';\n/m, '');
if (host.includes("from '../shared")) throw new Error('host/public-api.ts: unexpected import of payment-types');
const api = `${types}\n${host}`;
const loader = `
export interface LoadOptions {
  /** The gateway's {base_url}, e.g. https://gateway.example. */
  gatewayUrl: string;
  /** Subresource Integrity hash of the script; default: the release's own (EMBEDDED_FIELDS_INTEGRITY). */
  integrity?: string | undefined;
}
/** What loadPaymentComponent() rejects with where there is no browser document (server rendering). */
export declare class BrowserRequiredError extends Error {
  readonly name: 'BrowserRequiredError';
  readonly code: 'browser_required';
  constructor();
}
/** Whether a caught value is what submitPayment() rejects with (a PaymentFailure), without a cast. */
export declare function isPaymentFailure(value: unknown): value is PaymentFailure;
/** The embedded-fields.js release this loader loads (/v{version}/embedded-fields.js). */
export declare const EMBEDDED_FIELDS_VERSION: string;
/** Its SRI hash (sha384), also in \`@payments/embedded-fields/sri.json\` and the gateway's /sri.json. */
export declare const EMBEDDED_FIELDS_INTEGRITY: string;
/**
 * Loads /v{EMBEDDED_FIELDS_VERSION}/embedded-fields.js from the gateway with its SRI hash, once
 * (every call shares the load); resolves with window.PaymentComponent. Rejects with a
 * BrowserRequiredError where there is no browser document (server rendering).
 */
export declare function loadPaymentComponent(options: LoadOptions): Promise<PaymentComponentFactory>;
`;
writeFileSync('dist/embedded-fields.d.ts', `// Generated from src/shared/payment-types.ts and src/host/public-api.ts by scripts/write-dts.ts.\n${api}${loader}`);
// The published declarations must compile on their own, under strict settings.
const check = spawnSync('npx', ['tsc', '--noEmit', '--strict', '--lib', 'es2022,dom', 'dist/embedded-fields.d.ts'], { stdio: 'inherit' });
if (check.status !== 0) process.exit(1);
console.log('wrote dist/embedded-fields.d.ts (compiles)');
