import { ts } from "../ts6/typescript6.js";
import { ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import type { SourceFile as SourceFile7 } from "typescript/unstable/ast";
import { API, type Project, type Snapshot } from "typescript/unstable/sync";
import type { CheckerPort } from "../../ingestion/extract/checker-port.js";
import { armNativeUsageReport } from "./native-usage-report.js";
import { NodeMap } from "./node-map.js";
import { Ts7CheckerPort } from "./ts7-checker-port.js";
import { Ts7EditProject } from "./ts7-edit.js";
import { ts7InferredTypes, type Ts7InferredTypes } from "./ts7-inferred-types.js";

/**
 * The one owner of TypeScript 7's API (ADR 0021): a native `tsc --api` child process holding the projects'
 * programs, one snapshot at a time. Files are read through `servedText` first (the texts a run hashed, a
 * config rewritten for TypeScript 7, a virtual config), then from disk. After files change on disk, the
 * session must be told (`update`): TypeScript 7 does not watch files.
 */
export interface Ts7SessionOptions {
  readonly cwd: string;
  /** The text TypeScript 7 reads for a file instead of the disk's, if any. */
  readonly servedText: (fileName: string) => string | undefined;
  /**
   * How TypeScript 6 parses a file for the walk, as its program would (target, module format, module detection):
   * a file's options decide whether it is a module. Default: the latest target and TypeScript's default detection.
   */
  readonly ts6ParseOptions?: (fileName: string) => ts.CreateSourceFileOptions;
}

/** Changes since the last snapshot, by absolute path. */
export interface FileChanges {
  readonly changed: readonly string[];
  readonly created: readonly string[];
  readonly deleted: readonly string[];
}

/** One project of the current snapshot, as extraction uses it. */
export interface Ts7ProjectView {
  /** The port, with the batches extraction asks before a file's walk (ts7-checker-port.ts). */
  readonly checker: CheckerPort & Pick<Ts7CheckerPort, "prefetchSymbols" | "prefetchTypes">;
  /** The absolute paths of the files TypeScript 7's program holds. */
  fileNames(): readonly string[];
  /** The file as TypeScript 7 read it, parsed by TypeScript 6 with parent pointers; undefined if the program lacks it. */
  sourceFile(fileName: string): ts.SourceFile | undefined;
  /** Whether a TypeScript 6 tree this view gave is one of TypeScript's default library files. */
  isDefaultLibrary(sourceFile: ts.SourceFile): boolean;
  /** The config's problems TypeScript 7 reports (a removed option, say), as text. */
  optionDiagnostics(): readonly string[];
  /** What TypeScript 7 infers for declarations of this view's trees, as planning compares it (ADR 0012). */
  inferredTypes(): Ts7InferredTypes;
}

/** The snapshot an update replaced, kept with its views until released (updateKeepingPrevious). */
export interface Ts7PreviousSnapshot {
  /** The view of a project in the replaced snapshot; undefined if it held no such project. */
  projectAt(configPath: string): Ts7ProjectView | undefined;
  /** Disposes the replaced snapshot: its views must not be used after. */
  release(): void;
}

/** The edit tools' view of each project, made once per snapshot's project. */
const editProjects = new WeakMap<Project, Ts7EditProject>();

const TYPESCRIPT_FILE = /\.[cm]?tsx?$/;

export class Ts7Session {
  private readonly api: API;
  private snapshot: Snapshot | undefined;
  private readonly opened = new Set<string>();
  private readonly views = new Map<string, Ts7ProjectView>();
  /** TypeScript 6 trees of TypeScript 7's files, by TypeScript 7's tree (the same object while the file is unchanged). */
  private readonly ts6Files = new WeakMap<SourceFile7, ts.SourceFile>();
  private readonly defaultLibraries = new WeakSet<ts.SourceFile>();

  private readonly ts6ParseOptions: (fileName: string) => ts.CreateSourceFileOptions;
  /** Appends the native child's peak memory and CPU for the bench (native-usage-report.ts); undefined outside it. */
  private readonly reportNativeUsage: (() => void) | undefined;

  constructor(options: Ts7SessionOptions) {
    this.ts6ParseOptions = options.ts6ParseOptions ?? (() => ({ languageVersion: ts.ScriptTarget.Latest }));
    this.api = new API({
      cwd: options.cwd,
      fs: {
        readFile: (fileName) => options.servedText(fileName),
        fileExists: (fileName) => (options.servedText(fileName) !== undefined ? true : undefined),
      },
    });
    const child = nativeChild(this.api);
    if (child !== undefined) endWithoutWords(child);
    this.reportNativeUsage = armNativeUsageReport(child?.pid);
  }

  /**
   * A new snapshot holding these projects (tsconfig paths), after these file changes. Views of the last
   * snapshot are dropped: its symbols and types are gone once it is disposed.
   */
  update(configPaths: readonly string[], changes: FileChanges | undefined): void {
    this.advance(configPaths, changes)?.snapshot.dispose();
  }

  /**
   * As update, but the replaced snapshot and its views stay usable until the answer's `release()`: planning
   * compares what the last run's snapshot and the new one infer (ADR 0012). Without a replaced snapshot
   * (nothing changed), the answer's views are the current ones and release does nothing.
   */
  updateKeepingPrevious(configPaths: readonly string[], changes: FileChanges | undefined): Ts7PreviousSnapshot {
    const replaced = this.advance(configPaths, changes);
    if (replaced === undefined)
      return { projectAt: (configPath) => this.projectAt(configPath), release: () => undefined };
    let released = false;
    return {
      projectAt: (configPath) => {
        if (released) throw new Error("a released snapshot of TypeScript 7 was asked for a project");
        const known = replaced.views.get(configPath);
        if (known !== undefined) return known;
        const project = replaced.snapshot.getProject(configPath);
        if (project === undefined) return undefined;
        const view = this.viewOf(project);
        replaced.views.set(configPath, view);
        return view;
      },
      release: () => {
        if (released) return;
        released = true;
        replaced.views.clear();
        replaced.snapshot.dispose();
      },
    };
  }

  /** Makes the new snapshot current, and gives the one it replaced with its views (undefined when nothing changed). */
  private advance(
    configPaths: readonly string[],
    changes: FileChanges | undefined,
  ): { readonly snapshot: Snapshot; readonly views: Map<string, Ts7ProjectView> } | undefined {
    const toOpen = configPaths.filter((configPath) => !this.opened.has(configPath));
    const toClose = [...this.opened].filter((configPath) => !configPaths.includes(configPath));
    if (toOpen.length === 0 && toClose.length === 0 && changes === undefined && this.snapshot !== undefined)
      return undefined;
    const previous = this.snapshot;
    this.snapshot = this.api.updateSnapshot({
      ...(toOpen.length > 0 ? { openProjects: toOpen } : {}),
      ...(toClose.length > 0 ? { closeProjects: toClose } : {}),
      ...(changes !== undefined
        ? {
            fileChanges: {
              changed: [...changes.changed],
              created: [...changes.created],
              deleted: [...changes.deleted],
            },
          }
        : {}),
    });
    for (const configPath of toOpen) this.opened.add(configPath);
    for (const configPath of toClose) this.opened.delete(configPath);
    const views = new Map(this.views);
    this.views.clear();
    return previous === undefined ? undefined : { snapshot: previous, views };
  }

  /** The view of an open project in the current snapshot; undefined if TypeScript 7 did not load it. */
  projectAt(configPath: string): Ts7ProjectView | undefined {
    const known = this.views.get(configPath);
    if (known !== undefined) return known;
    const project = this.snapshot?.getProject(configPath);
    if (project === undefined) return undefined;
    const view = this.viewOf(project);
    this.views.set(configPath, view);
    return view;
  }

  /** The edit tools' questions on an open project of the current snapshot (ts7-edit.ts); undefined if TypeScript 7 did not load it. */
  editProjectAt(configPath: string): Ts7EditProject | undefined {
    const project = this.snapshot?.getProject(configPath);
    if (project === undefined) return undefined;
    let edit = editProjects.get(project);
    if (edit === undefined) {
      edit = new Ts7EditProject(project);
      editProjects.set(project, edit);
    }
    return edit;
  }

  /** Ends the child process; never throws (a child that died already has nothing left to end). */
  close(): void {
    this.views.clear();
    this.reportNativeUsage?.();
    try {
      this.api.close();
    } catch {
      // The child is gone (it crashed, or its pipe broke): closing sends it requests it cannot answer.
    }
  }

  private viewOf(project: Project): Ts7ProjectView {
    const program = project.program;
    const ts6FileOf = (sourceFile: SourceFile7): ts.SourceFile => {
      let parsed = this.ts6Files.get(sourceFile);
      if (parsed === undefined) {
        parsed = parseTs6(sourceFile.fileName, sourceFile.text, this.ts6ParseOptions(sourceFile.fileName));
        this.ts6Files.set(sourceFile, parsed);
        if (program.isSourceFileDefaultLibrary(sourceFile)) this.defaultLibraries.add(parsed);
      }
      return parsed;
    };
    const ts7Files = new WeakMap<ts.SourceFile, SourceFile7>();
    const nodes = new NodeMap(
      ts6FileOf,
      (sourceFile) => ts7Files.get(sourceFile) ?? program.getSourceFile(sourceFile.fileName),
    );
    const checker = new Ts7CheckerPort(project, nodes);
    let names: readonly string[] | undefined;
    let inferred: Ts7InferredTypes | undefined;
    return {
      checker,
      fileNames: () => {
        names ??= program.getSourceFileNames();
        return names;
      },
      sourceFile: (fileName) => {
        const sourceFile7 = program.getSourceFile(fileName);
        if (sourceFile7 === undefined) return undefined;
        const parsed = ts6FileOf(sourceFile7);
        ts7Files.set(parsed, sourceFile7);
        return parsed;
      },
      isDefaultLibrary: (sourceFile) => this.defaultLibraries.has(sourceFile),
      optionDiagnostics: () =>
        [...program.getConfigFileParsingDiagnostics(), ...program.getProgramDiagnostics()].map(
          (diagnostic) => `TS${diagnostic.code}: ${diagnostic.text}`,
        ),
      inferredTypes: () => {
        inferred ??= ts7InferredTypes(project, nodes);
        return inferred;
      },
    };
  }
}

/**
 * The API's native child, read through the internals of TypeScript 7.0.2's sync API (not public:
 * `API.client` → `Client.channel` → `SyncRpcChannel.child`, the spawned ChildProcess); undefined if the shape differs.
 */
export function nativeChild(api: API): ChildProcess | undefined {
  const child = field(field(field(api, "client"), "channel"), "child");
  return child instanceof ChildProcess ? child : undefined;
}

/**
 * Makes every end of the native child a SIGKILL. The API ends it with SIGTERM (on close, and at exit for a child
 * left open) while closing its pipes; the child then sometimes sees the signal before the end of its input and
 * prints `context canceled` on the stderr it shares with ts-graph (8 closes in 100 on the sample project). The
 * child holds no state of its own to save: its answers all went through the pipe before the close.
 */
function endWithoutWords(child: ChildProcess): void {
  const kill = child.kill.bind(child);
  child.kill = () => kill("SIGKILL");
}

function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** A file's TypeScript 6 tree: parent pointers set (no program binds it), JSDoc left as text as the extractor reads it. */
function parseTs6(fileName: string, text: string, given: ts.CreateSourceFileOptions): ts.SourceFile {
  const options: ts.CreateSourceFileOptions = { ...given };
  if (TYPESCRIPT_FILE.test(fileName)) options.jsDocParsingMode = ts.JSDocParsingMode.ParseNone;
  return ts.createSourceFile(fileName, text, options, true);
}

/** The version of TypeScript 7 the session runs (the API is unstable: package.json pins it exactly). */
export const TS7_VERSION: string = createRequire(import.meta.url)("typescript").version as string;
