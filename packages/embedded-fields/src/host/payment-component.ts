/**
 * window.PaymentComponent({clientKey, sessionId, environment, locale}): the instance that
 * creates components for one payment session.
 */
import { resolveLocale } from '@payments/core';
import type { ComponentConfig, ComponentType, PaymentComponentElement, PaymentComponentInstance } from '../public-api';
import { CardComponent } from './card-component';
import { gatewayOrigin } from './gateway-origin';
import { checkComponentConfig, checkComponentType, checkOptions, PaymentComponentError } from './options';

export function PaymentComponent(rawOptions: unknown): PaymentComponentInstance {
  const options = checkOptions(rawOptions);
  const context = {
    gatewayOrigin: gatewayOrigin(),
    clientKey: options.clientKey,
    sessionId: options.sessionId,
    locale: options.locale ?? resolveLocale(undefined, navigator.languages ?? [navigator.language]),
  };
  const components = new Set<CardComponent>();
  let destroyed = false;

  return {
    create(type: ComponentType, config?: ComponentConfig): PaymentComponentElement {
      if (destroyed) throw new PaymentComponentError('PaymentComponent: this instance was destroyed; create a new one');
      const checkedType = checkComponentType(type);
      const checkedConfig = checkComponentConfig(checkedType, config);
      if (checkedType === 'alternative-payment-method') {
        throw new PaymentComponentError('PaymentComponent: type "alternative-payment-method" is not available in this version yet');
      }
      const component = new CardComponent(checkedType, checkedConfig, context, (c) => components.delete(c));
      components.add(component);
      return component;
    },
    destroy() {
      destroyed = true;
      for (const component of [...components]) component.unmount();
    },
  };
}
