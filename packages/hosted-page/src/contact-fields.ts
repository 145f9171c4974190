/**
 * The shopper data some redirect methods require in `payment_method.data` (email, first
 * and last name; BLIK's optional code), checked before anything is sent. Pure.
 */
import { isBlikCode, type MethodDataField } from '@payments/core';

export type ContactFieldName = MethodDataField['name'];
export type ContactValues = Partial<Record<ContactFieldName, string>>;
export type ContactError = 'required' | 'email_invalid' | 'blik_invalid' | 'too_long';

const MAX_LENGTH: Readonly<Record<ContactFieldName, number>> = { email: 512, first_name: 255, last_name: 255, blik_code: 6 };

/** A deliberately plain check: something@something.tld, no spaces. The gateway checks again. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function checkContact(fields: readonly MethodDataField[], values: ContactValues): Partial<Record<ContactFieldName, ContactError>> {
  const errors: Partial<Record<ContactFieldName, ContactError>> = {};
  for (const { name, required } of fields) {
    const value = (values[name] ?? '').trim();
    if (value === '') {
      if (required) errors[name] = 'required';
      continue;
    }
    if (value.length > MAX_LENGTH[name]) errors[name] = 'too_long';
    else if (name === 'email' && !EMAIL.test(value)) errors[name] = 'email_invalid';
    else if (name === 'blik_code' && !isBlikCode(value)) errors[name] = 'blik_invalid';
  }
  return errors;
}

/** The trimmed, non-empty values of the method's fields, as `payment_method.data`. */
export function contactData(fields: readonly MethodDataField[], values: ContactValues): Record<string, string> {
  const data: Record<string, string> = {};
  for (const { name } of fields) {
    const value = (values[name] ?? '').trim();
    if (value) data[name] = value;
  }
  return data;
}
