/**
 * The whole customer check, phone length included (libphonenumber-js's `min` metadata, about
 * 30 kB compressed). A subpath entry (`@payments/core/customer-checks`): servers and tests
 * import it directly; browsers import it on demand, only for a customer with a phone number.
 */
import { validatePhoneNumberLength } from 'libphonenumber-js/min';
import { checkCustomerFields, type CustomerCheckOptions, type CustomerCheckResult, type PhoneLengthCheck } from './customer-rules';

export * from './customer-rules';

/** The length check of an E.164 number for its calling code. */
export const phoneLengthCheck: PhoneLengthCheck = (e164) => {
  const length = validatePhoneNumberLength(e164);
  if (length === undefined) return undefined;
  return length === 'INVALID_COUNTRY' ? 'phone_invalid_country_code' : 'phone_impossible_length';
};

/** {@link checkCustomerFields} with the phone length check. */
export function checkCustomer(customer: unknown, options: CustomerCheckOptions = {}): CustomerCheckResult {
  return checkCustomerFields(customer, options, phoneLengthCheck);
}
