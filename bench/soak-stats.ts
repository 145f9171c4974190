/** The soak's figures: one sample per interval, and the least-squares slope of RSS against requests. */
export interface Sample {
  at: number;
  requests: number;
  rssMb: number;
  lagP99Ms: number;
  lagMaxMs: number;
}

/** MB of RSS per 100,000 requests, by least squares over the samples (0 with fewer than two). */
export function slope(samples: readonly Sample[]): number {
  if (samples.length < 2) return 0;
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.requests, 0) / n;
  const my = samples.reduce((s, p) => s + p.rssMb, 0) / n;
  const sxx = samples.reduce((s, p) => s + (p.requests - mx) ** 2, 0);
  const sxy = samples.reduce((s, p) => s + (p.requests - mx) * (p.rssMb - my), 0);
  return sxx === 0 ? 0 : (sxy / sxx) * 100_000;
}
