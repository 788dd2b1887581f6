/** Parses a number, or a comma separated list of numbers when `asList` is true. */
export function parse(input: string): number;
export function parse(input: string, asList: true): number[];
export function parse(input: string, asList?: boolean): number | number[] {
  if (asList) {
    return input.split(',').map((part) => Number(part.trim()));
  }
  return Number(input.trim());
}

export class Reader {
  private position = 0;

  constructor(private readonly source: string) {}

  read(): string;
  read(count: number): string[];
  read(count?: number): string | string[] {
    if (count === undefined) {
      return this.source.charAt(this.position++);
    }
    const chars = this.source.slice(this.position, this.position + count).split('');
    this.position += count;
    return chars;
  }
}
