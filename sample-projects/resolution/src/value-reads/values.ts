export function fallback(value: string): string {
  return value;
}

export function other(value: string): string {
  return value.trim();
}

export class DefaultFormatter {
  format(value: string): string {
    return value;
  }
}

export const LIMIT = 10;
export let current = 0;

export enum Level {
  Low,
  High,
}

export namespace Units {
  export const metre = 1;
}

export class Settings {
  static defaults = { verbose: false };
  name = 'default';
}

export const table = { size: 3 };
