/**
 * What the card form does on every keystroke, as pure functions (no DOM): turn the field's
 * previous text, the browser's new text, the caret and the kind of input into the text to
 * show and where the caret goes; and judge each field with the core validators.
 *
 * An edit is read as "the text between `start` and `end` of the previous value was replaced
 * by `inserted`". Inserted text is cleaned (invisible format characters such as RTL marks
 * dropped, full-width digits read as digits) and then either accepted or the whole edit is
 * refused (the previous value stays). Nothing here can make an invalid card look valid:
 * digits are never invented, and a paste that does not fit is refused, not truncated.
 */
import {
  CARD_BRANDS,
  detectCardBrand,
  EXPIRY_SEPARATOR,
  formatCardNumber,
  formatExpiryInput,
  maxCardNumberLength,
  maxCvvLength,
  validateCardNumber,
  validateCvv,
  validateExpiry,
  type CardBrand,
  type FieldValidation,
} from '@payments/core';
import type { FieldState } from '../shared/payment-types';
import { MAX_EMAIL_LENGTH, MAX_HOLDER_NAME_LENGTH, type FieldMode } from './card-field-defaults';

export { MAX_EMAIL_LENGTH, MAX_HOLDER_NAME_LENGTH, type FieldMode };

/** The kinds of input the controller tells apart (from InputEvent.inputType). */
export type EditKind = 'insert' | 'paste' | 'autofill' | 'deleteBackward' | 'deleteForward';

/** One input event on a field. */
export interface Edit {
  /** The field's text before the event (as this controller last formatted it). */
  previous: string;
  /** The field's text after the browser applied the event. */
  raw: string;
  /** The caret (selectionStart) after the browser applied the event. */
  caret: number;
  kind: EditKind;
}

/** The text to show and where to put the caret. */
export interface EditResult {
  value: string;
  caret: number;
  /** The edit was refused: `value` is the previous text. */
  refused: boolean;
}

/** Longest raw text looked at; anything longer (a 10,000-character paste) is refused. */
export const MAX_RAW_LENGTH = 64;

/**
 * The same address check as core's `checkCustomer` (a test holds them equal). Core keeps it
 * beside libphonenumber-js, which the frame loads only on submit; importing it here would
 * put that library in the frame's first load.
 */
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[^\s@"(),:;<>[\\\]]{1,64}(?<!\.)@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z\d-]{1,59})$/iu;

/** True for a well-formed email address (trimmed first). */
export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The EditKind of an InputEvent's inputType; anything without one (Chrome autofill) is autofill. */
export function editKindOf(inputType: string | undefined): EditKind {
  if (!inputType || inputType === 'insertReplacementText') return 'autofill';
  if (inputType === 'insertFromPaste' || inputType === 'insertFromDrop' || inputType === 'insertFromPasteAsQuotation') {
    return 'paste';
  }
  if (inputType.startsWith('delete')) {
    return inputType.includes('Forward') ? 'deleteForward' : 'deleteBackward';
  }
  return 'insert';
}

/** Format characters (RTL/LTR marks, zero-width spaces, BOM, soft hyphen…) and controls. */
const INVISIBLE = /[\p{Cf}\p{Cc}]/gu;
const FULL_WIDTH_DIGIT = /[\uFF10-\uFF19]/g;
const DIGIT = /\d/;

/** Inserted text with invisible characters dropped and full-width digits read as ASCII. */
export function cleanInsertedText(text: string): string {
  return text
    .replace(/[\t\n\r]/g, ' ')
    .replace(INVISIBLE, '')
    .replace(FULL_WIDTH_DIGIT, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 48));
}

const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** The replaced span of `previous` and the text inserted in its place. */
interface Splice {
  start: number;
  end: number;
  inserted: string;
}

/**
 * Reads an input event as a splice of the previous value. The text after the caret is what
 * the browser left untouched, so it fixes the end; the start is where previous and raw
 * first differ before it. Autofill replaces everything.
 */
