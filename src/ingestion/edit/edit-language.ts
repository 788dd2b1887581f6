import { inMemoryLibs, ts } from "../../engine/ts6/typescript6.js";
import fs from "node:fs";
import { loadConfig } from "../../config/config-file.js";
import { discoverProjects, type ProjectSpec } from "../../config/discover-projects.js";
import type {
  CodeReference,
  EditLanguage,
  FileDiagnostic,
  RenameLocation,
  RenamePlan,
} from "../../model/edit-ports.js";

/**
 * The root's projects as TypeScript language services, for the edit tools: diagnostics before and after an
 * edit, and type-aware rename locations. Files are read from disk; a file's version is its size, mtime and
 * inode, read once per call, so every call sees the files as they are when it starts, and a program is rebuilt
 * only for what changed (the document registry keeps the parsed files of the others).
 */

/** The bundled libs from memory, anything else from disk (engine/ts6/typescript6.ts). */
const LIBS = inMemoryLibs(ts.sys);

type HostWithProjectReferenceSources = ts.LanguageServiceHost & { useSourceOfProjectReferenceRedirect(): boolean };

/**
 * Files' versions, read from disk once per request: within one `diagnostics` or `planRename` call no file
 * changes (the edit tools write between calls), and every language service call of it asks the version of
 * every file of the program (thousands of `stat`s per call otherwise).
 */
class FileVersions {
  private readonly known = new Map<string, string>();

  /** Forget what was read: the next request reads the files again. */
  startRequest(): void {
    this.known.clear();
  }

