// expect: IMPORTS src/abstract-dispatch/formats.ts -> src/abstract-dispatch/exporter.ts
// expect: EXTENDS src/abstract-dispatch/formats.ts:JsonExporter -> src/abstract-dispatch/exporter.ts:Exporter
// expect: EXTENDS src/abstract-dispatch/formats.ts:CsvExporter -> src/abstract-dispatch/exporter.ts:Exporter
// expect: CALLS src/abstract-dispatch/formats.ts:exportRows -> src/abstract-dispatch/exporter.ts:Exporter.serialize
// expect: CALLS src/abstract-dispatch/formats.ts:exportRows -> src/abstract-dispatch/exporter.ts:Exporter.run
// expect-not: CALLS src/abstract-dispatch/formats.ts:exportRows -> src/abstract-dispatch/formats.ts:JsonExporter.serialize
// expect: INSTANTIATES src/abstract-dispatch/formats.ts:exportJson -> src/abstract-dispatch/formats.ts:JsonExporter
// expect: CALLS src/abstract-dispatch/formats.ts:exportJson -> src/abstract-dispatch/exporter.ts:Exporter.run
// expect: CALLS src/abstract-dispatch/formats.ts:previewCsv -> src/abstract-dispatch/formats.ts:CsvExporter.serialize
// expect-not: CALLS src/abstract-dispatch/formats.ts:previewCsv -> src/abstract-dispatch/formats.ts:JsonExporter.serialize
import { Exporter, type Row } from './exporter';

export class JsonExporter extends Exporter {
  serialize(rows: readonly Row[]): string {
    return JSON.stringify(rows);
  }
}

export class CsvExporter extends Exporter {
  serialize(rows: readonly Row[]): string {
    const header = Object.keys(rows[0] ?? {});
    const lines = rows.map((row) => header.map((key) => String(row[key] ?? '')).join(','));
    return [header.join(','), ...lines].join('\n');
  }
}

export function exportRows(exporter: Exporter, rows: readonly Row[]): string {
  if (rows.length === 0) {
    return exporter.serialize(rows);
  }
  return exporter.run(rows);
}

export function exportJson(rows: readonly Row[]): string {
  return new JsonExporter().run(rows);
}

export function previewCsv(rows: readonly Row[]): string {
  const csv = new CsvExporter();
  return csv.serialize(rows.slice(0, 5));
}
