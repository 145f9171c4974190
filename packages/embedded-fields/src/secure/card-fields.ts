/**
 * The card form's fields' rules: each field's state and edit rule (from field-controller.ts).
 * Their order, the values to start from and what `readCardData()` answers are in
 * card-field-defaults.ts, which the form needs before these rules have loaded.
 */
import type { CardBrand } from '@payments/core';
import type { FieldName, FieldState } from '../shared/payment-types';
import {
  cardNumberState,
  cvvState,
  editCardNumber,
  editCvv,
  editExpiry,
  editHolderName,
  emailState,
  expiryState,
  holderNameState,
  MAX_EMAIL_LENGTH,
  type Edit,
  type EditResult,
  type FieldMode,
} from './field-controller';

/** What a field's state depends on besides its value. */
export interface FieldContext {
  brand: CardBrand | undefined;
  holderNameRequired: boolean;
  holderEmailRequired: boolean;
}

/** A field's state in a mode (typing, blurred, submitted). */
export function cardFieldState(field: FieldName, value: string, mode: FieldMode, context: FieldContext): FieldState {
  switch (field) {
    case 'number':
      return cardNumberState(value, mode);
    case 'expiry':
      return expiryState(value, mode, new Date());
    case 'cvv':
      return cvvState(value, context.brand, mode);
    case 'holderName':
      return holderNameState(value, context.holderNameRequired, mode);
    case 'email':
      return emailState(value, context.holderEmailRequired, mode);
  }
}

/** A field's edit rule: what the input shows after the shopper's edit, and where the caret goes. */
export function editCardField(field: FieldName, edit: Edit, brand: CardBrand | undefined): EditResult {
  switch (field) {
    case 'number':
      return editCardNumber(edit);
    case 'expiry':
      return editExpiry(edit);
    case 'cvv':
      return editCvv(edit, brand);
    case 'holderName':
      return editHolderName(edit);
    case 'email':
      return { value: edit.raw.slice(0, MAX_EMAIL_LENGTH), caret: edit.caret, refused: false };
  }
}
