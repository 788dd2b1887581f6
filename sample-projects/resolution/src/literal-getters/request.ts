// A read of a property that an object-literal getter implements is a READS of the interface property; the
// getter OVERRIDES it (the literal's contextual type), so impact and the call queries can go from one to the other.
// expect: OVERRIDES src/literal-getters/request.ts:makeInit.protocol -> src/literal-getters/request.ts:Init.protocol
// expect: READS src/literal-getters/request.ts:describe -> src/literal-getters/request.ts:Init.protocol

export interface Init {
  readonly protocol: string;
  readonly host: string;
}

export function makeInit(secure: boolean): Init {
  return {
    host: 'localhost',
    get protocol() {
      return secure ? 'https' : 'http';
    },
  };
}

export function describe(init: Init): string {
  return `${init.protocol}://${init.host}`;
}