  of(fileName: string): string {
    if (LIBS.libText(fileName) !== undefined) return "lib";
    let version = this.known.get(fileName);
    if (version === undefined) {
      const stat = fs.statSync(fileName, { throwIfNoEntry: false });
      version = stat === undefined ? "missing" : `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
      this.known.set(fileName, version);
    }
    return version;
  }
}

/**
 * A file's text that tells the language service what changed since the text it had (the span between the
 * longest common prefix and suffix), so that a file an edit changed in a few places is parsed again
 * incrementally (TypeScript's incremental parser, as editors use it), not whole: a rename that touches a
 * 29,000-line file reparsed all of it after every write.
 */
class EditedSnapshot implements ts.IScriptSnapshot {
  constructor(private readonly text: string) {}

  getText(start: number, end: number): string {
    return this.text.substring(start, end);
  }

  getLength(): number {
    return this.text.length;
  }

  getChangeRange(oldSnapshot: ts.IScriptSnapshot): ts.TextChangeRange | undefined {
    if (!(oldSnapshot instanceof EditedSnapshot)) return undefined;
    const before = oldSnapshot.text;
    const after = this.text;
    const shorter = Math.min(before.length, after.length);
    let prefix = 0;
    while (prefix < shorter && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix += 1;
    let suffix = 0;
    while (
      suffix < shorter - prefix &&
      before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
    )
      suffix += 1;
    return ts.createTextChangeRange(
      ts.createTextSpan(prefix, before.length - prefix - suffix),
      after.length - prefix - suffix,
    );
  }
}

function createService(
  project: ProjectSpec,
  registry: ts.DocumentRegistry,
  root: string,
  versions: FileVersions,
): ts.LanguageService {
  const versionOf = (fileName: string): string => versions.of(fileName);
  const options: ts.CompilerOptions = { ...project.options, noEmit: true };
  const snapshots = new Map<string, { readonly version: string; readonly snapshot: ts.IScriptSnapshot }>();
  const host: HostWithProjectReferenceSources = {
    getCompilationSettings: () => options,
    getProjectReferences: () => project.projectReferences,
    useSourceOfProjectReferenceRedirect: () => true,
    getScriptFileNames: () => [...project.fileNames],
    getScriptVersion: versionOf,
    getScriptSnapshot(fileName) {
      const lib = LIBS.libText(fileName);
      if (lib !== undefined) return ts.ScriptSnapshot.fromString(lib);
      const version = versionOf(fileName);
      const cached = snapshots.get(fileName);
      if (cached?.version === version) return cached.snapshot;
      if (version === "missing") return undefined;
      // Without its byte order mark, as the edit tools see the text: positions are the same on both sides.
      const snapshot = new EditedSnapshot(fs.readFileSync(fileName, "utf8").replace(/^\uFEFF/, ""));
      snapshots.set(fileName, { version, snapshot });
      return snapshot;
    },
    getCurrentDirectory: () => root,
    getDefaultLibFileName: LIBS.getDefaultLibFileName,
    fileExists: LIBS.fileExists,
    readFile: LIBS.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: LIBS.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  return ts.createLanguageService(host, registry);
}

function toDiagnostic(file: string, sourceFile: ts.SourceFile | undefined, diagnostic: ts.Diagnostic): FileDiagnostic {
  const position = sourceFile?.getLineAndCharacterOfPosition(diagnostic.start ?? 0) ?? { line: 0, character: 0 };
  return {
    file,
    line: position.line + 1,
    column: position.character + 1,
    code: diagnostic.code,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, " "),
  };
}

/** The identifier (or private name) at a position, if any. */
function nameAt(sourceFile: ts.SourceFile, position: number): ts.Identifier | ts.PrivateIdentifier | undefined {
  const find = (node: ts.Node): ts.Node | undefined =>
    node.getStart(sourceFile) <= position && position < node.end ? (ts.forEachChild(node, find) ?? node) : undefined;
  const found = find(sourceFile);
  return found !== undefined && (ts.isIdentifier(found) || ts.isPrivateIdentifier(found)) ? found : undefined;
}

/** Whether a location names the symbol through a property (`a.name`, `{ name: … }`, a member), not through scope. */
function isPropertyName(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent)) return parent.name === node;
  if (ts.isQualifiedName(parent)) return parent.right === node;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return parent.propertyName === node;
  return (
    (ts.isPropertyAssignment(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isGetAccessor(parent) ||
      ts.isSetAccessor(parent) ||
      ts.isEnumMember(parent)) &&
    parent.name === node
  );
}

const SCOPE_MEANINGS = ts.SymbolFlags.Value | ts.SymbolFlags.Type | ts.SymbolFlags.Namespace | ts.SymbolFlags.Alias;

/**
 * Why renaming to `newName` would change what some code means, if it would: the container already has a
 * member of that name, or a location would then name another declaration in scope there.
 */
function collision(
  program: ts.Program,
  declarationName: ts.Node,
  newName: string,
  locations: readonly RenameLocation[],
): string | undefined {
  const checker = program.getTypeChecker();
  const symbol = checker.getSymbolAtLocation(declarationName);
  const declaration = declarationName.parent;
  if (symbol === undefined) return undefined;
  const parent = declaration.parent;
  if (
    ts.isClassLike(parent) ||
    ts.isInterfaceDeclaration(parent) ||
    ts.isObjectLiteralExpression(parent) ||
    ts.isEnumDeclaration(parent) ||
    ts.isTypeLiteralNode(parent)
  ) {
    const containerSymbol = ts.isObjectLiteralExpression(parent)
      ? undefined
      : checker.getSymbolAtLocation((parent as ts.NamedDeclaration).name ?? parent);
    const members =
      containerSymbol?.members ??
      (ts.isObjectLiteralExpression(parent) ? checker.getTypeAtLocation(parent).getProperties() : undefined);
    const memberNames =
      members === undefined
        ? []
        : Array.isArray(members)
          ? members.map((member: ts.Symbol) => member.name)
          : [...(members as ts.SymbolTable).keys()].map(String);
    const statics = containerSymbol?.exports === undefined ? [] : [...containerSymbol.exports.keys()].map(String);
    if (memberNames.includes(newName) || statics.includes(newName))
      return `${newName} is already a member of the same container`;
  }
  for (const location of locations) {
    const sourceFile = program.getSourceFile(location.file);
    const node = sourceFile === undefined ? undefined : nameAt(sourceFile, location.start);
    if (node === undefined || isPropertyName(node)) continue;
    const clash = checker
      .getSymbolsInScope(node, SCOPE_MEANINGS)
      .find((candidate) => candidate.name === newName && candidate !== symbol);
    if (clash !== undefined && sourceFile !== undefined) {
      const line = sourceFile.getLineAndCharacterOfPosition(location.start).line + 1;
      return `${newName} already names another declaration in scope at ${location.file}:${line}; the renamed code would refer to it`;
    }
  }
  return undefined;
}

/** An identifier that is not a reserved word (strict mode's included); contextual keywords (`type`, `of`) are fine. */
export function isIdentifierName(name: string): boolean {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, name);
  const token = scanner.scan();
  if (scanner.getTokenEnd() !== name.length) return false;
  return (
    token === ts.SyntaxKind.Identifier ||
    (token > ts.SyntaxKind.LastFutureReservedWord && token <= ts.SyntaxKind.LastKeyword)
  );
}

/** The region check of the language service (what tsserver runs for the visible part of a file); not in TypeScript's public types. */
type RegionService = ts.LanguageService & {
  getRegionSemanticDiagnostics?(
    fileName: string,
    ranges: readonly ts.TextRange[],
  ): { readonly diagnostics: readonly ts.Diagnostic[] } | undefined;
};

/** A top-level statement's span, and whether it imports or re-exports (ts7-edit.ts gives these from TypeScript 7's tree). */
export interface TopLevelStatement {
  readonly pos: number;
  readonly end: number;
  readonly isImport: boolean;
}

/**
 * The top-level statements of a file that overlap `ranges`, plus every import and re-export (an edit can break
 * what another file imports from this one): what a comparison limited to regions checks. An empty range is
 * a point (an insertion, a deletion) and takes the statement that holds it.
 */
export function regionStatementsOf(
  statements: readonly TopLevelStatement[],
  ranges: readonly { readonly start: number; readonly end: number }[],
): ts.TextRange[] {
  const overlaps = (statement: TopLevelStatement): boolean =>
    ranges.some(
      (range) =>
        range.start < statement.end &&
        (range.end > statement.pos || (range.end === range.start && range.start >= statement.pos)),
    );
  return statements
    .filter((statement) => statement.isImport || overlaps(statement))
    .map((statement) => ({ pos: statement.pos, end: statement.end }));
}

function regionStatements(
  sourceFile: ts.SourceFile,
  ranges: readonly { readonly start: number; readonly end: number }[],
): ts.TextRange[] {
  const isImport = (statement: ts.Statement): boolean =>
    ts.isImportDeclaration(statement) ||
    ts.isImportEqualsDeclaration(statement) ||
    (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined);
  return regionStatementsOf(
    sourceFile.statements.map((statement) => ({
      pos: statement.pos,
      end: statement.end,
      isImport: isImport(statement),
    })),
    ranges,
  );
}

/**
 * The semantic diagnostics of `regions` of a file (the whole file when they cover it): the region check when the
 * file's diagnostics are not computed yet, else the computed ones, kept to the regions either way (the
 * checker also reports what it met on its way through other declarations). Diagnostics without a position
 * (global ones) are left out, on both sides of a comparison.
 */
function regionDiagnostics(
  service: RegionService,
  file: string,
  regions: readonly ts.TextRange[],
): readonly ts.Diagnostic[] {
  const found =
    service.getRegionSemanticDiagnostics?.(file, regions)?.diagnostics ?? service.getSemanticDiagnostics(file);
  return found.filter(
    (diagnostic) =>
      diagnostic.start !== undefined &&
      regions.some(
        (region) => diagnostic.start !== undefined && diagnostic.start >= region.pos && diagnostic.start < region.end,
      ),
  );
}

export function createEditLanguage(root: string, tsconfigs?: readonly string[]): EditLanguage {
  const { config } = loadConfig(root);
  const { projects } = discoverProjects(root, config, tsconfigs);
  const registry = ts.createDocumentRegistry();
  const versions = new FileVersions();
  const services = new Map<ProjectSpec, ts.LanguageService>();
  const serviceOf = (project: ProjectSpec): ts.LanguageService => {
    let service = services.get(project);
    if (service === undefined) {
      service = createService(project, registry, root, versions);
      services.set(project, service);
    }
    return service;
  };
  const ownerOf = (file: string): ProjectSpec | undefined =>
    projects.find((project) => project.fileNames.includes(file));
  // The owner first, then every other project that sees the file (a project reference's sources).
  const seeing = (owner: ProjectSpec): ProjectSpec[] => [
    owner,
    ...projects.filter((project) => project !== owner && project.fileNames.length > 0),
  ];

  return {
    diagnostics(files, regions) {
      versions.startRequest();
      return files.flatMap((file) => {
        const owner = ownerOf(file);
        if (owner === undefined || !fs.existsSync(file)) return [];
        const service = serviceOf(owner);
        const sourceFile = service.getProgram()?.getSourceFile(file);
        const ranges = regions?.get(file);
        const semantic =
          ranges === undefined || sourceFile === undefined
            ? service.getSemanticDiagnostics(file)
            : regionDiagnostics(service, file, regionStatements(sourceFile, ranges));
        return [...service.getSyntacticDiagnostics(file), ...semantic].map((diagnostic) =>
          toDiagnostic(file, sourceFile, diagnostic),
        );
      });
    },
    planRename(file, position, newName, { strings, comments }): RenamePlan {
      versions.startRequest();
      if (!isIdentifierName(newName)) {
        return {
          status: "refused",
          reason: `${JSON.stringify(newName)} is not a valid identifier (or is a reserved word)`,
        };
      }
      const owner = ownerOf(file);
      if (owner === undefined) return { status: "refused", reason: "the file belongs to no project of the root" };
      const locations = new Map<string, RenameLocation>();
      let checked = false;
      for (const project of seeing(owner)) {
        const service = serviceOf(project);
        const program = service.getProgram();
        const sourceFile = program?.getSourceFile(file);
        if (program === undefined || sourceFile === undefined) continue;
        const info = service.getRenameInfo(file, position, { allowRenameOfImportPath: false });
        if (!info.canRename) return { status: "refused", reason: info.localizedErrorMessage };
        const found =
          service.findRenameLocations(file, position, strings, comments, {
            providePrefixAndSuffixTextForRename: true,
          }) ?? [];
        const projectLocations = found.map((location) => ({
          file: location.fileName,
          start: location.textSpan.start,
          length: location.textSpan.length,
          prefix: location.prefixText ?? "",
          suffix: location.suffixText ?? "",
        }));
        if (!checked) {
          const name = nameAt(sourceFile, position);
          const why = name === undefined ? undefined : collision(program, name, newName, projectLocations);
          if (why !== undefined) return { status: "refused", reason: why };
          checked = true;
        }
        for (const location of projectLocations) locations.set(`${location.file}:${location.start}`, location);
      }
      return { status: "ok", locations: [...locations.values()] };
    },
    references(file, position) {
      versions.startRequest();
      const owner = ownerOf(file);
      if (owner === undefined) return [];
      const found = new Map<string, CodeReference>();
      for (const project of seeing(owner)) {
        const service = serviceOf(project);
        const program = service.getProgram();
        if (program?.getSourceFile(file) === undefined) continue;
        for (const symbol of service.findReferences(file, position) ?? []) {
          for (const entry of symbol.references) {
            const sourceFile = program.getSourceFile(entry.fileName);
            if (entry.isDefinition === true || sourceFile === undefined) continue;
            const start = entry.textSpan.start;
            const { line } = sourceFile.getLineAndCharacterOfPosition(start);
            const lineText = sourceFile.text.slice(
              sourceFile.getPositionOfLineAndCharacter(line, 0),
              sourceFile.getLineEndOfPosition(start),
            );
            found.set(`${entry.fileName}:${start}`, {
              file: entry.fileName,
              start,
              line: line + 1,
              text: lineText.trim(),
            });
          }
        }
      }
      return [...found.values()];
    },
  };
}
