import { inMemoryLibs, ts } from "../../engine/ts6/typescript6.js";
import type { ProjectSpec } from "../../config/discover-projects.js";

/**
 * Builds TypeScript programs for one project with ts-morph's bundled TypeScript, keeping parsed source
 * files between builds: a long-lived loader (watch mode) re-parses only the files it was told changed.
 */
export interface ProgramLoader {
  build(rootNames: readonly string[]): ts.Program;
  /** Forget a file's parsed text (it changed or was deleted on disk). */
  invalidate(fileName: string): void;
  /** Text already read from disk (while hashing), used once instead of reading the file again. */
  provideText(fileName: string, text: string): void;
  /** The file as this loader last parsed it, if it did (planning reuses it when the text is the same and it is bound). */
  parsedFile(fileName: string): ts.SourceFile | undefined;
  /** The program of the last build, if there was one (planning compares inferred types with it, ADR 0012). */
  lastProgram(): ts.Program | undefined;
}

const TYPESCRIPT_FILE = /\.[cm]?tsx?$/;

type HostWithProjectReferenceSources = ts.CompilerHost & { useSourceOfProjectReferenceRedirect(): boolean };

export function createProgramLoader(project: ProjectSpec): ProgramLoader {
  const options: ts.CompilerOptions = { ...project.options, noEmit: true };
  const baseHost = ts.createCompilerHost(options, true);
  const libs = inMemoryLibs(baseHost);
  const parsed = new Map<string, ts.SourceFile>();
  const provided = new Map<string, string>();
  const moduleCache = ts.createModuleResolutionCache(
    baseHost.getCurrentDirectory(),
    baseHost.getCanonicalFileName,
    options,
  );
  let previous: ts.Program | undefined;

  const host: HostWithProjectReferenceSources = {
    ...baseHost,
    // Like the language service: a referenced project's sources, not its built .d.ts, stand for it.
    useSourceOfProjectReferenceRedirect: () => true,
    getModuleResolutionCache: () => moduleCache,
    getDefaultLibLocation: libs.getDefaultLibLocation,
    getDefaultLibFileName: libs.getDefaultLibFileName,
    fileExists: libs.fileExists,
    readFile(fileName) {
      const lib = libs.libText(fileName);
      if (lib !== undefined) return lib;
      const text = provided.get(fileName);
      if (text !== undefined) {
        provided.delete(fileName);
        return text;
      }
      return baseHost.readFile(fileName);
    },
    getSourceFile(fileName, languageVersion, onError, shouldCreateNewSourceFile) {
      const cached = parsed.get(fileName);
      if (cached !== undefined && !shouldCreateNewSourceFile) return cached;
      const text = host.readFile(fileName);
      if (text === undefined) {
        onError?.(`cannot read ${fileName}`);
        return undefined;
      }
      const sourceFileOptions: ts.CreateSourceFileOptions =
        typeof languageVersion === "object" ? { ...languageVersion } : { languageVersion };
      // TypeScript files need no JSDoc to type-check, and ts-graph reads doc comments as text.
      if (TYPESCRIPT_FILE.test(fileName)) sourceFileOptions.jsDocParsingMode = ts.JSDocParsingMode.ParseNone;
      // No parent pointers here: binding sets them, and every file of a program is bound before extraction reads it.
      const sourceFile = ts.createSourceFile(fileName, text, sourceFileOptions, false);
      parsed.set(fileName, sourceFile);
      return sourceFile;
    },
  };

  return {
    build(rootNames) {
      previous = ts.createProgram({
        rootNames,
        options,
        host,
        oldProgram: previous,
        ...(project.projectReferences !== undefined ? { projectReferences: project.projectReferences } : {}),
      });
      return previous;
    },
    invalidate(fileName) {
      parsed.delete(fileName);
      moduleCache.clear();
    },
    provideText(fileName, text) {
      provided.set(fileName, text);
    },
    parsedFile: (fileName) => parsed.get(fileName),
    lastProgram: () => previous,
  };
}

/** Module resolution outside a program build, for imports the checker has no symbol for. */
export function createModuleResolver(
  project: ProjectSpec,
): (specifier: string, containingFile: string) => string | undefined {
  const cache = ts.createModuleResolutionCache(ts.sys.getCurrentDirectory(), (name) => name, project.options);
  return (specifier, containingFile) =>
    ts.resolveModuleName(specifier, containingFile, project.options, ts.sys, cache).resolvedModule?.resolvedFileName;
}
