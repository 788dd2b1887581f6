/** Either a successful value or an error, never both. */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

/** Returns a successful result wrapping `value`. */
export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

/** Returns a failed result carrying `error`. */
export function err<E>(error: E): Result<never, E> {
  return { ok: false, error };
}

export function isOk<T, E>(result: Result<T, E>): result is { ok: true; value: T } {
  return result.ok;
}

/** Applies `fn` to the value of a successful result; errors pass through untouched. */
export function mapResult<T, U, E>(result: Result<T, E>, fn: (value: T) => U): Result<U, E> {
  return result.ok ? ok(fn(result.value)) : result;
}

/** Returns the value or throws the error: for places where failure is a bug. */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (isOk(result)) {
    return result.value;
  }
  throw new Error(`unwrap on error result: ${String(result.error)}`);
}
