export function cacheKey(scope: string, id: string): string {
  return `${scope}:${id}`;
}
