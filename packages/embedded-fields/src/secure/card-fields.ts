/**
 * The card form's fields as data: their order, the values and modes to start from, each
 * field's state and edit rules (from field-controller.ts), and what `readCardData()` answers.
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

/** What `readCardData()` answers: the values to encrypt, only when every field is valid. */
export interface CardData {
  /** Digits only. Empty for saved-card. */
  number: string;
  /** '1'–'12', no leading zero. Empty for saved-card. */
  expiryMonth: string;
  /** Four digits. Empty for saved-card. */
  expiryYear: string;
  cvv: string;
  /** Trimmed; '' when the field is not shown or left empty. */
  holderName: string;
  email: string;
  /** The shopper ticked "save this card" (only when offered). */
  saveCard: boolean;
}

/** Field order: Tab order, focus advance, and the order of ComponentState.fields. */
export const FIELD_ORDER: readonly FieldName[] = ['number', 'expiry', 'cvv', 'holderName', 'email'];

export const emptyValues = (): Record<FieldName, string> => ({ number: '', expiry: '', cvv: '', holderName: '', email: '' });
export const typingModes = (): Record<FieldName, FieldMode> => ({
  number: 'typing',
  expiry: 'typing',
  cvv: 'typing',
  holderName: 'typing',
  email: 'typing',
});

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
