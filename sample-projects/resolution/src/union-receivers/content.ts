// A call on a union receiver calls the member of every type of the union: one CALLS per member.
// expect: CALLS src/union-receivers/content.ts:render -> src/union-receivers/content.ts:TextContent.toString
// expect: CALLS src/union-receivers/content.ts:render -> src/union-receivers/content.ts:HtmlContent.toString
// expect: CALLS src/union-receivers/content.ts:Registry.isRegistered -> src/union-receivers/content.ts:Registry.has
// expect: CALLS src/union-receivers/content.ts:Registry.isRegistered -> src/union-receivers/content.ts:Store.has
// expect: CALLS src/union-receivers/content.ts:label -> src/union-receivers/content.ts:TextContent.toString

export class TextContent {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

export class HtmlContent {
  constructor(readonly html: string) {}

  toString(): string {
    return this.html.replace(/<[^>]*>/g, '');
  }
}

export function render(content: TextContent | HtmlContent): string {
  return content.toString();
}

export function label(content: TextContent | string): string {
  return content.toString();
}

export class Store {
  private readonly keys = new Set<string>();

  has(key: string): boolean {
    return this.keys.has(key);
  }
}

export class Registry {
  private readonly names: string[] = [];

  has(name: string): boolean {
    return this.names.includes(name);
  }

  isRegistered(this: Registry | Store, name: string): boolean {
    return this.has(name);
  }
}
