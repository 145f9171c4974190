/**
 * component.update(): the options a card component may change while its frame is open
 * (theme, styles, translations, customerConfig, hideLabels), checked as create() checks them,
 * merged with the options it was created with (a key left out stays as it was), and what the
 * frame gets of them. The frame applies them in place: the same iframe, what was typed kept.
 */
import type { ComponentConfig, ComponentType, ComponentUpdate } from './public-api';
import type { FrameUpdate } from '../shared/protocol';
import { checkComponentConfig, PaymentComponentError } from './options';

export const UPDATABLE: readonly (keyof ComponentUpdate)[] = ['theme', 'styles', 'translations', 'customerConfig', 'hideLabels'];

/**
 * The merchant's options after `update` (`given`: as the merchant gave them, so a new theme
 * is not overridden by the old theme's variables) and the same checked; throws a
 * PaymentComponentError naming a bad key or value.
 */
export function updatedOptions(type: ComponentType, given: ComponentConfig, update: unknown): { given: ComponentConfig; checked: ComponentConfig } {
  if (update === null || typeof update !== 'object' || Array.isArray(update)) {
    throw new PaymentComponentError(`PaymentComponent: update() takes an object of ${UPDATABLE.join(', ')}`);
  }
  const next: Record<string, unknown> = { ...given };
  for (const [key, value] of Object.entries(update)) {
    if (!(UPDATABLE as readonly string[]).includes(key)) {
      throw new PaymentComponentError(`PaymentComponent: update({ ${key} }) is not an option update() changes (${UPDATABLE.join(', ')}); create a new component for it`);
    }
    if (value !== undefined) next[key] = value;
  }
  return { given: next as ComponentConfig, checked: checkComponentConfig(type, next) };
}

/** What the card frame gets of checked options (every key: the frame replaces what it had). */
export function frameUpdate(config: ComponentConfig): FrameUpdate {
  const customer = config.customerConfig ?? {};
  return {
    customerConfig: {
      hasHolderName: customer.hasHolderName === true,
      holderNameRequired: customer.hasHolderName === true && customer.holderNameRequired === true,
      hasHolderEmail: customer.hasHolderEmail === true,
      holderEmailRequired: customer.hasHolderEmail === true && customer.holderEmailRequired === true,
    },
    styles: config.styles ?? {},
    translations: config.translations ?? {},
    hideLabels: config.hideLabels === true,
  };
}
