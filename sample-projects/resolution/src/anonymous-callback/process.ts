// expect: CALLS src/anonymous-callback/process.ts:processAll -> src/anonymous-callback/process.ts:audit
// expect: CALLS src/anonymous-callback/process.ts:processAll -> src/anonymous-callback/process.ts:normalize
// expect: CALLS src/anonymous-callback/process.ts:processLater -> src/anonymous-callback/process.ts:audit
// expect-not: CALLS src/anonymous-callback/process.ts:processLater -> src/anonymous-callback/process.ts:normalize

const seen: number[] = [];

function audit(value: number): void {
  seen.push(value);
}

function normalize(value: number): number {
  return Math.max(0, Math.round(value));
}

export function processAll(items: number[]): number[] {
  items.forEach((x) => audit(x));
  return items.map(function (y) {
    return normalize(y);
  });
}

export function processLater(items: number[]): Promise<void> {
  return Promise.resolve().then(() => {
    items.forEach((x) => {
      audit(x);
    });
  });
}
