/**
 * What mount() was given, checked before anything is drawn: one element or selector (the
 * card in one frame, as always), or, for the card component, one per field
 * (`{ number, expiry, cvv, holderName?, email? }`: split fields, a frame each). A mistake
 * names the field: a container for a field customerConfig does not show, a shown field
 * without one, a selector that finds nothing, one element for two fields.
 */
import type { CardFieldContainers, CustomerConfig, FieldName } from './public-api';
import { PaymentComponentError } from './options';

export type MountTarget = string | HTMLElement | CardFieldContainers;

/** Where the component goes: one container, or (split fields) one per shown field, in field order. */
export type MountPlace = { split: false; container: HTMLElement } | { split: true; containers: Map<FieldName, HTMLElement> };

const SPLIT_FIELDS: readonly FieldName[] = ['number', 'expiry', 'cvv', 'holderName', 'email'];

/** Whether `target` is an object of field containers rather than one element or selector. */
export function isFieldContainers(target: unknown): target is CardFieldContainers {
  return typeof target === 'object' && target !== null && !(target instanceof HTMLElement) && !Array.isArray(target);
}

function fail(why: string): never {
  throw new PaymentComponentError(`PaymentComponent: ${why}`);
}

/** The fields the card shows for this customerConfig, in field order. */
export function shownCardFields(customer: CustomerConfig | undefined): FieldName[] {
  return SPLIT_FIELDS.filter((field) => (field !== 'holderName' || customer?.hasHolderName === true) && (field !== 'email' || customer?.hasHolderEmail === true));
}

function element(target: unknown, what: string): HTMLElement {
  // A framework's ref before its element exists: said plainly, not as "found no element for null".
  if (target === null || target === undefined) fail(`${what === 'mount(selector)' ? 'mount()' : what} needs an element or a selector, got ${String(target)} (a ref read before its element was rendered?)`);
  const found = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
  if (!(found instanceof HTMLElement)) fail(`${what} found no element for ${String(target)}`);
  return found;
}

/**
 * The place mount() draws into, or a PaymentComponentError naming what is wrong. `split`:
 * whether this component can split (the card; not the saved card's CVV nor the methods).
 */
export function mountPlace(target: unknown, { split, customerConfig }: { split: boolean; customerConfig: CustomerConfig | undefined }): MountPlace {
  if (!isFieldContainers(target)) return { split: false, container: element(target, 'mount(selector)') };
  if (!split) fail('mount({ number, expiry, cvv }) is for the card component: mount this one into one element');
  const given = target as unknown as Record<string, unknown>;
  const unknown = Object.keys(given).find((key) => !SPLIT_FIELDS.includes(key as FieldName));
  if (unknown !== undefined) fail(`mount({ ${unknown} }) is not a card field (fields: ${SPLIT_FIELDS.join(', ')})`);
  const shown = shownCardFields(customerConfig);
  const containers = new Map<FieldName, HTMLElement>();
  for (const field of SPLIT_FIELDS) {
    const value = given[field];
    if (value === undefined) {
      if (shown.includes(field)) fail(`mount({ ${field} }) is missing: customerConfig shows the ${field} field, so it needs a container`);
      continue;
    }
    if (!shown.includes(field)) {
      const option = field === 'holderName' ? 'hasHolderName' : 'hasHolderEmail';
      fail(`mount({ ${field} }) was given a container, but customerConfig does not show the ${field} field (set customerConfig.${option})`);
    }
    const container = element(value, `mount({ ${field} })`);
    const twice = [...containers].find(([, other]) => other === container || other.contains(container) || container.contains(other));
    if (twice) fail(`mount({ ${field} }) and mount({ ${twice[0]} }) are the same element or one holds the other: each field needs its own container`);
    containers.set(field, container);
  }
  return { split: true, containers };
}

/** Whether two places are the same (mount() into the same place answers the mount under way). */
export function samePlace(a: MountPlace | undefined, b: MountPlace): boolean {
  if (!a || a.split !== b.split) return false;
  if (!a.split || !b.split) return !a.split && !b.split && a.container === b.container;
  return a.containers.size === b.containers.size && [...b.containers].every(([field, container]) => a.containers.get(field) === container);
}

/** Every container of a place. */
export function containersOf(place: MountPlace): HTMLElement[] {
  return place.split ? [...place.containers.values()] : [place.container];
}
