/**
 * Type-level tests of the public API (host/public-api.ts, shared/payment-types.ts): what a
 * merchant's TypeScript accepts and refuses. `pnpm typecheck` compiles this file (an
 * unused @ts-expect-error is an error); vitest runs the few runtime lines.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type {
  AlternativePaymentComponentElement,
  AlternativePaymentResponse,
  ComponentState,
  PaymentComponentElement,
  PaymentComponentEventMap,
  PaymentComponentOptions,
  PaymentError,
  PaymentErrorCode,
  PaymentFailure,
  PaymentResponse,
  Theme,
  Translations,
} from './public-api';

declare const card: PaymentComponentElement;
declare const methods: AlternativePaymentComponentElement;

describe('public types', () => {
  it('on/off take the event map: each handler gets its event payload', () => {
    expectTypeOf<PaymentComponentEventMap['change']>().toEqualTypeOf<ComponentState>();
    expectTypeOf<PaymentComponentEventMap['error']>().toEqualTypeOf<PaymentError>();
    expectTypeOf<keyof PaymentComponentEventMap>().toEqualTypeOf<'ready' | 'change' | 'focus' | 'blur' | 'error' | 'submit' | 'brand'>();
    const typed = () => {
      card.on('brand', ({ brand }) => expectTypeOf(brand).toEqualTypeOf<string | null>());
      card.on('error', (error) => expectTypeOf(error.code).toEqualTypeOf<PaymentErrorCode>());
      card.on('focus', ({ field }) => expectTypeOf(field).toBeString());
      // on/off chain, on every component.
      expectTypeOf(card.on('ready', () => undefined).off('ready')).toEqualTypeOf<PaymentComponentElement>();
      expectTypeOf(methods.on('change', () => undefined)).toEqualTypeOf<AlternativePaymentComponentElement>();
      // @ts-expect-error not an event
      card.on('click', () => undefined);
      // @ts-expect-error the change payload is a ComponentState, not a string
      card.on('change', (state: string) => state);
    };
    expectTypeOf(typed).toBeFunction();
  });

  it('submitPayment returns a promise of the discriminated response; the callback is optional', () => {
    expectTypeOf<PaymentComponentElement['submitPayment']>().returns.toEqualTypeOf<Promise<PaymentResponse>>();
    expectTypeOf<AlternativePaymentComponentElement['submitPayment']>().returns.toEqualTypeOf<Promise<AlternativePaymentResponse>>();
    const narrow = (response: PaymentResponse) => {
      if (response.approved) expectTypeOf(response.status).toEqualTypeOf<'APPROVED'>();
      else expectTypeOf(response.status).toEqualTypeOf<'CREATED' | 'PENDING' | 'DECLINED' | 'FAILED' | 'CANCELED' | 'EXPIRED' | 'VOIDED'>();
    };
    expectTypeOf(narrow).toBeFunction();
    expectTypeOf<PaymentFailure>().toExtend<Error>();
    expectTypeOf<PaymentFailure['code']>().toEqualTypeOf<PaymentErrorCode>();
  });

  it('theme, translations and environment options', () => {
    expectTypeOf<{ rules: { focus: { border: string } } }>().toExtend<Theme>();
    expectTypeOf<{ 'sv-SE': { 'card.number.label': string } }>().toExtend<Translations>();
    expectTypeOf<{ 'sv-SE': { 'card.nubmer.label': string } }>().not.toExtend<Translations>();
    expectTypeOf<{ 'de-DE': { 'card.number.label': string } }>().not.toExtend<Translations>();
    expectTypeOf<PaymentComponentOptions['environment']>().toEqualTypeOf<'test' | 'production'>();
    expectTypeOf<PaymentComponentOptions['gatewayUrl']>().toEqualTypeOf<string | undefined>();
  });
});
