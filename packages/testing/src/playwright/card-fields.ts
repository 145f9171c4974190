/**
 * Filling and reading the secure card fields from a merchant page, as a shopper and a
 * screen reader see them: the frame by its accessible title, each field by its label.
 * Works on any page that embeds embedded-fields.js (and on the hosted page, which renders
 * the same fields without a frame: pass the page itself as the root; split fields, a frame
 * per field: pass splitCardFrames(page)).
 */
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { LOCALES, messages, type LocaleTag } from '@payments/core';

/** The card frame's title in en-US; it follows the component's locale (`cardFrameTitle`). */
export const CARD_FRAME_TITLE = 'Secure card payment';

/** The card frame's title in `locale` (the catalog's frameTitle): set at mount and by changeLocale(). */
export function cardFrameTitle(locale: LocaleTag): string {
  return messages(locale).status.frameTitle;
}

/** The security code's label follows the card's brand (CVV, CVC, CID, CVN): the field is found by any of them. */
const SECURITY_CODE_LABEL = /^(CVV|CVC|CID|CVN)$/;

/** Accessible names of the card fields in en-US. */
export const CARD_FIELD_LABELS = {
  number: 'Card number',
  expiry: 'Expiry date',
  cvv: 'CVV',
  holderName: 'Cardholder name',
  email: 'Email',
} as const;

export type CardFieldName = keyof typeof CARD_FIELD_LABELS;

/** Accessible names of the card fields in any supported locale: pass to fillCard, cardField, readField. */
export function cardFieldLabels(locale: LocaleTag): Record<CardFieldName, string> {
  const { labels } = messages(locale);
  return { number: labels.cardNumber, expiry: labels.expiryDate, cvv: labels.cvv, holderName: labels.cardholderName, email: labels.email };
}

export interface CardInput {
  number: string;
  /** "MM / YY" or "MM/YY"; default 12 / (this year + 3). */
  expiry?: string;
  cvv?: string;
  holderName?: string;
  email?: string;
}

/**
 * A card mounted as split fields (`mount({ number, expiry, cvv })`): a frame per field, each
 * titled with the card frame's title and the field's label. Pass it wherever a root goes
 * (fillCard, cardField, readField, waitForCardReady): each field is then found in its own frame.
 */
export interface SplitCardFrames {
  readonly split: true;
  /** The frame of one field. */
  frame(field: CardFieldName): FrameLocator;
}

type Root = Page | FrameLocator | SplitCardFrames;

/** A split field's frame title in `locale`, as the card component sets it: "Secure card payment: Card number". */
export function cardFieldFrameTitle(locale: LocaleTag, field: CardFieldName): string {
  return `${cardFrameTitle(locale)}: ${cardFieldLabels(locale)[field]}`;
}

/** The split fields of the n-th split card on the page (0: the first), whatever its locale. */
export function splitCardFrames(page: Page, index = 0): SplitCardFrames {
  return {
    split: true,
    frame: (field) => {
      const titles = [...new Set(LOCALES.map((locale) => cardFieldFrameTitle(locale, field)))];
      return page.locator(titles.map((title) => `iframe[title="${title}"]`).join(', ')).nth(index).contentFrame();
    },
  };
}

const isSplit = (root: Root): root is SplitCardFrames => 'split' in root && root.split === true;

/** The n-th card frame on the page (0: the first), whatever its locale. */
export function cardFrame(page: Page, index = 0): FrameLocator {
  const titles = [...new Set(LOCALES.map(cardFrameTitle))];
  return page.locator(titles.map((title) => `iframe[title="${title}"]`).join(', ')).nth(index).contentFrame();
}

export function cardField(root: Root, field: CardFieldName, labels: Partial<Record<CardFieldName, string>> = {}): Locator {
  if (isSplit(root)) return cardField(root.frame(field), field, labels);
  const label = labels[field] ?? CARD_FIELD_LABELS[field];
  if (field === 'cvv' && SECURITY_CODE_LABEL.test(label)) return root.getByLabel(SECURITY_CODE_LABEL);
  return root.getByLabel(label, { exact: true });
}

/** Resolves when the card number field can be typed into (the mount() promise, seen from outside). */
export async function waitForCardReady(root: Root, labels: Partial<Record<CardFieldName, string>> = {}): Promise<void> {
  await expect(cardField(root, 'number', labels)).toBeEditable();
}

export async function fillCard(root: Root, card: CardInput, labels: Partial<Record<CardFieldName, string>> = {}): Promise<void> {
  await cardField(root, 'number', labels).fill(card.number);
  const expiry = card.expiry ?? `12 / ${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
  // Split fields always have both (a saved card's CVV alone is one frame).
  const expiryField = cardField(root, 'expiry', labels);
  if (isSplit(root) || (await expiryField.count())) await expiryField.fill(expiry);
  const cvvField = cardField(root, 'cvv', labels);
  if (isSplit(root) || (await cvvField.count())) await cvvField.fill(card.cvv ?? '123');
  if (card.holderName !== undefined) await cardField(root, 'holderName', labels).fill(card.holderName);
  if (card.email !== undefined) await cardField(root, 'email', labels).fill(card.email);
}

export interface FieldReading {
  value: string;
  invalid: boolean;
  /** The error announced for the field (its accessible description), or ''. */
  error: string;
}

/** What a field shows: its value, whether it is marked invalid, and its announced error. */
export async function readField(root: Root, field: CardFieldName, labels: Partial<Record<CardFieldName, string>> = {}): Promise<FieldReading> {
  const input = cardField(root, field, labels);
  const [value, invalid, described] = await Promise.all([
    input.inputValue(),
    input.getAttribute('aria-invalid'),
    input.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => el.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
        .filter((text) => text !== '')
        .join(' '),
    ),
  ]);
  return { value, invalid: invalid === 'true', error: invalid === 'true' ? described : '' };
}
