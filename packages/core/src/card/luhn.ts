/** The Luhn (mod 10) check every major card network uses for its check digit. */

/** True when `digits` (ASCII digits only, at least two) passes the Luhn check. */
export function luhnCheck(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return luhnSum(digits, false) % 10 === 0;
}

/** The check digit that makes `partial` followed by it pass {@link luhnCheck}. */
export function luhnCheckDigit(partial: string): string {
  if (!/^\d+$/.test(partial)) throw new RangeError('luhnCheckDigit expects digits only');
  return String((10 - (luhnSum(partial, true) % 10)) % 10);
}

/** Sum from the right, doubling every second digit (the first too when `doubleFirst`). */
function luhnSum(digits: string, doubleFirst: boolean): number {
  let sum = 0;
  let double = doubleFirst;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum;
}
