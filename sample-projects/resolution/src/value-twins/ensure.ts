// expect: CALLS src/value-twins/ensure.ts:Ensure#function -> src/value-twins/ensure.ts:wrapEnsured
// expect: CALLS src/value-twins/ensure.ts:wrapEnsured -> src/value-twins/ensure.ts:checkEnsured

/** A type and a function of one name: the function is keyed `Ensure#function`, the type keeps `Ensure`. */
export interface Ensure {
  readonly value: unknown;
}

export function Ensure(value: unknown): Ensure {
  return wrapEnsured(value);
}

function wrapEnsured(value: unknown): Ensure {
  return { value: checkEnsured(value) };
}

function checkEnsured(value: unknown): unknown {
  return value;
}
