import { formatHistogram, formatMean } from './format';
import { Histogram } from './stats';

export function report(samples: number[]): string {
  const histogram = new Histogram(10);
  samples.forEach((sample) => histogram.add(sample));
  return [formatMean(samples), formatHistogram(histogram)].join('\n');
}

report([3, 14, 15, 92, 65, 35, 89, 79, 32, 38]);
