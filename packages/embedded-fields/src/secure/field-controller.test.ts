import { getCardBrand, luhnCheck } from '@payments/core';
import { describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  cardNumberState,
  editCardNumber,
  editCvv,
  editExpiry,
  editHolderName,
  editKindOf,
  spliceOf,
  type EditKind,
  type EditResult,
} from './field-controller';

/**
 * A tiny model of a text input: a value and a selection. The helpers below apply an input
 * the way a browser does (replace the selection, put the caret after the insertion), then
 * hand the result to a controller function, as the element does on 'input'.
 */
interface Field {
  value: string;
  start: number;
  end: number;
}

type Controller = (edit: { previous: string; raw: string; caret: number; kind: EditKind }) => EditResult;

const field = (value = '', start = value.length, end = start): Field => ({ value, start, end });

/** `|` marks the caret in a literal: at('4000 |0000'). */
const at = (marked: string): Field => field(marked.replace('|', ''), marked.indexOf('|'));
/** The field written with its caret as `|`. */
const show = (f: Field): string => `${f.value.slice(0, f.start)}|${f.value.slice(f.start)}`;

function apply(control: Controller, f: Field, raw: string, caret: number, kind: EditKind): Field & { refused: boolean } {
  const result = control({ previous: f.value, raw, caret, kind });
  return { value: result.value, start: result.caret, end: result.caret, refused: result.refused };
}

function insert(control: Controller, f: Field, text: string, kind: EditKind = 'insert') {
  const raw = f.value.slice(0, f.start) + text + f.value.slice(f.end);
  return apply(control, f, raw, f.start + text.length, kind);
}

function typeText(control: Controller, f: Field, text: string): Field {
  let current = f;
  for (const char of text) current = insert(control, current, char);
  return current;
}

function backspace(control: Controller, f: Field) {
  if (f.start !== f.end) return apply(control, f, f.value.slice(0, f.start) + f.value.slice(f.end), f.start, 'deleteBackward');
  if (f.start === 0) return { ...f, refused: false };
  return apply(control, f, f.value.slice(0, f.start - 1) + f.value.slice(f.start), f.start - 1, 'deleteBackward');
}

function deleteForward(control: Controller, f: Field) {
  if (f.start !== f.end) return apply(control, f, f.value.slice(0, f.start) + f.value.slice(f.end), f.start, 'deleteForward');
  return apply(control, f, f.value.slice(0, f.start) + f.value.slice(f.start + 1), f.start, 'deleteForward');
}

const autofill = (control: Controller, f: Field, value: string) => apply(control, f, value, value.length, 'autofill');

const visa = getCardBrand('visa');
const amex = getCardBrand('amex');

describe('editKindOf', () => {
  it('maps InputEvent.inputType to the kinds the controller tells apart', () => {
    expect(editKindOf('insertText')).toBe('insert');
    expect(editKindOf('insertCompositionText')).toBe('insert');
    expect(editKindOf('insertFromPaste')).toBe('paste');
    expect(editKindOf('insertFromDrop')).toBe('paste');
    expect(editKindOf('deleteContentBackward')).toBe('deleteBackward');
    expect(editKindOf('deleteWordBackward')).toBe('deleteBackward');
    expect(editKindOf('deleteByCut')).toBe('deleteBackward');
    expect(editKindOf('deleteContentForward')).toBe('deleteForward');
    expect(editKindOf('insertReplacementText')).toBe('autofill');
    expect(editKindOf(undefined)).toBe('autofill');
    expect(editKindOf('')).toBe('autofill');
  });
});

describe('spliceOf', () => {
  it('reads typing, deleting and replacing a selection', () => {
    expect(spliceOf({ previous: '4000', raw: '40001', caret: 5, kind: 'insert' })).toEqual({ start: 4, end: 4, inserted: '1' });
    expect(spliceOf({ previous: '4000 0000', raw: '400 0000', caret: 2, kind: 'deleteBackward' })).toEqual({
      start: 2,
      end: 3,
      inserted: '',
    });
    expect(spliceOf({ previous: '4000 1111', raw: '4000 2222', caret: 9, kind: 'paste' })).toEqual({
      start: 5,
      end: 9,
      inserted: '2222',
    });
  });

  it('falls back to the common tail when the caret does not fit the text', () => {
    expect(spliceOf({ previous: 'abc', raw: 'abXc', caret: 0, kind: 'insert' })).toEqual({ start: 2, end: 2, inserted: 'X' });
  });

  it('reads autofill as replacing everything', () => {
    expect(spliceOf({ previous: '4000', raw: '4000', caret: 4, kind: 'autofill' })).toEqual({ start: 0, end: 4, inserted: '4000' });
  });
});

