/**
 * The import boundaries of eslint.config.js, shown on fixtures: each forbidden import, written
 * at a fake path inside the package it would break, must be reported by the rule that guards
 * it, and the allowed imports beside them must not. Removing or loosening a rule fails here.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

const RELATIVE = 'boundaries/no-relative-package-import';
const RESTRICTED = 'no-restricted-imports';

/** The boundary rules that report `code` written at `filePath` (relative to the root). */
async function boundaryRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  expect(result, `${filePath} is linted`).toBeDefined();
  return result!.messages.filter((m) => m.fatal || m.ruleId === RELATIVE || m.ruleId === RESTRICTED).map((m) => m.ruleId ?? `parse error: ${m.message}`);
}

type Case = [file: string, code: string, rule: string];

const FORBIDDEN: Case[] = [
  // Embedded Fields: host (merchant page) and secure (gateway origin) apart.
  ['packages/embedded-fields/src/host/card-component.ts', "import type { CardForm } from '../secure/card-form';", RESTRICTED],
  ['packages/embedded-fields/src/host/components/card.ts', "export { x } from '../../secure/payment';", RESTRICTED],
  ['packages/embedded-fields/src/host/card-component.ts', "import '@payments/embedded-fields/secure';", RESTRICTED],
  ['packages/embedded-fields/src/index.ts', "import './secure/payment';", RESTRICTED],
  ['packages/embedded-fields/src/secure/payment.ts', "import { x } from '../host/options';", RESTRICTED],
  ['packages/embedded-fields/src/secure/payment.ts', "import type { X } from '../host/public-api';", RESTRICTED],
  ['packages/embedded-fields/src/secure/payment.ts', "import '@payments/embedded-fields';", RESTRICTED],
  ['packages/embedded-fields/src/shared/protocol.ts', "import type { X } from '../host/public-api';", RESTRICTED],
  ['packages/embedded-fields/src/shared/protocol.ts', "import '../secure/card-form';", RESTRICTED],
  // The hosted page: Embedded Fields through the secure face only.
  ['packages/hosted-page/src/app.ts', "import '@payments/embedded-fields';", RESTRICTED],
  ['packages/hosted-page/src/app.ts', "import '@payments/embedded-fields/protocol';", RESTRICTED],
  ['packages/hosted-page/src/app.ts', "import '@payments/embedded-fields/secure/card-form';", RESTRICTED],
  ['packages/hosted-page/src/app.ts', "import '@payments/embedded-fields/src/secure/card-form';", RESTRICTED],
  ['packages/hosted-page/src/app.ts', "import '../../embedded-fields/src/secure/card-form';", RELATIVE],
  // No package by a relative path, from anywhere.
  ['packages/core/src/money.ts', "import { x } from '../../mock-gateway/src/config';", RELATIVE],
  ['packages/mock-gateway/src/app.ts', "const core = await import('../../core/src/index');", RELATIVE],
  ['demo/client/card-payment.ts', "import type { Customer } from '../../packages/embedded-fields/src/host/public-api';", RELATIVE],
  ['demo/client/card-payment.ts', "type C = import('../../packages/core/src/index').Locale;", RELATIVE],
  ['e2e/fixtures/demo.ts', "import { startDemo } from '../../demo/server';", RELATIVE],
  ['hostile/support/fixture.ts', "import { x } from '../../packages/core/src/money';", RELATIVE],
  // The last two exceptions are gone (#25): the hostile suite and the Playwright config use faces.
  ['hostile/support/fixture.ts', "import { testGateway } from '../../packages/mock-gateway/src/test-harness';", RELATIVE],
  ['hostile/gateway-faults.test.ts', "import type { FaultRule } from '../packages/mock-gateway/src/http/faults';", RELATIVE],
  ['playwright.config.ts', "import { CHROMIUM_LAUNCH_OPTIONS } from './e2e/support/chromium';", RELATIVE],
  ['hostile/support/fixture.ts', "import { testGateway } from '@payments/mock-gateway/src/test-harness';", RESTRICTED],
  ['vite.config.ts', "export * from './packages/core/src/index';", RELATIVE],
  // By name, but into a package's folder instead of its entries.
  ['demo/client/shop.ts', "import { x } from '@payments/core/src/money';", RESTRICTED],
  // bench has its own support.
  ['bench/run.ts', "import { launchChromium } from '@payments/e2e/support/chromium';", RESTRICTED],
  // Browser bundles load one catalog at a time: never all four.
  ['packages/embedded-fields/src/secure/card-form.ts', "import { messages } from '@payments/core';", RESTRICTED],
  ['packages/hosted-page/src/app.ts', "import { CATALOGS } from '@payments/core';", RESTRICTED],
  // The mock gateway (#46): no route file imports another; only routes/plugins/ import route files.
  ['packages/mock-gateway/src/routes/authorize.ts', "import { liveSession } from './sessions';", RESTRICTED],
  ['packages/mock-gateway/src/routes/payouts.ts', "import { repeatResponse } from './payments';", RESTRICTED],
  ['packages/mock-gateway/src/routes/sessions.ts', "import { authenticate } from './auth';", RESTRICTED],
  ['packages/mock-gateway/src/routes/mock.ts', "import { apiPlugin } from './plugins/api';", RESTRICTED],
  ['packages/mock-gateway/src/acs/acs-routes.ts', "import { allowedFramers } from '../routes/three-ds';", RESTRICTED],
  ['packages/mock-gateway/src/app.ts', "import { registerSessionRoutes } from './routes/sessions';", RESTRICTED],
  ['packages/mock-gateway/src/server.ts', "import { registerFrameRoutes } from './routes/frames';", RESTRICTED],
  ['packages/mock-gateway/src/dashboard/actions.ts', "import { resetSandbox } from '../routes/mock';", RESTRICTED],
  ['packages/mock-gateway/src/routes/schemas/sessions.ts', "import { HPP_LANGUAGES } from '../sessions';", RESTRICTED],
  // The domain imports no HTTP layer, no route file, and no route's value.
  ['packages/mock-gateway/src/customers/customer-binding.ts', "import { findCustomer } from '../routes/customers';", RESTRICTED],
  ['packages/mock-gateway/src/payments/build.ts', "import { invalid } from '../http/api-error';", RESTRICTED],
  ['packages/mock-gateway/src/payments/three-ds/engine.ts', "import { originOf } from '../../http/html';", RESTRICTED],
  ['packages/mock-gateway/src/webhooks/resend.ts', "import type { DeliveryView } from '../dashboard/views';", RESTRICTED],
  ['packages/mock-gateway/src/sandbox/faults.ts', "import { listen } from '../cli/listen';", RESTRICTED],
  ['packages/mock-gateway/src/sessions/sessions.ts', "import { createSessionSchema } from '../routes/schemas/sessions';", RESTRICTED],
  // store/ imports nothing of the gateway outside store/ (the circle through store/locks.ts → context.ts).
  ['packages/mock-gateway/src/store/locks.ts', "import type { GatewayContext } from '../context';", RESTRICTED],
  ['packages/mock-gateway/src/store/store.ts', "import { Clock } from '../sandbox/clock';", RESTRICTED],
  ['packages/mock-gateway/src/store/record-kinds.ts', "import type { GatewayContext } from '../context';", RESTRICTED],
];

