/**
 * Amounts are integers in minor units (spec). The number of minor digits comes from the
 * currency itself (Intl knows ISO 4217: JPY 0, EUR 2, BHD 3), never from a hard-coded table.
 */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Formats minor units for a shopper, e.g. (123456, 'EUR', 'sv-SE') → "1 234,56 €". */
export function formatAmount(minorUnits: number, currency: string, locale: string): string {
  const digits = minorDigits(currency);
  const major = minorUnits / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}
