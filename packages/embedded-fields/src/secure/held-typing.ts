/**
 * What a card field shows for what the shopper typed into it before the form's rules arrived
 * (card-rules-loader.ts): the input then held the text as the browser made it, unformatted.
 * The text is read as if its keys came now, one by one, so it ends as typing would have left
 * it (a character the field refuses is dropped as its key would have been); a paste or an
 * autofill among the edits makes it one edit of that kind, as its text arrived whole. Part
 * of the rules' chunk (card-rules.ts): it is needed only once they are here.
 */
import type { CardBrand } from '@payments/core';
import type { FieldName } from '../shared/payment-types';
import { editCardField } from './card-fields';
import { editKindOf, type EditKind } from './field-controller';

/** Edits that bring a field's text whole, not key by key. */
const WHOLE_EDITS: readonly EditKind[] = ['autofill', 'paste'];

/**
 * `raw`: the input's text now; `previous`: the field's value before (what the form last
 * formatted); `inputTypes`: the held edits' InputEvent input types, in order.
 */
export function heldFieldValue(
  field: FieldName,
  edits: { previous: string; raw: string; inputTypes: readonly (string | undefined)[] },
  brand: CardBrand | undefined,
): string {
  const kinds = edits.inputTypes.map((type) => editKindOf(type));
  const whole = WHOLE_EDITS.find((kind) => kinds.includes(kind));
  if (whole) return editCardField(field, { previous: edits.previous, raw: edits.raw, caret: edits.raw.length, kind: whole }, brand).value;
  let value = edits.previous;
  for (const character of edits.raw) {
    value = editCardField(field, { previous: value, raw: value + character, caret: value.length + character.length, kind: 'insert' }, brand).value;
  }
  return value;
}
