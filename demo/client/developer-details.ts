/**
 * "Developer details (not shown to shoppers in a real shop)": what the gateway and the library
 * answered for the last payment on the page (order reference, transaction id, the callback's and
 * the verified status, processing code and message, masked card, error codes), for whoever
 * tests the shop, and the gateway customer of the shopper's profile. The shopper's sentence is in the result panel; these never are. English only,
 * like the rest of the testing panel.
 */
import { element } from './dom';

export type DeveloperFacts = readonly (readonly [term: string, value: string | null | undefined])[];

export class DeveloperDetails {
  private facts: DeveloperFacts = [];
  private customerId: string | undefined;

  constructor(
    private readonly list: HTMLElement,
    private readonly empty: HTMLElement,
  ) {}

  /** Replaces the facts of the last payment (empty values are left out). */
  show(facts: DeveloperFacts): void {
    this.facts = facts;
    this.render();
  }

  /** The gateway customer of the shopper's profile, if any. */
  setCustomer(customerId: string | undefined): void {
    this.customerId = customerId;
    this.render();
  }

  private render(): void {
    const rows = [...this.facts, ['Profile customer id', this.customerId] as const].filter(
      (fact): fact is readonly [string, string] => typeof fact[1] === 'string' && fact[1] !== '',
    );
    this.list.replaceChildren(...rows.map(([term, value]) => element('div', {}, [element('dt', { text: term }), element('dd', { text: value })])));
    this.list.hidden = rows.length === 0;
    this.empty.hidden = rows.length > 0;
  }
}
