/**
 * window.PaymentComponent({clientKey, sessionId, environment, locale}): the instance that
 * creates components for one payment session.
 */
import { resolveLocale } from '@payments/core';
import type { ComponentConfig, ComponentType, PaymentComponentElement, PaymentComponentInstance } from './public-api';
import { AlternativeMethodComponent } from './alternative-method-component';
import { CardComponent } from './card-component';
import { gatewayOrigin } from './gateway-origin';
import { checkComponentConfig, checkComponentType, checkOptions, PaymentComponentError } from './options';

export function PaymentComponent(rawOptions: unknown): PaymentComponentInstance {
  const options = checkOptions(rawOptions);
  const context = {
    gatewayOrigin: gatewayOrigin(options),
    clientKey: options.clientKey,
    sessionId: options.sessionId,
    locale: options.locale ?? resolveLocale(undefined, navigator.languages ?? [navigator.language]),
  };
  // The mounted (and mounting) components: each adds itself at mount() and leaves at unmount().
  const components = new Set<{ unmount(): void }>();
  let destroyed = false;

  return {
    // One implementation behind create()'s overloads (its return type follows the type).
    create: ((type: ComponentType, config?: ComponentConfig) => {
      if (destroyed) throw new PaymentComponentError('PaymentComponent: this instance was destroyed; create a new one');
      const checkedType = checkComponentType(type);
      const checkedConfig = checkComponentConfig(checkedType, config);
      if (checkedType === 'alternative-payment-method') {
        return new AlternativeMethodComponent(checkedConfig, context, components);
      }
      const component: PaymentComponentElement = new CardComponent(checkedType, checkedConfig, context, components, config ?? {});
      return component;
    }) as PaymentComponentInstance['create'],
    // Harmless again: a second destroy() finds nothing mounted.
    destroy() {
      destroyed = true;
      for (const component of [...components]) component.unmount();
    },
  };
}
