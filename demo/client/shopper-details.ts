/**
 * The shopper's contact details (first and last name, email, phone, country): checked here
 * with the browser's own constraints and passed to submitPayment as its `customer`. The
 * library checks them again (its invalid_customer error names the fields) and those
 * messages are shown beside the same inputs.
 */
import type { Customer } from '@payments/embedded-fields';
import { onLanguageChange, texts } from './i18n';

type CustomerKey = 'firstName' | 'lastName' | 'email' | 'phone' | 'country';

type DetailInput = HTMLInputElement | HTMLSelectElement;

const MISSING = {
  firstName: 'firstNameMissing',
  lastName: 'lastNameMissing',
  email: 'emailMissing',
  phone: 'phoneMissing',
  country: 'countryMissing',
} as const satisfies Record<CustomerKey, string>;

export class ShopperDetails {
  private readonly inputs: Map<CustomerKey, DetailInput>;
  private readonly errors = new Map<DetailInput, () => string>();

  constructor(private readonly form: HTMLFormElement) {
    onLanguageChange(() => this.rerenderErrors());
    this.inputs = new Map();
    for (const input of form.querySelectorAll<DetailInput>('[data-customer]')) {
      this.inputs.set(input.dataset.customer as CustomerKey, input);
      input.addEventListener('input', () => this.clearError(input));
      input.addEventListener('change', () => this.clearError(input));
    }
  }

  /** Shows every problem beside its input; focuses the first. Answers whether all are valid. */
  validate(): boolean {
    let first: DetailInput | undefined;
    for (const input of this.inputs.values()) {
      input.value = input.value.trim();
      if (input.checkValidity()) {
        this.clearError(input);
        continue;
      }
      this.showError(input, this.messageFor(input));
      first ??= input;
    }
    first?.focus();
    return first === undefined;
  }

  /** submitPayment's `customer`: phone without spaces or punctuation (E.164). */
  customer(): Customer {
    const value = (key: CustomerKey) => this.inputs.get(key)?.value.trim() ?? '';
    return {
      firstName: value('firstName'),
      lastName: value('lastName'),
      email: value('email'),
      phone: value('phone').replace(/[\s().-]/g, ''),
      country: value('country'),
    };
  }

  /**
   * Shows the library's per-field problems (invalid_customer) beside our inputs. Answers the
   * problems that belong to none of them, for the result area.
   */
  showFieldErrors(fields: readonly { field: string; message: string }[]): string[] {
    const unmatched: string[] = [];
    let first: DetailInput | undefined;
    for (const { field, message } of fields) {
      const key = field.split('.').pop() as CustomerKey;
      const input = this.inputs.get(key);
      if (!input) {
        unmatched.push(message);
        continue;
      }
      this.showError(input, () => message);
      first ??= input;
    }
    first?.focus();
    return unmatched;
  }

  setDisabled(disabled: boolean): void {
    for (const input of this.inputs.values()) input.disabled = disabled;
  }

  /** The shop's sentence for what is wrong, in the current language. */
  private messageFor(input: DetailInput): () => string {
    const key = input.dataset.customer as CustomerKey;
    if (input.validity.valueMissing) return () => texts().contact[MISSING[key]];
    if (key === 'email') return () => texts().contact.emailInvalid;
    if (key === 'phone') return () => texts().contact.phoneInvalid;
    const browser = input.validationMessage;
    return () => browser;
  }

  private errorElement(input: DetailInput): HTMLElement | null {
    return this.form.querySelector(`#${CSS.escape(input.id)}-error`);
  }

  private showError(input: DetailInput, message: () => string): void {
    input.setAttribute('aria-invalid', 'true');
    this.errors.set(input, message);
    const error = this.errorElement(input);
    if (error) error.textContent = message();
  }

  private clearError(input: DetailInput): void {
    input.removeAttribute('aria-invalid');
    this.errors.delete(input);
    const error = this.errorElement(input);
    if (error) error.textContent = '';
  }

  /** Shown problems in a newly picked language (the library's own stay as it said them). */
  private rerenderErrors(): void {
    for (const [input, message] of this.errors) {
      const error = this.errorElement(input);
      if (error) error.textContent = message();
    }
  }
}
