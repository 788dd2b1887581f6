// expect: CALLS src/abstract-dispatch/exporter.ts:Exporter.run -> src/abstract-dispatch/exporter.ts:Exporter.serialize
// expect: CALLS src/abstract-dispatch/exporter.ts:Exporter.run -> src/abstract-dispatch/exporter.ts:Exporter.wrap
// expect-not: CALLS src/abstract-dispatch/exporter.ts:Exporter.run -> src/abstract-dispatch/formats.ts:JsonExporter.serialize
// expect-not: CALLS src/abstract-dispatch/exporter.ts:Exporter.run -> src/abstract-dispatch/formats.ts:CsvExporter.serialize

export type Row = Record<string, string | number>;

/** Template-method base class: subclasses only decide how rows are serialised. */
export abstract class Exporter {
  abstract serialize(rows: readonly Row[]): string;

  run(rows: readonly Row[]): string {
    const body = this.serialize(rows);
    return this.wrap(body);
  }

  protected wrap(body: string): string {
    return `${body}\n`;
  }
}
