import { describe, expect, it } from 'vitest';
import { checkCustomer, phoneLengthCheck, toGatewayCustomer } from './customer-checks';
import { checkCustomerFields, customerHasPhone } from './customer-rules';

const codesOf = (customer: unknown) => checkCustomer(customer).errors.map(({ field, code }) => `${field}:${code}`);

describe('checkCustomer', () => {
  it('accepts an empty customer and a complete valid one', () => {
    expect(checkCustomer({})).toEqual({ valid: true, errors: [] });
    expect(
      checkCustomer({
        firstName: 'Amra',
        lastName: 'Hadžić',
        address: 'Ferhadija 12',
        city: 'Sarajevo',
        postalCode: '71000',
        country: 'BA',
        phone: '+38761123456',
        email: 'amra@example.ba',
      }),
    ).toEqual({ valid: true, errors: [] });
  });

  it('treats null, empty and blank values as absent', () => {
    expect(checkCustomer({ phone: null, email: '', country: '   ' })).toEqual({ valid: true, errors: [] });
  });

  it('accepts a lowercase country and refuses anything but an ISO alpha-2 code', () => {
    expect(codesOf({ country: 'se' })).toEqual([]);
    expect(codesOf({ country: 'SWE' })).toEqual(['country:country_invalid']);
    expect(codesOf({ country: 'UK' })).toEqual(['country:country_invalid']);
  });

  it('requires E.164 phone numbers', () => {
    for (const phone of ['061123456', '0038761123456', '+0123456789', 'call me', '+387 61 ABC']) {
      expect(codesOf({ phone }), phone).toEqual(['phone:phone_not_e164']);
    }
  });

  it('allows visual separators in an otherwise E.164 number', () => {
    expect(codesOf({ phone: '+1 (415) 555-0123' })).toEqual([]);
    expect(codesOf({ phone: '+46 70 123 45 67' })).toEqual([]);
  });

  it('refuses lengths impossible for the number country', () => {
    expect(codesOf({ phone: '+387611234' })).toEqual(['phone:phone_impossible_length']);
    expect(codesOf({ phone: '+1415555012' })).toEqual(['phone:phone_impossible_length']);
    expect(codesOf({ phone: '+4670123456789' })).toEqual(['phone:phone_impossible_length']);
  });

  it('refuses calling codes that no country has', () => {
    expect(codesOf({ phone: '+9991234567' })).toEqual(['phone:phone_invalid_country_code']);
  });

  it('checks email form', () => {
    for (const email of ['a@b.co', 'first.last+tag@sub.example.com', 'ana@pošta.ba', 'x@example.xn--p1ai']) {
      expect(codesOf({ email }), email).toEqual([]);
    }
    for (const email of ['plain', 'a@b', 'a@@b.com', 'a b@c.com', '.a@b.com', 'a.@b.com', 'a..b@c.com', 'a@-b.com', 'a@b..com']) {
      expect(codesOf({ email }), email).toEqual(['email:email_invalid']);
    }
  });

  it('enforces the spec lengths: 512 for email, 255 for names and address parts', () => {
    const longEmail = `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.`.repeat(4) + 'com';
    expect(codesOf({ email: longEmail.padEnd(513, 'm') })).toEqual(['email:too_long']);
    expect(codesOf({ firstName: 'x'.repeat(255) })).toEqual([]);
    expect(codesOf({ firstName: 'x'.repeat(256), city: 'y'.repeat(256) })).toEqual(['firstName:too_long', 'city:too_long']);
  });

  it('reports missing required fields', () => {
    const result = checkCustomer({ firstName: 'Ana' }, { required: ['firstName', 'email'] });
    expect(result).toEqual({ valid: false, errors: [{ field: 'email', code: 'required' }] });
  });

  it('reports non-string values and unknown keys from merchant code', () => {
    expect(codesOf({ postalCode: 71000, first_name: 'Ana' })).toEqual(['first_name:unknown_field', 'postalCode:invalid_type']);
    expect(codesOf('Ana')).toEqual(['customer:invalid_type']);
    expect(codesOf(null)).toEqual(['customer:invalid_type']);
  });
});

describe('toGatewayCustomer', () => {
  it('maps to the spec snake_case fields, normalized and without empty ones', () => {
    expect(
      toGatewayCustomer({
        firstName: ' Ana ',
        lastName: 'Popescu',
        address: 'Str. Lipscani 5',
        city: 'București',
        postalCode: '030031',
        country: 'ro',
        phone: '+40 712 345 678',
        email: 'ana@example.ro',
      }),
    ).toEqual({
      first_name: 'Ana',
      last_name: 'Popescu',
      address: 'Str. Lipscani 5',
      city: 'București',
      postal_code: '030031',
      country: 'RO',
      phone: '+40712345678',
      email: 'ana@example.ro',
    });
    expect(toGatewayCustomer({ firstName: '', email: null })).toEqual({});
  });
});

describe('markup in names and address parts', () => {
  it('is refused with invalid_characters before anything is sent', () => {
    expect(checkCustomer({ firstName: '<img src=x onerror=alert(1)>', city: 'javascript:alert(1)', lastName: "O'Brien-Åström" }).errors).toEqual([
      { field: 'firstName', code: 'invalid_characters' },
      { field: 'city', code: 'invalid_characters' },
    ]);
  });
});

describe('checkCustomerFields (the rules without libphonenumber-js)', () => {
  it('checks everything but a phone without the phone rules, and refuses to judge a phone without them', () => {
    expect(checkCustomerFields({ email: 'a@example.com', country: 'se' })).toEqual({ valid: true, errors: [] });
    expect(checkCustomerFields({ country: 'XX' }).errors).toEqual([{ field: 'country', code: 'country_invalid' }]);
    expect(customerHasPhone({ phone: '  ' })).toBe(false);
    expect(customerHasPhone({ phone: '+46701234567' })).toBe(true);
    expect(() => checkCustomerFields({ phone: '+46701234567' })).toThrow(/phone length check/);
    expect(checkCustomerFields({ phone: '+46701234567' }, {}, phoneLengthCheck).valid).toBe(true);
  });
});
