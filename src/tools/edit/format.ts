import { plural } from "../answer/text.js";

/** The answer of an edit tool, as text and as structured content. Pure. */

/** A TypeScript diagnostic as an answer shows it: the file relative to the root. */
export interface ShownDiagnostic {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly code: number;
  readonly message: string;
}

export interface DiagnosticChange {
  /** Files whose diagnostics were compared (the changed files and the files that import them). */
  readonly checkedFiles: number;
  readonly introduced: readonly ShownDiagnostic[];
  readonly removed: readonly ShownDiagnostic[];
  /** How many of each were left out of the lists (the cap). */
  readonly introducedOmitted: number;
  readonly removedOmitted: number;
  /** Files the edit can affect left out of the comparison, over the limit (edit-flow.ts, MAX_COMPARED_FILES). */
  readonly uncheckedImporters: number;
  /** Importers not compared because they use nothing the edit changed (query.ts, importersSeeing). */
  readonly unaffectedImporters: number;
  /** The edit changed nothing other files can see, so importers were not compared (they cannot change). */
  readonly surfaceKept: boolean;
  /** Long files compared only around the edit (edit-flow.ts, REGION_CHECK_MIN_LINES). */
  readonly regionFiles: number;
}

export interface ChangedFile {
  readonly file: string;
  readonly hashBefore: string;
  /** The hash after the edit (also for a dry run: the hash the file would have). */
  readonly hashAfter: string;
  readonly diff: string;
  /** Places changed in this file (a rename), when counted. */
  readonly changes?: number | undefined;
}

export interface EditAnswer {
  /** `replace src/cart.ts:Cart.total`, `rename src/cart.ts:Cart.total → sum`. */
  readonly action: string;
  readonly dryRun: boolean;
  readonly files: readonly ChangedFile[];
  /** Whether the graph was brought up to date after the write (undefined for a dry run). */
  readonly graphUpdated?: boolean | undefined;
  /** Why diagnostics are missing, when they are (a dry run, or the language service failed). */
  readonly diagnosticsNote?: string | undefined;
  readonly diagnostics?: DiagnosticChange | undefined;
  /** How long each step of the write took (diagnostics before, write, graph update, diagnostics after), in ms. */
  readonly timingsMs?: Readonly<Record<string, number>> | undefined;
  /** Sentences the caller should read (string and comment occurrences left alone, …). */
  readonly notes?: readonly string[] | undefined;
}

/** At most this many diagnostics of each list are shown. */
export const MAX_SHOWN_DIAGNOSTICS = 20;

function diagnosticLine(sign: "+" | "-", diagnostic: ShownDiagnostic): string {
  return `  ${sign} ${diagnostic.file}:${diagnostic.line}:${diagnostic.column} TS${diagnostic.code} ${diagnostic.message}`;
}

function diagnosticsText(change: DiagnosticChange): string[] {
  const lines = [
    `diagnostics (${plural(change.checkedFiles, "file")} compared before and after): ${change.introduced.length + change.introducedOmitted} introduced, ${change.removed.length + change.removedOmitted} removed`,
    ...change.introduced.map((diagnostic) => diagnosticLine("+", diagnostic)),
    ...(change.introducedOmitted > 0
      ? [`  + … ${plural(change.introducedOmitted, "more introduced diagnostic")}`]
      : []),
    ...change.removed.map((diagnostic) => diagnosticLine("-", diagnostic)),
    ...(change.removedOmitted > 0 ? [`  - … ${plural(change.removedOmitted, "more removed diagnostic")}`] : []),
  ];
  if (change.uncheckedImporters > 0) {
    const affected = change.checkedFiles + change.uncheckedImporters;
    lines.push(
      `  (diagnostics checked in ${change.checkedFiles} of ${plural(affected, "file")} the edit can affect: the limit of compared files was hit, the nearest importers were checked first)`,
    );
  }
  if (change.unaffectedImporters > 0)
    lines.push(
      `  (${plural(change.unaffectedImporters, "importing file")} not compared: they use nothing the edit changed)`,
    );
  if (change.surfaceKept) lines.push("  (importers not compared: the edit changed nothing other files can see)");
  if (change.regionFiles > 0) {
    lines.push(
      `  (${plural(change.regionFiles, "long file")} compared only in the declarations the edit changed or that use what it changed, and the imports)`,
    );
  }
  return lines;
}

export function formatEditText(answer: EditAnswer): string {
  const head = `${answer.action}: ${answer.dryRun ? "dry run, nothing written" : `written (${plural(answer.files.length, "file")})`}`;
  const files = answer.files.flatMap((file) => [
    `${file.file}  sha1 ${file.hashBefore} → ${file.hashAfter}${file.changes === undefined ? "" : `  (${plural(file.changes, "change")})`}`,
    file.diff.trimEnd(),
  ]);
  const graph =
    answer.graphUpdated === undefined
      ? []
      : [
          answer.graphUpdated
            ? "graph: updated with the edit"
            : "graph: not updated (it cannot be written here); run `ts-graph index`",
        ];
  const diagnostics = answer.diagnostics === undefined ? [] : diagnosticsText(answer.diagnostics);
  const note = answer.diagnosticsNote === undefined ? [] : [`diagnostics: ${answer.diagnosticsNote}`];
  return [head, ...files, ...graph, ...diagnostics, ...note, ...(answer.notes ?? []), ""].join("\n");
}

export function editStructured(answer: EditAnswer): Record<string, unknown> {
  return { ...answer };
}