describe('caretAfterDigits', () => {
  it('counts digits, optionally stepping over the separator that follows', () => {
    expect(caretAfterDigits('4000 0000', 0, true)).toBe(0);
    expect(caretAfterDigits('4000 0000', 3, true)).toBe(3);
    expect(caretAfterDigits('4000 0000', 4, false)).toBe(4);
    expect(caretAfterDigits('4000 0000', 4, true)).toBe(5);
    expect(caretAfterDigits('12 / 30', 2, true)).toBe(5);
    expect(caretAfterDigits('4000', 4, true)).toBe(4);
    expect(caretAfterDigits('4000', 9, true)).toBe(4);
  });
});

describe('editCardNumber', () => {
  it('formats Visa as it is typed, the caret always at the end', () => {
    let f = field();
    const seen: string[] = [];
    for (const digit of '4000000000000002') {
      f = insert(editCardNumber, f, digit);
      seen.push(show(f));
    }
    expect(seen[3]).toBe('4000|');
    expect(seen[4]).toBe('4000 0|');
    expect(seen[15]).toBe('4000 0000 0000 0002|');
  });

  it('spaces Amex 4-6-5 and 14-digit Diners 4-6-4', () => {
    expect(typeText(editCardNumber, field(), '378282246310005').value).toBe('3782 822463 10005');
    expect(typeText(editCardNumber, field(), '36227206271667').value).toBe('3622 720627 1667');
  });

  it('re-spaces when the brand becomes known', () => {
    expect(typeText(editCardNumber, field(), '3782822').value).toBe('3782 822');
    expect(typeText(editCardNumber, field(), '30569309025904').value).toBe('3056 930902 5904');
  });

  it("stops at the brand's longest length", () => {
    const mastercard = typeText(editCardNumber, field(), '5200000000000007');
    const next = insert(editCardNumber, mastercard, '1');
    expect(next.refused).toBe(true);
    expect(show(next)).toBe('5200 0000 0000 0007|');
    expect(typeText(editCardNumber, field(), '378282246310005999').value).toBe('3782 822463 10005');
    expect(typeText(editCardNumber, field(), '4000000000000000006').value).toBe('4000 0000 0000 0000 006');
    expect(typeText(editCardNumber, field(), '40000000000000000061').value).toBe('4000 0000 0000 0000 006');
  });

  it('refuses letters, symbols and emoji typed, leaving the caret where it was', () => {
    for (const char of ['a', 'O', '+', '/', '😀', '٤']) {
      const result = insert(editCardNumber, at('4000 |0000'), char);
      expect(result.refused, char).toBe(true);
      expect(show(result)).toBe('4000 |0000');
    }
  });

  it('ignores a typed space or dash', () => {
    expect(show(insert(editCardNumber, at('4000|'), ' '))).toBe('4000|');
    expect(show(insert(editCardNumber, at('4000|'), '-'))).toBe('4000|');
  });

  it('keeps the caret after the digit typed in the middle', () => {
    expect(show(insert(editCardNumber, at('40|00 0000'), '1'))).toBe('401|0 0000 0');
    expect(show(insert(editCardNumber, at('4000| 0000'), '1'))).toBe('4000 1|000 0');
    expect(show(insert(editCardNumber, at('4000 |0000'), '1'))).toBe('4000 1|000 0');
  });

  it('deletes the digit before a space when Backspace hits the space', () => {
    expect(show(backspace(editCardNumber, at('4000 |0000')))).toBe('400|0 000');
    expect(show(backspace(editCardNumber, at('4000 0|')))).toBe('4000|');
    expect(show(backspace(editCardNumber, at('4000 00|00')))).toBe('4000 0|00');
  });

  it('deletes the digit after a space when Delete hits the space', () => {
    expect(show(deleteForward(editCardNumber, at('4000| 0001')))).toBe('4000| 001');
    expect(show(deleteForward(editCardNumber, at('4000 000|1')))).toBe('4000 000|');
  });

  it('deletes a selection, re-spacing the rest', () => {
    const f = { ...field('4000 1234 0000 0002'), start: 5, end: 9 };
    expect(show(backspace(editCardNumber, f))).toBe('4000 |0000 0002');
    expect(backspace(editCardNumber, { ...field('4000 0000 0000 0002'), start: 0 }).value).toBe('');
  });

  it('takes a pasted number with any separators', () => {
    for (const text of ['4000-0000 0000 0002', '4000.0000.0000.0002', '4000\u00a00000\u20130000\u20140002', ' 4000000000000002 ']) {
      expect(show(insert(editCardNumber, field(), text, 'paste')), text).toBe('4000 0000 0000 0002|');
    }
  });

  it('drops RTL marks, zero-width characters and BOMs; reads full-width digits', () => {
    expect(insert(editCardNumber, field(), '\u200f4000 0000\u200b 0000 0002\u200e\ufeff', 'paste').value).toBe('4000 0000 0000 0002');
    expect(insert(editCardNumber, field(), '\u202e4000000000000002\u202c', 'paste').value).toBe('4000 0000 0000 0002');
    expect(insert(editCardNumber, field(), '４０００ ００００ ００００ ０００２', 'paste').value).toBe('4000 0000 0000 0002');
  });

  it('refuses pasted text that is not a card number', () => {
    for (const text of ['4000 0000 0000 000O', 'card: 4000000000000002', '4000😀0000', '<img src=x onerror=alert(1)>', '4000/0000', '٤٠٠٠']) {
      const result = insert(editCardNumber, at('|'), text, 'paste');
      expect(result.refused, text).toBe(true);
      expect(result.value).toBe('');
    }
  });

  it('refuses a 10,000-character paste without looking at it', () => {
    const result = insert(editCardNumber, at('4000|'), '4'.repeat(10_000), 'paste');
    expect(result).toMatchObject({ refused: true, value: '4000' });
    expect(insert(editCardNumber, at('|'), '😀'.repeat(5_000), 'paste').refused).toBe(true);
  });

  it('replaces stale text with a pasted whole number, refuses a paste that does not fit', () => {
    expect(show(insert(editCardNumber, at('5200 0000|'), '4000 0000 0000 0002', 'paste'))).toBe('4000 0000 0000 0002|');
    const tooLong = insert(editCardNumber, at('5200 0000 0000 0007|'), '0002', 'paste');
    expect(tooLong).toMatchObject({ refused: true, value: '5200 0000 0000 0007' });
    expect(insert(editCardNumber, at('|'), '4000 0000 0000 0000 0002', 'paste').refused).toBe(true);
  });

  it('reformats an autofilled number', () => {
    expect(show(autofill(editCardNumber, field(), '4000000000000002'))).toBe('4000 0000 0000 0002|');
    expect(show(autofill(editCardNumber, field('4000'), '378282246310005'))).toBe('3782 822463 10005|');
  });

  it('never invents digits: whatever is pasted, the value is the pasted digits or unchanged', () => {
    let seed = 42;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const alphabet = ['0', '1', '2', '4', '5', '9', ' ', '-', '.', '\u200f', '\u200e', 'a', '😀', '/', '\u00a0', '４'];
    for (let run = 0; run < 500; run += 1) {
      const text = Array.from({ length: random(30) }, () => alphabet[random(alphabet.length)]!).join('');
      const result = insert(editCardNumber, field(), text, 'paste');
      expect(result.value, JSON.stringify(text)).toMatch(/^[\d ]*$/);
      if (!result.refused) {
        const expected = text.replace(/４/g, '4').replace(/\D/g, '');
        expect(result.value.replace(/ /g, ''), JSON.stringify(text)).toBe(expected);
        const state = cardNumberState(result.value, 'submitted');
        if (state.valid) expect(luhnCheck(expected)).toBe(true);
      }
    }
  });
});

