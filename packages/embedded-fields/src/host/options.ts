/**
 * Checks what a merchant passes to PaymentComponent and create(): a bad option throws an
 * Error whose message names it, at the call that got it wrong, not later in a callback.
 */
import type { ComponentConfig, ComponentType, FieldStyles, Locale, PaymentComponentOptions } from './public-api';
import { MAX_TRANSLATION_LENGTH, readTranslations } from '../shared/translation-keys';
import { themeStyles } from './theme';

export const ENVIRONMENTS = ['test', 'production'] as const;
export const COMPONENT_TYPES: readonly ComponentType[] = ['card', 'saved-card', 'alternative-payment-method'];
export const LOCALES: readonly Locale[] = ['en-US', 'bs-BA', 'ro-RO', 'sv-SE'];

export class PaymentComponentError extends Error {
  override name = 'PaymentComponentError';
}

function fail(option: string, why: string): never {
  throw new PaymentComponentError(`PaymentComponent: ${option} ${why}`);
}

export function checkOptions(options: unknown): PaymentComponentOptions {
  if (options === null || typeof options !== 'object') fail('options', 'must be an object with clientKey, sessionId and environment');
  const { clientKey, sessionId, environment, locale, gatewayUrl } = options as Record<string, unknown>;
  if (typeof clientKey !== 'string' || clientKey.trim() === '') fail('clientKey', 'is required (the public client key)');
  if (typeof sessionId !== 'string' || sessionId.trim() === '') fail('sessionId', 'is required (the id from POST /api/sessions)');
  if (!(ENVIRONMENTS as readonly unknown[]).includes(environment)) fail('environment', `must be "test" or "production", got ${describe(environment)}`);
  if (locale !== undefined && !(LOCALES as readonly unknown[]).includes(locale)) {
    fail('locale', `must be one of ${LOCALES.join(', ')}, got ${describe(locale)}`);
  }
  return {
    clientKey,
    sessionId,
    environment: environment as PaymentComponentOptions['environment'],
    ...(locale === undefined ? {} : { locale: locale as Locale }),
    ...(gatewayUrl === undefined ? {} : { gatewayUrl: checkGatewayUrl(gatewayUrl) }),
  };
}

/** An https origin, or http on localhost, 127.x.x.x or [::1]; answers the origin. */
export function checkGatewayUrl(value: unknown): string {
  let url: URL | undefined;
  try {
    url = new URL(value as string);
  } catch {
    // not a URL: refused below
  }
  const loopback = url !== undefined && /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(url.hostname);
  if (typeof value !== 'string' || !url || !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) || url.username || url.password) {
    fail('gatewayUrl', `must be an https origin (or http on localhost, 127.0.0.1, [::1]), got ${describe(value)}`);
  }
  return url.origin;
}

export function checkComponentType(type: unknown): ComponentType {
  if (!(COMPONENT_TYPES as readonly unknown[]).includes(type)) {
    fail('type', `must be one of ${COMPONENT_TYPES.join(', ')}, got ${describe(type)}`);
  }
  return type as ComponentType;
}

export function checkLocale(locale: unknown): Locale {
  if (!(LOCALES as readonly unknown[]).includes(locale)) fail('locale', `must be one of ${LOCALES.join(', ')}, got ${describe(locale)}`);
  return locale as Locale;
}

export function checkComponentConfig(type: ComponentType, config: unknown): ComponentConfig {
  if (config === undefined) config = {};
  if (config === null || typeof config !== 'object') fail('config', 'must be an object');
  const c = config as ComponentConfig & Record<string, unknown>;
  for (const key of ['onChange', 'onError'] as const) {
    if (c[key] !== undefined && typeof c[key] !== 'function') fail(`config.${key}`, 'must be a function');
  }
  if (c.customerConfig !== undefined) {
    if (c.customerConfig === null || typeof c.customerConfig !== 'object') fail('config.customerConfig', 'must be an object');
    for (const [key, value] of Object.entries(c.customerConfig)) {
      if (!['hasHolderName', 'holderNameRequired', 'hasHolderEmail', 'holderEmailRequired'].includes(key)) {
        fail(`config.customerConfig.${key}`, 'is not an option (hasHolderName, holderNameRequired, hasHolderEmail, holderEmailRequired)');
      }
      if (typeof value !== 'boolean') fail(`config.customerConfig.${key}`, 'must be a boolean');
    }
  }
  if (c.preferredNetworks !== undefined) {
    if (!Array.isArray(c.preferredNetworks) || !c.preferredNetworks.every((n) => typeof n === 'string' && /^[a-z_]{1,32}$/.test(n))) {
      fail('config.preferredNetworks', 'must be an array of network ids, e.g. ["cartes_bancaires", "visa"]');
    }
  }
  if (c.hideLabels !== undefined && typeof c.hideLabels !== 'boolean') fail('config.hideLabels', 'must be a boolean');
  if (c.paymentMethods !== undefined) {
    if (!Array.isArray(c.paymentMethods) || !c.paymentMethods.every((m) => typeof m === 'string' && m !== '')) {
      fail('config.paymentMethods', 'must be an array of payment method types, e.g. ["provider-x-local", "wallet-a-redirect"]');
    }
  }
  if (type === 'saved-card') {
    const data = c.componentConfig?.data;
    if (!data || typeof data !== 'object') fail('config.componentConfig.data', 'is required for saved-card');
    for (const key of ['paymentMethodId', 'maskedPan', 'expirationDate', 'cardBrand'] as const) {
      if (typeof data[key] !== 'string' || data[key] === '') fail(`config.componentConfig.data.${key}`, 'is required');
    }
    if (!/^(0[1-9]|1[0-2])\d{2}$/.test(data.expirationDate)) fail('config.componentConfig.data.expirationDate', 'must be MMYY');
  }
  const translations = readTranslations(c.translations, (path) =>
    fail(`config.${path}`, `is refused: translations are { [locale]: { [key]: text } } with known locales and keys and texts of at most ${MAX_TRANSLATION_LENGTH} characters (README: translations)`),
  );
  return { ...c, styles: stringProperties({ ...themeStyles(c.theme), ...stringProperties(c.styles) }), translations };
}

/**
 * The own string properties of the merchant's `styles`: a copy that crosses postMessage. Which
 * names and values are allowed is the secure frame's decision alone (secure/style-allow-list.ts),
 * made where the merchant page cannot reach, so this script does not carry the allow-list.
 */
function stringProperties(styles: unknown): FieldStyles {
  if (typeof styles !== 'object' || styles === null) return {};
  return Object.fromEntries(Object.entries(styles).filter((entry) => typeof entry[1] === 'string'));
}

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : String(value);
}
