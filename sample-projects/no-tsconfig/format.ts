import { Histogram, mean } from './stats';

export function formatMean(values: readonly number[]): string {
  return `mean=${mean(values).toFixed(2)}`;
}

export function formatHistogram(histogram: Histogram): string {
  return histogram
    .entries()
    .map(([bucket, count]) => `${String(bucket).padStart(4)} | ${'*'.repeat(count)}`)
    .join('\n');
}
