/**
 * dist/embedded-fields.d.ts from src/public-api.ts (self-contained by design), plus the
 * ESM loader's declarations, so merchants' TypeScript sees exactly the public API.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const api = readFileSync('src/public-api.ts', 'utf8');
const loader = `
export interface LoadOptions {
  /** The gateway's {base_url}, e.g. https://gateway.example. */
  gatewayUrl: string;
  /** Subresource Integrity hash of embedded-fields.js, when you pin a version. */
  integrity?: string;
}
/** Loads embedded-fields.js from the gateway and resolves with window.PaymentComponent. */
export declare function loadPaymentComponent(options: LoadOptions): Promise<PaymentComponentFactory>;
`;
writeFileSync('dist/embedded-fields.d.ts', `// Generated from src/public-api.ts by scripts/write-dts.ts.\n${api}${loader}`);
console.log('wrote dist/embedded-fields.d.ts');
