import { describe, expect, it } from 'vitest';
import { LOCALES, messages } from '@payments/core';
import { fieldErrorMessage, invalidCardError } from './field-messages';

describe('field messages', () => {
  it('asks for the name on the card, not "This field is required.", in every locale', () => {
    expect(fieldErrorMessage(messages('en-US'), 'holder_name_required')).toBe('Enter the name on the card.');
    for (const locale of LOCALES) {
      const text = messages(locale);
      expect(fieldErrorMessage(text, 'holder_name_required')).not.toBe(text.customerErrors.required);
      expect(fieldErrorMessage(text, 'email_required')).not.toBe(text.customerErrors.required);
    }
  });

  it("invalid_card says the fields' own messages, the first one first", () => {
    const text = messages('en-US');
    const error = invalidCardError(
      {
        fields: {
          number: { empty: true, complete: false, valid: false, error: 'card_number_required' },
          expiry: { empty: false, complete: true, valid: true, error: null },
          holderName: { empty: true, complete: false, valid: false, error: 'holder_name_required' },
        },
      },
      text,
      'card_number_invalid',
    );
    expect(error).toEqual({
      code: 'invalid_card',
      message: 'Enter your card number.',
      fields: [
        { field: 'number', code: 'card_number_required', message: 'Enter your card number.' },
        { field: 'holderName', code: 'holder_name_required', message: 'Enter the name on the card.' },
      ],
    });
  });
});