const ALLOWED: Case[] = [
  ['packages/embedded-fields/src/secure/card-form.ts', "import { loadedMessages, loadMessages } from '@payments/core';", ''],
  ['packages/embedded-fields/src/secure/apm-fields.test.ts', "import { messages } from '@payments/core';", ''],
  ['packages/hosted-page/vite.config.ts', "import { minifyCssLiterals } from '@payments/embedded-fields/build';", ''],
  ['packages/embedded-fields/src/host/card-component.ts', "import { x } from '../shared/protocol';", ''],
  ['packages/embedded-fields/src/host/card-component.ts', "import { x } from './frame-connection';", ''],
  ['packages/embedded-fields/src/host/card-component.ts', "import { x } from '@payments/core';", ''],
  ['packages/embedded-fields/src/secure/payment.ts', "import { x } from '../shared/protocol';", ''],
  ['packages/embedded-fields/src/secure/payment.ts', "import type { X } from '../shared/payment-types';", ''],
  ['packages/embedded-fields/dev/card-form-harness.ts', "import '../src/secure/card-form';", ''],
  ['packages/hosted-page/src/app.ts', "import { x } from '@payments/embedded-fields/secure';", ''],
  ['packages/hosted-page/src/app.ts', "import { x } from './views/checkout-view';", ''],
  ['demo/client/card-payment.ts', "import type { Customer } from '@payments/embedded-fields';", ''],
  ['demo/client/card-payment.ts', "import type { X } from '../shared/api-types';", ''],
  ['e2e/fixtures/demo.ts', "import { startDemo } from '@payments/demo/server';", ''],
  ['hostile/gateway-load.test.ts', "import { x } from '../bench/gateway-authorize';", ''],
  ['hostile/support/fixture.ts', "import { testGateway } from '@payments/mock-gateway/testing';", ''],
  ['playwright.config.ts', "import { CHROMIUM_LAUNCH_OPTIONS } from '@payments/e2e/chromium';", ''],
  // The mock gateway: plugins assemble route files; routes and the HTTP layer use the domain.
  ['packages/mock-gateway/src/routes/plugins/api.ts', "import { registerSessionRoutes } from '../sessions';", ''],
  ['packages/mock-gateway/src/app.ts', "import { apiPlugin } from './routes/plugins/api';", ''],
  ['packages/mock-gateway/src/routes/authorize.ts', "import { authorizeSchema } from './schemas/transactions';", ''],
  ['packages/mock-gateway/src/routes/authorize.ts', "import { liveSession } from '../sessions/sessions';", ''],
  ['packages/mock-gateway/src/http/health.ts', "import { healthSchema } from '../routes/schemas/service';", ''],
  ['packages/mock-gateway/src/sessions/sessions.ts', "import type { SessionOrder } from '../routes/schemas/sessions';", ''],
  ['packages/mock-gateway/src/payments/three-ds/engine.ts', "import type { TransactionRecord } from '../../store/records';", ''],
  ['packages/mock-gateway/src/webhooks/delivery-view.ts', "import type { DeliveryView } from '../../dashboard/src/api-types';", ''],
  ['packages/mock-gateway/src/store/locks.ts', "import type { TransactionRecord } from './records';", ''],
  ['packages/mock-gateway/src/store/records.ts', "import type { Transaction } from '@payments/core';", ''],
  // Tests may reach into any module.
  ['packages/mock-gateway/src/routes/customers.test.ts', "import { registerCustomerRoutes } from './customers';", ''],
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(FORBIDDEN)('%s: %s is reported by %s', async (file, code, rule) => {
    expect(await boundaryRules(file, code)).toContain(rule);
  });

  it.each(ALLOWED)('%s: %s is allowed', async (file, code) => {
    expect(await boundaryRules(file, code)).toEqual([]);
  });

  // Until #12a: the hosted page's four deep entries of today pass only while exported.
  const efExports = (JSON.parse(readFileSync(`${root}packages/embedded-fields/package.json`, 'utf8')) as { exports: Record<string, unknown> }).exports;
  it.each(['card-form', 'card-encryption', 'gateway-api', 'fingerprint'])(
    'packages/hosted-page: @payments/embedded-fields/%s is allowed only while Embedded Fields exports it',
    async (entry) => {
      const reported = await boundaryRules('packages/hosted-page/src/app.ts', `import '@payments/embedded-fields/${entry}';`);
      expect(reported).toEqual(`./${entry}` in efExports ? [] : [RESTRICTED]);
    },
  );
});
