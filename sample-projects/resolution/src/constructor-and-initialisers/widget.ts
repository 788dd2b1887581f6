// Constructor bodies belong to the Constructor node, property initialisers to their Property node; a static
// block runs when the class is defined, so it stays with the class (ADR 0009).
// expect: CALLS src/constructor-and-initialisers/widget.ts:Widget.id -> src/constructor-and-initialisers/widget.ts:nextId
// expect: CALLS src/constructor-and-initialisers/widget.ts:Widget.registry -> src/constructor-and-initialisers/widget.ts:createRegistry
// expect: CALLS src/constructor-and-initialisers/widget.ts:Widget.constructor -> src/constructor-and-initialisers/widget.ts:loadDefaults
// expect: CALLS src/constructor-and-initialisers/widget.ts:Widget -> src/constructor-and-initialisers/widget.ts:registerType
// expect: INSTANTIATES src/constructor-and-initialisers/widget.ts:Widget.constructor -> src/constructor-and-initialisers/widget.ts:Options
// expect: CALLS src/constructor-and-initialisers/widget.ts:Widget.describe -> src/constructor-and-initialisers/widget.ts:Options.summary
// expect-not: CALLS src/constructor-and-initialisers/widget.ts:Widget -> src/constructor-and-initialisers/widget.ts:nextId
// expect-not: CALLS src/constructor-and-initialisers/widget.ts:Widget -> src/constructor-and-initialisers/widget.ts:loadDefaults
// expect: READS src/constructor-and-initialisers/widget.ts:Widget.constructor -> src/constructor-and-initialisers/widget.ts:Widget.registry
// expect: READS src/constructor-and-initialisers/widget.ts:nextId -> src/constructor-and-initialisers/widget.ts:counter

let counter = 0;
const knownTypes = new Set<string>();

function nextId(): number {
  counter += 1;
  return counter;
}

function createRegistry(): Map<number, Widget> {
  return new Map();
}

function loadDefaults(): Record<string, string> {
  return { theme: 'light', size: 'medium' };
}

function registerType(type: string): void {
  knownTypes.add(type);
}

export class Options {
  constructor(private readonly values: Record<string, string>) {}

  summary(): string {
    return Object.entries(this.values)
      .map(([key, value]) => `${key}=${value}`)
      .join(', ');
  }
}

export class Widget {
  static readonly registry = createRegistry();

  readonly id = nextId();
  readonly options: Options;

  static {
    registerType('widget');
  }

  constructor(overrides: Record<string, string> = {}) {
    this.options = new Options({ ...loadDefaults(), ...overrides });
    Widget.registry.set(this.id, this);
  }

  describe(): string {
    return `widget #${this.id} (${this.options.summary()})`;
  }
}
