/** Small descriptive statistics for benchmark samples (milliseconds or any unit). */

export interface Summary {
  readonly count: number;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  readonly p50: number;
  readonly p95: number;
}

/**
 * Nearest-rank percentile: the smallest sample such that at least `p` percent of the
 * samples are <= it. Always returns an observed value. `p` is in [0, 100].
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile out of range: ${p}`);
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  const value = sorted[Math.min(rank, sorted.length) - 1];
  return value ?? Number.NaN;
}

export function summarize(samples: readonly number[]): Summary | null {
  if (samples.length === 0) return null;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let total = 0;
  for (const s of samples) {
    if (s < min) min = s;
    if (s > max) max = s;
    total += s;
  }
  return {
    count: samples.length,
    min,
    max,
    mean: total / samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
  };
}

/**
 * `count` indices spread evenly over [0, length): the middle of each of `count`
 * equal buckets. Deterministic; distinct whenever count <= length.
 */
export function evenlySpacedIndices(length: number, count: number): number[] {
  const n = Math.min(Math.max(0, Math.floor(count)), length);
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(Math.floor(((i + 0.5) * length) / n));
  return out;
}
