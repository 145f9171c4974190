/**
 * The alternative-payment-method form's rules as pure functions (no DOM): the method's
 * display name, which fields it shows, each field's state, and the `payment_method.data`
 * it sends, taken from the shown fields, else submitPayment's customer, else the session's
 * customer (spec: the session's customer pre-populates).
 */
import {
  PROVIDER_X_TYPE,
  PROVIDER_Y_PREFIX,
  isBlikCode,
  type AlternativeMethodFamily,
  type Messages,
  type MethodDataField,
} from '@payments/core';
import type { AlternativeFieldName, Customer, FieldState } from '../shared/payment-types';
import { emailState, holderNameState } from './field-controller';

/** A method as the gateway offers it for the session (GET /api/sessions/{id}/payment-methods). */
export interface OfferedMethod {
  type: string;
  family: AlternativeMethodFamily;
  data: readonly MethodDataField[];
}

/** The session's customer as the gateway answers it (pre-population). */
export interface SessionShopper {
  email: string | null;
  first_name: string | null;
  last_name: string | null;
}

export type ApmFieldName = Exclude<AlternativeFieldName, 'method'>;
export type ApmValues = Record<ApmFieldName, string>;
export type ApmMode = 'typing' | 'blurred' | 'submitted';

/** Wallet and scheme names are brands (never translated); the bank methods are described. */
export function methodName(type: string, text: Messages): string {
  if (type === PROVIDER_X_TYPE) return 'BLIK';
  if (type === 'wallet-a-redirect') return 'Wallet A';
  if (type === 'wallet-b-redirect') return 'Wallet B';
  if (type === 'bank-network-redirect') return text.alternativeMethods.bankNetwork;
  if (type === 'openbanking-redirect') return text.alternativeMethods.openBanking;
  if (type.startsWith(PROVIDER_Y_PREFIX)) return `Provider Y · ${providerYOption(type)}`;
  return type;
}

/** A provider-y method's option name within the provider: its code, upper case. */
export function providerYOption(type: string): string {
  return type.slice(PROVIDER_Y_PREFIX.length).toUpperCase();
}

/** The merchant's choice and order (paymentMethods), kept to what the gateway offers. */
export function selectMethods(offered: readonly OfferedMethod[], wanted: readonly string[] | null): OfferedMethod[] {
  if (!wanted) return [...offered];
  return wanted.flatMap((type) => offered.filter((method) => method.type === type)).filter((m, i, all) => all.indexOf(m) === i);
}

/** The fields the form shows for a method, by the merchant's customerConfig flags. */
export function shownFields(method: OfferedMethod | undefined, config: { hasHolderName: boolean; hasHolderEmail: boolean }): ApmFieldName[] {
  if (!method) return [];
  const names = method.data.map((field) => field.name);
  const fields: ApmFieldName[] = [];
  if (config.hasHolderEmail && names.includes('email')) fields.push('email');
  if (config.hasHolderName && names.includes('first_name')) fields.push('firstName');
  if (config.hasHolderName && names.includes('last_name')) fields.push('lastName');
  if (names.includes('blik_code')) fields.push('blikCode');
  return fields;
}

/** Keeps digits only, at most 6 (a pasted "777 123" becomes 777123). */
export function editBlikCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 6);
}

/** A shown field's state; error codes: email_*, first_name_*, last_name_*, blik_code_invalid. */
export function apmFieldState(field: ApmFieldName, value: string, mode: ApmMode): FieldState {
  switch (field) {
    case 'email':
      return emailState(value, true, mode);
    case 'firstName':
    case 'lastName': {
      const prefix = field === 'firstName' ? 'first_name' : 'last_name';
      const state = holderNameState(value, true, mode);
      return { ...state, error: state.error ? state.error.replace('holder_name', prefix) : null };
    }
    case 'blikCode': {
      const code = value.trim();
      if (code === '') return { empty: true, complete: false, valid: true, error: null };
      const valid = isBlikCode(code);
      return { empty: false, complete: valid, valid, error: valid || mode === 'typing' ? null : 'blik_code_invalid' };
    }
  }
}

/** The message of an APM field error code in the locale. */
export function apmErrorMessage(code: string, text: Messages): string {
  if (code === 'blik_code_invalid') return text.alternativeMethods.blikInvalid;
  if (code === 'method_required') return text.alternativeMethods.chooseMethod;
  if (code === 'email_invalid') return text.customerErrors.email_invalid;
  if (code.endsWith('_too_long')) return text.customerErrors.too_long;
  if (code.endsWith('_required')) return text.customerErrors.required;
  return text.status.genericError;
}

/** What the method's data is made of, and the problems with it (field: the submitPayment key). */
export interface MethodData {
  data: Record<string, string>;
  problems: { field: ApmFieldName; code: string }[];
}

/**
 * `payment_method.data` for the method: each field from the form when shown and filled,
 * else the submitPayment customer, else the session's customer. Required ones missing, too
 * long or malformed are problems (nothing is sent then).
 */
export function buildMethodData(
  method: OfferedMethod,
  shown: readonly ApmFieldName[],
  values: ApmValues,
  customer: Customer,
  session: SessionShopper | null,
): MethodData {
  const data: Record<string, string> = {};
  const problems: MethodData['problems'] = [];
  const pick = (field: ApmFieldName, fromCustomer: string | undefined, fromSession: string | null | undefined): string => {
    const typed = shown.includes(field) ? values[field].trim() : '';
    return typed || (fromCustomer ?? '').trim() || (fromSession ?? '').trim();
  };
  for (const { name, required } of method.data) {
    const field: ApmFieldName = name === 'first_name' ? 'firstName' : name === 'last_name' ? 'lastName' : name === 'blik_code' ? 'blikCode' : 'email';
    const value =
      field === 'email'
        ? pick(field, customer.email, session?.email)
        : field === 'firstName'
          ? pick(field, customer.firstName, session?.first_name)
          : field === 'lastName'
            ? pick(field, customer.lastName, session?.last_name)
            : values.blikCode.trim();
    const state = apmFieldState(field, value, 'submitted');
    if (!state.valid) {
      problems.push({ field, code: state.error ?? `${name}_required` });
      continue;
    }
    if (value !== '') data[name] = value;
    else if (required) problems.push({ field, code: `${name}_required` });
  }
  return { data, problems };
}