describe('editExpiry', () => {
  it('formats MM / YY as it is typed', () => {
    const steps: string[] = [];
    let f = field();
    for (const digit of '1230') {
      f = insert(editExpiry, f, digit);
      steps.push(show(f));
    }
    expect(steps).toEqual(['1|', '12 / |', '12 / 3|', '12 / 30|']);
  });

  it('pads a month that cannot take a second digit', () => {
    expect(show(insert(editExpiry, field(), '2'))).toBe('02 / |');
    expect(show(typeText(editExpiry, field(), '13'))).toBe('01 / 3|');
    expect(show(typeText(editExpiry, field(), '1/'))).toBe('01 / |');
    expect(show(typeText(editExpiry, field(), '0'))).toBe('0|');
  });

  it('keeps a four-digit year typed digit by digit', () => {
    expect(typeText(editExpiry, field(), '122028').value).toBe('12 / 2028');
  });

  it('refuses a fifth year digit and letters', () => {
    expect(insert(editExpiry, at('12 / 2028|'), '1')).toMatchObject({ refused: true, value: '12 / 2028' });
    expect(insert(editExpiry, at('12 / |'), 'a')).toMatchObject({ refused: true, value: '12 / ' });
    expect(insert(editExpiry, at('12|'), '😀', 'paste')).toMatchObject({ refused: true, value: '12' });
  });

  it('deletes the month digit when Backspace hits the separator', () => {
    expect(show(backspace(editExpiry, at('12 / |')))).toBe('1|');
    expect(show(backspace(editExpiry, at('12 /| ')))).toBe('1|');
    expect(show(backspace(editExpiry, at('12 / 3|')))).toBe('12|');
    expect(show(backspace(editExpiry, at('1|')))).toBe('|');
  });

  it('deletes the first year digit when Delete hits the separator, the caret staying put', () => {
    expect(show(deleteForward(editExpiry, at('12| / 30')))).toBe('12| / 0');
  });

  it('reads autofilled and pasted dates in any common shape, showing YY', () => {
    for (const text of ['12/2028', '2028-12', '12/28', '12 / 28', '12-28', '1228', '12.2028', '\u200e12/2028']) {
      expect(show(autofill(editExpiry, field(), text)), text).toBe('12 / 28|');
      expect(show(insert(editExpiry, field(), text, 'paste')), text).toBe('12 / 28|');
    }
    expect(autofill(editExpiry, field(), '2028-1').value).toBe('01 / 28');
  });

  it('refuses a 10,000-character paste', () => {
    expect(insert(editExpiry, field(), ' '.repeat(10_000) + '12/28', 'paste')).toMatchObject({ refused: true, value: '' });
  });
});

