/**
 * Counted phrases ("3 instalments"), chosen by the language's own plural rules
 * (`Intl.PluralRules`, CLDR): English and Swedish have one/other; Romanian one/few/other
 * (1 rată, 2–19 rate, 20 de rate, 101 rate); Bosnian one/few/other (1 rata, 2–4 rate, 5 rata,
 * 21 rata, 22 rate). Never `count === 1 ? … : …`.
 */
import type { LocaleTag } from './locales';

/** A phrase per plural category the locale uses; `other` always. `{count}` marks the number. */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;

const rules = new Map<LocaleTag, Intl.PluralRules>();
const numbers = new Map<LocaleTag, Intl.NumberFormat>();

function cached<T>(cache: Map<LocaleTag, T>, locale: LocaleTag, make: () => T): T {
  let value = cache.get(locale);
  if (value === undefined) cache.set(locale, (value = make()));
  return value;
}

/** The plural categories `locale` distinguishes (what its catalog's PluralForms must have). */
export function pluralCategories(locale: LocaleTag): readonly Intl.LDMLPluralRule[] {
  return cached(rules, locale, () => new Intl.PluralRules(locale)).resolvedOptions().pluralCategories;
}

/**
 * The form for `count` with `{count}` filled in, the number written the locale's way:
 * formatPlural('ro-RO', {one: '{count} rată', few: '{count} rate', other: '{count} de rate'}, 20)
 * → '20 de rate'.
 */
export function formatPlural(locale: LocaleTag, forms: PluralForms, count: number): string {
  const category = cached(rules, locale, () => new Intl.PluralRules(locale)).select(count);
  const number = cached(numbers, locale, () => new Intl.NumberFormat(locale)).format(count);
  return (forms[category] ?? forms.other).replace(/\{count\}/g, number);
}
