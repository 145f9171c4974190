/**
 * Dates and amounts in the viewer's locale (the browser's languages), with Intl: the
 * dashboard is in English, its numbers and times are the viewer's own.
 */

/** Minor units → the currency's major units, e.g. 4999 EUR → 49.99, 500 JPY → 500. */
export function majorUnits(amount: number, currency: string): number {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown currency code: two decimals, as most have.
  }
  return amount / 10 ** digits;
}

export function formatAmount(amount: number, currency: string, locales?: string | readonly string[]): string {
  try {
    return new Intl.NumberFormat(locales as string[] | undefined, { style: 'currency', currency }).format(majorUnits(amount, currency));
  } catch {
    return `${amount} ${currency}`;
  }
}

export function formatTime(iso: string | null, locales?: string | readonly string[]): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locales as string[] | undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}

/** A shell command that replays a signed webhook request, for the developer's clipboard. */
export function curlCommand(url: string, request: { headers: Record<string, string>; body: string }): string {
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  const headers = Object.entries(request.headers).map(([name, value]) => `  -H ${quote(`${name}: ${value}`)} \\`);
  return [`curl -X POST ${quote(url)} \\`, ...headers, `  --data-raw ${quote(request.body)}`].join('\n');
}

/** "transaction-svc:transaction:purchase:approved" → "purchase approved". */
export function eventLabel(event: string): string {
  const parts = event.split(':');
  return parts.length >= 2 ? parts.slice(-2).join(' ') : event;
}

/** What a delivery's state means to someone reading the list. */
export function deliveryStateLabel(state: string, attempts: number): string {
  switch (state) {
    case 'delivered':
      return 'Acknowledged';
    case 'failed':
      return 'Failed (gave up)';
    case 'no_url':
      return 'Not sent (no webhook URL)';
    default:
      return attempts > 0 ? 'Failing, retrying' : 'Sending';
  }
}