export function spliceOf(edit: Edit): Splice {
  const { previous, raw, kind } = edit;
  if (kind === 'autofill') return { start: 0, end: previous.length, inserted: raw };
  const caret = Math.max(0, Math.min(edit.caret, raw.length));
  let tail = raw.length - caret;
  if (tail > previous.length || previous.slice(previous.length - tail) !== raw.slice(caret)) {
    // The caret does not say (some IMEs); fall back to the longest common tail.
    tail = 0;
    while (tail < previous.length && tail < raw.length && previous[previous.length - 1 - tail] === raw[raw.length - 1 - tail]) {
      tail += 1;
    }
  }
  const previousHead = previous.length - tail;
  const rawHead = raw.length - tail;
  let start = 0;
  while (start < previousHead && start < rawHead && previous[start] === raw[start]) start += 1;
  return { start, end: previousHead, inserted: raw.slice(start, rawHead) };
}

/**
 * A deletion that removed only separators (a space of '4242 4242', the ' / ' of an expiry)
 * is widened to the digit before (Backspace) or after (Delete) it, as the shopper meant.
 */
function widenDeletion(previous: string, splice: Splice, kind: EditKind): Splice {
  if (splice.inserted !== '' || DIGIT.test(previous.slice(splice.start, splice.end))) return splice;
  if (kind === 'deleteBackward') {
    for (let i = splice.start - 1; i >= 0; i -= 1) {
      if (DIGIT.test(previous[i]!)) return { ...splice, start: i };
    }
  } else if (kind === 'deleteForward') {
    for (let i = splice.end; i < previous.length; i += 1) {
      if (DIGIT.test(previous[i]!)) return { ...splice, end: i + 1 };
    }
  }
  return splice;
}

/**
 * The caret index in `formatted` just after its `count`-th digit. When typing, a separator
 * right after that digit is stepped over ('4242 |4' rather than '4242| 4') if digits follow.
 */
export function caretAfterDigits(formatted: string, count: number, skipSeparator: boolean): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i += 1) {
    if (DIGIT.test(formatted[i]!)) {
      seen += 1;
      if (seen === count) {
        let index = i + 1;
        if (skipSeparator) {
          let next = index;
          while (next < formatted.length && !DIGIT.test(formatted[next]!)) next += 1;
          if (next < formatted.length) index = next;
        }
        return index;
      }
    }
  }
  return formatted.length;
}

const refuse = (edit: Edit, splice: Splice): EditResult => ({
  value: edit.previous,
  caret: Math.min(splice.end, edit.previous.length),
  refused: true,
});

/** Refuses an edit too long to look at; the caret goes to the end. */
const refuseTooLong = (edit: Edit): EditResult => ({ value: edit.previous, caret: edit.previous.length, refused: true });

/**
 * Whether the caret steps over a separator after the edit: when typing (the next digit goes
 * after it), and when a deletion started right after one (the caret stays on its side).
 */
const skipsSeparator = (edit: Edit, splice: Splice): boolean =>
  edit.kind === 'insert' ||
  edit.kind === 'paste' ||
  edit.kind === 'autofill' ||
  (splice.start > 0 && !DIGIT.test(edit.previous[splice.start - 1]!));

interface DigitFieldRules {
  /** The digits inserted, or undefined when the inserted text cannot belong to the field. */
  read(inserted: string): string | undefined;
  /** The field's cap for these digits. */
  max(digits: string): number;
  /** The fewest digits a paste needs to replace the whole field when it does not fit. */
  wholeMin: number;
  format(digits: string): string;
}

/** The shared logic of the all-digit fields (card number, CVV). */
function editDigits(edit: Edit, rules: DigitFieldRules): EditResult {
  if (edit.raw.length > MAX_RAW_LENGTH) return refuseTooLong(edit);
  const splice = widenDeletion(edit.previous, spliceOf(edit), edit.kind);
  const insertedDigits = rules.read(cleanInsertedText(splice.inserted));
  if (insertedDigits === undefined) return refuse(edit, splice);

  const head = digitsOf(edit.previous.slice(0, splice.start));
  const tail = digitsOf(edit.previous.slice(splice.end));
  let digits = head + insertedDigits + tail;
  let caretDigits = head.length + insertedDigits.length;

  if (digits.length > rules.max(digits) && digits.length > digitsOf(edit.previous).length) {
    // Too long. A paste that is a whole number by itself replaces the field (the shopper
    // pasted over stale text); anything else is refused, never cut to fit.
    const whole = insertedDigits.length >= rules.wholeMin && insertedDigits.length <= rules.max(insertedDigits);
    if (!whole) return refuse(edit, splice);
    digits = insertedDigits;
    caretDigits = digits.length;
  }
  const value = rules.format(digits);
  const atEnd = caretDigits === digits.length;
  const caret = atEnd ? value.length : caretAfterDigits(value, caretDigits, skipsSeparator(edit, splice));
  return { value, caret, refused: false };
}

