import { ts } from "ts-morph";
import type { ProjectSpec } from "../../config/discover-projects.js";
import type { Ts7ProjectView } from "../../engine/ts7/ts7-session.js";
import type { EdgeContext } from "../extract/edges/edge-collector.js";
import { createExternalMemberKeys, createExternalTypeKey } from "../extract/external-members.js";
import { createModuleResolver } from "../extract/program-loader.js";
import { declarationsFor, extractFile, firstSyntaxErrors, memberNamesIn, unloadable, type FileOutcome, type RunFiles } from "./program-extraction.js";

/**
 * Extracting the files of one project on TypeScript 7's checker (ADR 0021): the same walk and recorders as on
 * TypeScript 6 (program-extraction.ts), over TypeScript 6 trees of the texts TypeScript 7 read, with the
 * checker port of the session's project. Before a file's walk, the symbols of all its names are asked in one
 * round trip; what the walk asks beyond them is one round trip each.
 */
export function ts7Extractor(view: Ts7ProjectView, project: ProjectSpec, files: RunFiles): (absolute: string) => FileOutcome {
  const { checker } = view;
  const names = memberNamesIn(
    view.fileNames().map((fileName) => [fileName, () => view.sourceFile(fileName)] as const),
    checker,
    files,
  );
  const isIndexed = (sourceFile: ts.SourceFile): boolean => files.pathByAbsolute.has(sourceFile.fileName);
  const context: EdgeContext = {
    checker,
    declarationsOf: (sourceFile) => {
      const relative = files.pathByAbsolute.get(sourceFile.fileName);
      return relative === undefined ? undefined : declarationsFor(sourceFile, relative);
    },
    indexedPathOf: (fileName) => files.pathByAbsolute.get(fileName),
    resolveModuleFileName: createModuleResolver(project),
    mayNameAccessor: (name) => names.accessors.has(name),
    mayNameMember: (name) => names.members.has(name),
    externalMemberKeys: createExternalMemberKeys(view.isDefaultLibrary, checker, isIndexed),
    externalTypeKey: createExternalTypeKey(view.isDefaultLibrary, checker, isIndexed),
  };
  return (absolute) => {
    const sourceFile = view.sourceFile(absolute);
    if (sourceFile === undefined) return unloadable(absolute, files);
    checker.prefetchSymbols(namesIn(sourceFile));
    return extractFile(sourceFile, context, firstSyntaxErrors(sourceFile, parseDiagnosticsOf(sourceFile)), project, files);
  };
}

/** The names of a file whose symbols the walk may ask: every identifier and private name. */
function namesIn(sourceFile: ts.SourceFile): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.Identifier || node.kind === ts.SyntaxKind.PrivateIdentifier) {
      found.push(node);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** What TypeScript 6's program answers as a TypeScript file's syntactic diagnostics: its parser's. */
function parseDiagnosticsOf(sourceFile: ts.SourceFile): readonly ts.Diagnostic[] {
  return (sourceFile as ts.SourceFile & { readonly parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics ?? [];
}
