import { MAX_SHOWN_DIAGNOSTICS, type DiagnosticChange, type ShownDiagnostic } from "./format.js";

/**
 * What an edit changed in the diagnostics of the files it touched and their importers. A diagnostic is the
 * same before and after when its file, code and message are (its line may move with the edit): the
 * diagnostics left over on either side were introduced or removed. Pure.
 */
export function compareDiagnostics(
  before: readonly ShownDiagnostic[],
  after: readonly ShownDiagnostic[],
  scope: Pick<
    DiagnosticChange,
    "checkedFiles" | "uncheckedImporters" | "unaffectedImporters" | "surfaceKept" | "regionFiles"
  >,
): DiagnosticChange {
  const identity = (diagnostic: ShownDiagnostic): string =>
    `${diagnostic.file}\0${diagnostic.code}\0${diagnostic.message}`;
  const left = new Map<string, number>();
  for (const diagnostic of before) left.set(identity(diagnostic), (left.get(identity(diagnostic)) ?? 0) + 1);
  const introduced: ShownDiagnostic[] = [];
  for (const diagnostic of after) {
    const count = left.get(identity(diagnostic)) ?? 0;
    if (count > 0) left.set(identity(diagnostic), count - 1);
    else introduced.push(diagnostic);
  }
  const removed: ShownDiagnostic[] = [];
  for (const diagnostic of [...before].reverse()) {
    const count = left.get(identity(diagnostic)) ?? 0;
    if (count > 0) {
      left.set(identity(diagnostic), count - 1);
      removed.unshift(diagnostic);
    }
  }
  return {
    ...scope,
    introduced: introduced.slice(0, MAX_SHOWN_DIAGNOSTICS),
    removed: removed.slice(0, MAX_SHOWN_DIAGNOSTICS),
    introducedOmitted: Math.max(introduced.length - MAX_SHOWN_DIAGNOSTICS, 0),
    removedOmitted: Math.max(removed.length - MAX_SHOWN_DIAGNOSTICS, 0),
  };
}