/** Card number: digits and separators only, capped at the detected brand's longest length, spaced by brand. */
export function editCardNumber(edit: Edit): EditResult {
  return editDigits(edit, {
    read: (text) => {
      const cleaned = text.replace(/[\s.\-\u2010-\u2015\u2212]/g, '');
      return /^\d*$/.test(cleaned) ? cleaned : undefined;
    },
    max: (digits) => maxCardNumberLength(detectCardBrand(digits)),
    wholeMin: 12,
    format: (digits) => formatCardNumber(digits),
  });
}

/** CVV: digits only, capped at the brand's length (4 while the brand is unknown). */
export function editCvv(edit: Edit, brand: CardBrand | undefined): EditResult {
  return editDigits(edit, {
    read: (text) => {
      const cleaned = text.replace(/\s/g, '');
      return /^\d*$/.test(cleaned) ? cleaned : undefined;
    },
    max: () => maxCvvLength(brand),
    wholeMin: 3,
    format: (digits) => digits,
  });
}

const EXPIRY_CHARACTERS = /^[\d\s/.\-\u2010-\u2015\u2212]*$/;

/**
 * Expiry: 'MM / YY' as core's formatExpiryInput writes it. Backspace over ' / ' deletes the
 * month's last digit; a pasted or autofilled four-digit year ('12/2028', '2028-12') is shown
 * as two digits, matching the placeholder.
 */
export function editExpiry(edit: Edit): EditResult {
  if (edit.raw.length > MAX_RAW_LENGTH) return refuseTooLong(edit);
  const splice = widenDeletion(edit.previous, spliceOf(edit), edit.kind);
  const inserted = cleanInsertedText(splice.inserted);
  if (!EXPIRY_CHARACTERS.test(inserted)) return refuse(edit, splice);

  const headText = edit.previous.slice(0, splice.start) + inserted;
  const text = headText + edit.previous.slice(splice.end);
  const deleting = edit.kind === 'deleteBackward' || edit.kind === 'deleteForward';
  let value = formatExpiryInput(text, { deleting });
  if (edit.kind === 'paste' || edit.kind === 'autofill') value = value.replace(/^(\d\d) \/ 20(\d\d)$/, '$1 / $2');
  if (value === edit.previous && inserted !== '') return refuse(edit, splice);

  const atEnd = splice.end >= edit.previous.length;
  const caret = atEnd ? value.length : caretAfterDigits(value, digitsOf(headText).length, skipsSeparator(edit, splice));
  return { value, caret: Math.min(caret, value.length), refused: false };
}

/** Holder name: free text without invisible characters or angle brackets, at most 255 characters. */
export function editHolderName(edit: Edit): EditResult {
  const splice = spliceOf(edit);
  const inserted = cleanInsertedText(splice.inserted).replace(/[<>]/g, '');
  const head = edit.previous.slice(0, splice.start) + inserted;
  const value = (head + edit.previous.slice(splice.end)).slice(0, MAX_HOLDER_NAME_LENGTH);
  return { value, caret: Math.min(head.length, value.length), refused: false };
}

/*
 * How far the form has judged a field (FieldMode): while `typing`, only errors that more
 * typing cannot fix show; once `blurred`, the value is judged as it stands (an empty field
 * shows nothing: tabbing through is not a mistake); once `submitted` (validateAll), an empty
 * required field is an error too.
 */
function toFieldState(validation: FieldValidation, mode: FieldMode): FieldState {
  const empty = validation.state === 'empty';
  const error = empty && mode === 'blurred' ? null : (validation.error ?? null);
  return { empty, complete: validation.state === 'complete', valid: validation.valid, error };
}

