/** The dashboard's formatting: amounts by the currency's own decimals, in the viewer's locale; the replay command's quoting. */
import { describe, expect, it } from 'vitest';
import { curlCommand, deliveryStateLabel, eventLabel, formatAmount, formatTime, majorUnits } from './format';

describe('dashboard formatting', () => {
  it('turns minor units into the currency’s major units and formats them in the viewer’s locale', () => {
    expect(majorUnits(4999, 'EUR')).toBe(49.99);
    expect(majorUnits(500, 'JPY')).toBe(500);
    expect(majorUnits(1234, 'KWD')).toBe(1.234);
    expect(formatAmount(4999, 'EUR', ['de-DE'])).toBe('49,99\u00a0€');
    expect(formatAmount(4999, 'EUR', ['en-US'])).toBe('€49.99');
    expect(formatAmount(4999, 'SEK', ['sv-SE'])).toBe('49,99\u00a0kr');
  });

  it('formats times in the viewer’s locale and leaves what is not a time as it is', () => {
    expect(formatTime('2026-11-27T10:00:00Z', ['sv-SE'])).toMatch(/2026/);
    expect(formatTime('not a time')).toBe('not a time');
    expect(formatTime(null)).toBe('');
  });

  it('quotes a replay command so a body with quotes stays one argument', () => {
    const command = curlCommand('http://localhost:5173/webhooks', { headers: { 'x-webhook-id': 'd1' }, body: `{"note":"it's"}` });
    expect(command).toBe(`curl -X POST 'http://localhost:5173/webhooks' \\\n  -H 'x-webhook-id: d1' \\\n  --data-raw '{"note":"it'\\''s"}'`);
  });

  it('names events and delivery states for a reader', () => {
    expect(eventLabel('transaction-svc:transaction:purchase:approved')).toBe('purchase approved');
    expect(deliveryStateLabel('pending', 2)).toBe('Failing, retrying');
    expect(deliveryStateLabel('pending', 0)).toBe('Sending');
    expect(deliveryStateLabel('delivered', 1)).toBe('Acknowledged');
  });
});
