/**
 * Fills `{name}` parameters: formatMessage('Pay {amount}', {amount: '€10.00'}). A parameter
 * without a value is left as written, so a missing value shows rather than crashes.
 */
export function formatMessage(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}
