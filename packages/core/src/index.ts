export * from './api-types';
export * from './processing-codes';
export * from './base64-json';
export * from './webhook-events';
export * from './test-cards';
export * from './money';
export * from './card/brands';
export * from './card/luhn';
export * from './card/card-errors';
export * from './card/card-number';
export * from './card/expiry';
export * from './card/cvv';
// customer/ is a subpath entry (@payments/core/customer-checks): it carries libphonenumber-js,
// which browser bundles load on demand only. Re-exporting it here would pull it into every bundle.
export type { CustomerCheckCode, CustomerInput } from './customer/customer-checks';
export * from './i18n/locales';
export * from './i18n/messages-type';
export * from './i18n/messages';
export * from './i18n/plurals';
export * from './browser/browser-info';
export * from './payment-methods/alternative-methods';
export * from './three-ds/three-ds-errors';
export * from './three-ds/action-token';
export * from './three-ds/safe-url';
export * from './three-ds/challenge-message';
export * from './three-ds/three-ds-paths';
export * from './three-ds/three-ds-machine';
export * from './three-ds/three-ds-driver';
export * from './i18n/gateway-pages';
