/** The card form's model before its rules have loaded (the card frame, until its ready report has left). */
import { describe, expect, it } from 'vitest';
import { cardFrameConfig } from '../test-support/frame-config';
import { CardFormModel } from './card-form-model';
import { cardRules } from './card-rules-loader';

const config = cardFrameConfig({ customerConfig: { hasHolderName: true, holderNameRequired: true, hasHolderEmail: true, holderEmailRequired: false } });

describe('CardFormModel without its rules', () => {
  it('answers an empty form’s state, as the rules would, without them', () => {
    const model = new CardFormModel();
    model.config = config;
    expect(cardRules()).toBeUndefined();
    expect(model.brand()).toBeUndefined();
    expect(model.state()).toEqual({
      valid: false,
      brand: null,
      brands: [],
      fields: {
        number: { empty: true, complete: false, valid: false, error: null, brand: null },
        expiry: { empty: true, complete: false, valid: false, error: null },
        cvv: { empty: true, complete: false, valid: false, error: null },
        holderName: { empty: true, complete: false, valid: false, error: null },
        email: { empty: true, complete: false, valid: true, error: null },
      },
    });
    model.modes.number = 'blurred';
    expect(model.fieldState('number').error).toBeNull();
    model.judgeAll();
    expect(model.fieldState('holderName').error).toBe('holder_name_required');
    expect(model.holderData()).toEqual({});
  });
});
