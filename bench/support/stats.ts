/** Medians and spread for the bench's repeated runs. */

export interface Spread {
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  runs: number;
}


/** To one decimal. */
export const round1 = (n: number): number => Math.round(n * 10) / 10;

/** The q-quantile (0..1) by linear interpolation between closest ranks. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** Median, quartiles and extremes, rounded to `digits` decimals. */
export function spread(values: number[], digits = 1): Spread {
  const round = (n: number) => Math.round(n * 10 ** digits) / 10 ** digits;
  return {
    median: round(quantile(values, 0.5)),
    p25: round(quantile(values, 0.25)),
    p75: round(quantile(values, 0.75)),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
    runs: values.length,
  };
}

/** "12.3 ms (p25–p75 11.0–14.1, min–max 10.2–20.5, 7 runs)" */
export function describeSpread(s: Spread, unit: string): string {
  return `${s.median} ${unit} (p25–p75 ${s.p25}–${s.p75}, min–max ${s.min}–${s.max}, ${s.runs} runs)`;
}

/**
 * A frame's (or page's) median time ÷ its empty counterpart's median, to two places: for runs
 * whose two times come from pages of their own, which pairing by run does not make alike
 * (embedded-fields.ts, MobilePairs.ratio_of_medians).
 */
export function ratioOfMedians(runs: { blank: number; mount: number }[]): number {
  return Math.round((quantile(runs.map((r) => r.mount), 0.5) / quantile(runs.map((r) => r.blank), 0.5)) * 100) / 100;
}
