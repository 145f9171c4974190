/** The empty field's state the card form shows before its rules have loaded, held to the rules' own. */
import { describe, expect, it } from 'vitest';
import type { FieldName } from '../shared/payment-types';
import { emptyFieldState, FIELD_ORDER, type FieldMode } from './card-field-defaults';
import { cardFieldState } from './card-fields';

const MODES: readonly FieldMode[] = ['typing', 'blurred', 'submitted'];

describe('emptyFieldState', () => {
  it('is what the rules answer for every empty field, in every mode, required or not', () => {
    for (const field of FIELD_ORDER) {
      for (const mode of MODES) {
        for (const required of [false, true]) {
          // The card fields are always required; the holder's name and email as configured.
          const optional = field === 'holderName' || field === 'email';
          if (!optional && !required) continue;
          const context = { brand: undefined, holderNameRequired: required, holderEmailRequired: required };
          expect(emptyFieldState(field as FieldName, mode, required), `${field} ${mode} required=${required}`).toEqual(cardFieldState(field, '', mode, context));
        }
      }
    }
  });
});