describe('editCvv', () => {
  it("takes digits up to the brand's length", () => {
    expect(typeText((e) => editCvv(e, visa), field(), '1234').value).toBe('123');
    expect(typeText((e) => editCvv(e, amex), field(), '12345').value).toBe('1234');
    expect(typeText((e) => editCvv(e, undefined), field(), '12345').value).toBe('1234');
  });

  it('refuses anything but digits', () => {
    expect(insert((e) => editCvv(e, visa), at('1|'), 'x')).toMatchObject({ refused: true, value: '1', start: 1 });
    expect(insert((e) => editCvv(e, visa), at('|'), '12a', 'paste').refused).toBe(true);
    expect(insert((e) => editCvv(e, visa), at('|'), '1'.repeat(10_000), 'paste').refused).toBe(true);
  });

  it('takes pasted digits with spaces, and a whole code pasted over an old one', () => {
    expect(insert((e) => editCvv(e, visa), field(), ' 1 2 3 ', 'paste').value).toBe('123');
    expect(insert((e) => editCvv(e, visa), at('999|'), '123', 'paste').value).toBe('123');
  });

  it('lets the shopper delete digits of a code longer than a newly detected brand allows', () => {
    expect(backspace((e) => editCvv(e, visa), at('1234|')).value).toBe('123');
  });
});

describe('editHolderName', () => {
  it('keeps text as typed, dropping invisible characters and angle brackets', () => {
    expect(show(insert(editHolderName, at('Jane |'), 'Doe'))).toBe('Jane Doe|');
    expect(show(insert(editHolderName, at('|'), '\u202eJane\u200f <b>Doe</b>', 'paste'))).toBe('Jane bDoe/b|');
    expect(show(insert(editHolderName, at('Ja|ne'), '\u200bX'))).toBe('JaX|ne');
  });

  it('caps a huge paste at 255 characters', () => {
    expect(insert(editHolderName, field(), 'A'.repeat(10_000), 'paste').value).toHaveLength(255);
  });
});
