// expect: IMPORTS src/dynamic-import/dashboard.ts -> src/dynamic-import/chart.ts
// expect: CALLS src/dynamic-import/dashboard.ts:showChart -> src/dynamic-import/chart.ts:renderChart
export async function showChart(labels: string[], values: number[]): Promise<string> {
  const chart = await import('./chart');
  return chart.renderChart({ labels, values });
}
