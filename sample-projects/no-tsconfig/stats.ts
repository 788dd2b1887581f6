/** Returns the arithmetic mean, or 0 for an empty list. */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : sum(values) / values.length;
}

export function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) {
    total += value;
  }
  return total;
}

export class Histogram {
  private readonly buckets = new Map<number, number>();

  constructor(private readonly width: number) {}

  add(value: number): void {
    const bucket = Math.floor(value / this.width) * this.width;
    this.buckets.set(bucket, (this.buckets.get(bucket) ?? 0) + 1);
  }

  entries(): Array<[number, number]> {
    return [...this.buckets.entries()].sort((a, b) => a[0] - b[0]);
  }
}
