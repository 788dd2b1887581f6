export interface ChartData {
  labels: string[];
  values: number[];
}

/** Expensive module, loaded lazily. */
export function renderChart(data: ChartData): string {
  return data.labels.map((label, i) => `${label}: ${'#'.repeat(data.values[i] ?? 0)}`).join('\n');
}