/** The card number's FieldState, with its brand. */
export function cardNumberState(value: string, mode: FieldMode): FieldState {
  const validation = validateCardNumber(value, { final: mode !== 'typing' });
  return { ...toFieldState(validation, mode), brand: detectCardBrand(value)?.id ?? null };
}

export function expiryState(value: string, mode: FieldMode, now: Date): FieldState {
  return toFieldState(validateExpiry(value, now, { final: mode !== 'typing' }), mode);
}

export function cvvState(value: string, brand: CardBrand | undefined, mode: FieldMode): FieldState {
  return toFieldState(validateCvv(value, brand, { final: mode !== 'typing' }), mode);
}

/** Holder name errors: holder_name_required, holder_name_too_long. */
export function holderNameState(value: string, required: boolean, mode: FieldMode): FieldState {
  const name = value.trim();
  if (name === '') {
    const error = required && mode === 'submitted' ? 'holder_name_required' : null;
    return { empty: true, complete: false, valid: !required, error };
  }
  if (name.length > MAX_HOLDER_NAME_LENGTH) return { empty: false, complete: false, valid: false, error: 'holder_name_too_long' };
  return { empty: false, complete: true, valid: true, error: null };
}

/** Email errors: email_required, email_invalid (once judged), email_too_long. */
export function emailState(value: string, required: boolean, mode: FieldMode): FieldState {
  const email = value.trim();
  if (email === '') {
    const error = required && mode === 'submitted' ? 'email_required' : null;
    return { empty: true, complete: false, valid: !required, error };
  }
  if (email.length > MAX_EMAIL_LENGTH) return { empty: false, complete: false, valid: false, error: 'email_too_long' };
  const valid = isEmailAddress(email);
  return { empty: false, complete: valid, valid, error: valid || mode === 'typing' ? null : 'email_invalid' };
}

/**
 * Whether focus moves on after this edit of the card number: valid at the brand's longest
 * length, or at 16 digits where the brand also allows longer numbers (Visa's 16 of 16/18/19),
 * which is how nearly every such card is numbered.
 */
export function cardNumberReady(value: string): boolean {
  const validation = validateCardNumber(value);
  if (!validation.valid) return false;
  const digits = digitsOf(value);
  return validation.state === 'complete' || (digits.length === 16 && (validation.brand?.lengths.includes(16) ?? false));
}

/** A saved card as the form shows it. */
export interface SavedCardView {
  /** Our brand id when the brand is known, else the gateway's text lowercased. */
  brandId: string | null;
  brand: CardBrand | undefined;
  /** 'Visa', or the gateway's text when the brand is not one of ours. */
  brandName: string;
  last4: string;
  /** 'MM/YY', or '' when the expiry is not MMYY. */
  expiry: string;
}

/** How to show a saved card: 'maskedPan' such as '400000******0002', expirationDate MMYY. */
export function describeSavedCard(card: { maskedPan: string; expirationDate: string; cardBrand: string }): SavedCardView {
  const wanted = card.cardBrand.trim().toLowerCase().replace(/[\s_-]/g, '');
  const brand = CARD_BRANDS.find(
    (candidate) => candidate.id === wanted || candidate.displayName.toLowerCase().replace(/\s/g, '') === wanted,
  );
  const last4 = /(\d{4})\D*$/.exec(card.maskedPan)?.[1] ?? '';
  const date = /^(0[1-9]|1[0-2])(\d{2})$/.exec(card.expirationDate.trim());
  return {
    brandId: brand?.id ?? (wanted === '' ? null : wanted),
    brand,
    brandName: brand?.displayName ?? card.cardBrand.trim(),
    last4,
    expiry: date ? `${date[1]}/${date[2]}` : '',
  };
}

/**
 * Whether a saved card's expiry (MMYY) is in the past. Cards are honoured to the end of
 * their month, anywhere on Earth: the same rule as the expiry field (core's validateExpiry).
 * An expiry that is not MMYY is not judged here (the gateway decides).
 */
export function savedCardExpired(expirationDate: string, now: Date): boolean {
  const date = /^(0[1-9]|1[0-2])(\d{2})$/.exec(expirationDate.trim());
  if (!date) return false;
  return validateExpiry(`${date[1]}${EXPIRY_SEPARATOR}${date[2]}`, now, { final: true }).error === 'expiry_in_past';
}
