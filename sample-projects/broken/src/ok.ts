/** Returns `value` limited to the inclusive range [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : clamp((part / whole) * 100, 0, 100);
}
