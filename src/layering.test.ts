import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listSources } from "./test-support/source-files.js";
import { ALL_TOOLS } from "./tools/all-tools.js";

/**
 * The import rules of docs/architecture.md, checked on the sources (tests and test-support excluded).
 * Each rule is one `it`, so a broken rule names itself. Static imports and re-exports count as imports;
 * `await import(...)` counts only where a rule says so (what a module loads when it runs).
 */
const SRC = import.meta.dirname;

interface SourceFile {
  /** Path relative to src/, '/'-separated. */
  readonly file: string;
  /** Specifiers of static `import … from` / `export … from` / bare `import "…"` / `createRequire(…)("…")`; `import type` is erased, so not counted. */
  readonly staticImports: readonly string[];
  /** Specifiers of `import("…")` expressions. */
  readonly dynamicImports: readonly string[];
  /** Specifiers of `import type … from` and `export type … from`: erased, but a reader follows them as imports. */
  readonly typeImports: readonly string[];
}

function readSource(full: string): SourceFile {
  return readSourceText(path.relative(SRC, full).split(path.sep).join("/"), fs.readFileSync(full, "utf8"));
}

function readSourceText(file: string, text: string): SourceFile {
  const staticImports = [
    ...text.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?\sfrom\s+["']([^"']+)["']/gm),
    ...text.matchAll(/^import\s+["']([^"']+)["']/gm),
    // A module-level require (engine/ts7/ts7-session.ts) loads its package as a static import does.
    ...text.matchAll(/createRequire\([^)]*\)\(\s*["']([^"']+)["']\s*\)/g),
  ].map((match) => match[1] ?? "");
  const dynamicImports = [...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1] ?? "");
  const typeImports = [...text.matchAll(/^(?:import|export)\s+type\s[^;]*?\sfrom\s+["']([^"']+)["']/gm)].map(
    (match) => match[1] ?? "",
  );
  return { file, staticImports, dynamicImports, typeImports };
}

const SOURCES = new Map(
  listSources(SRC).map((full) => [path.relative(SRC, full).split(path.sep).join("/"), readSource(full)]),
);

/** The src/-relative file a relative specifier names (`.js` written for `.ts`), or undefined for a package or a file outside src/ (package.json). */
function resolveProjectImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (joined.startsWith("../")) return undefined;
  return joined.replace(/\.js$/, ".ts");
}

function layerOf(file: string): string {
  const slash = file.indexOf("/");
  return slash < 0 ? file : file.slice(0, slash);
}

/** `tools/calls/query.ts` → `calls` (a slice is a folder with a handler.ts); a shared module (tools/*.ts, tools/walk/…) → undefined. */
function sliceOf(file: string): string | undefined {
  const parts = file.split("/");
  const folder = parts[1];
  return parts[0] === "tools" && parts.length > 2 && folder !== undefined && SOURCES.has(`tools/${folder}/handler.ts`)
    ? folder
    : undefined;
}

interface ImportEdge {
  readonly from: string;
  readonly specifier: string;
  /** The src/-relative target, for a project import. */
  readonly target: string | undefined;
}

function importsFrom(layer: string): ImportEdge[] {
  return [...SOURCES.values()]
    .filter((source) => layerOf(source.file) === layer)
    .flatMap((source) =>
      source.staticImports.map((specifier) => ({
        from: source.file,
        specifier,
        target: resolveProjectImport(source.file, specifier),
      })),
    );
}

function dynamicImportsFrom(layer: string): ImportEdge[] {
  return [...SOURCES.values()]
    .filter((source) => layerOf(source.file) === layer)
    .flatMap((source) =>
      source.dynamicImports.map((specifier) => ({
        from: source.file,
        specifier,
        target: resolveProjectImport(source.file, specifier),
      })),
    );
}

function typeImportsFrom(layer: string): ImportEdge[] {
  return [...SOURCES.values()]
    .filter((source) => layerOf(source.file) === layer)
    .flatMap((source) =>
      source.typeImports.map((specifier) => ({
        from: source.file,
        specifier,
        target: resolveProjectImport(source.file, specifier),
      })),
    );
}

function describeEdge(edge: ImportEdge): string {
  return `${edge.from} imports ${edge.specifier}`;
}

/** Every src/ file a file loads through static imports, itself included. */
function staticClosure(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of SOURCES.get(file)?.staticImports ?? []) {
      const target = resolveProjectImport(file, specifier);
      if (target !== undefined) queue.push(target);
    }
  }
  return seen;
}

/** The one source of this name, wherever its layer keeps it (so that a move into a step folder keeps the rule). */
function sourceNamed(layer: string, name: string): string {
  const found = [...SOURCES.keys()].filter((file) => layerOf(file) === layer && path.posix.basename(file) === name);
  if (found.length !== 1) throw new Error(`expected one ${layer}/…/${name}, found ${found.length}`);
  return found[0] ?? name;
}

/** Every static import (type imports aside) of a project file, by the file that makes it. */
function staticImportsOf(target: (file: string) => boolean): ImportEdge[] {
  return [...SOURCES.values()].flatMap((source) =>
    source.staticImports
      .map((specifier) => ({ from: source.file, specifier, target: resolveProjectImport(source.file, specifier) }))
      .filter((edge) => edge.target !== undefined && target(edge.target)),
  );
}

const TYPESCRIPT_PACKAGES = /^(typescript|ts-morph|@ts-morph\/)/;

/** The one module that imports TypeScript 6: the boundary to a third-party API that may change. */
const TYPESCRIPT_6 = "engine/ts6/typescript6.ts";

/** Each import of TypeScript 6's packages by a module other than the boundary. */
function typescript6Imports(sources: readonly SourceFile[]): string[] {
  return sources.flatMap((source) =>
    [...source.staticImports, ...source.typeImports, ...source.dynamicImports]
      .filter(
        (specifier) => /^(ts-morph|@ts-morph\/|typescript-6)(\/|$)/.test(specifier) && source.file !== TYPESCRIPT_6,
      )
      .map((specifier) => `${source.file} imports ${specifier}`),
  );
}

function typescriptImportsOf(files: Iterable<string>): string[] {
  return [...files].flatMap((file) =>
    (SOURCES.get(file)?.staticImports ?? [])
      .filter((specifier) => TYPESCRIPT_PACKAGES.test(specifier))
      .map((specifier) => `${file} imports ${specifier}`),
  );
}

describe("layering of src/ (docs/architecture.md)", () => {
  it("reads the sources of every layer", () => {
    const layers = new Set([...SOURCES.keys()].map(layerOf));
    expect([...layers].sort()).toEqual(
      expect.arrayContaining(["cli", "config", "db", "history", "ingestion", "mcp", "model", "setup", "tools"]),
    );
    for (const edge of importsFrom("tools")) {
      if (edge.target !== undefined)
        expect(SOURCES.has(edge.target), `${describeEdge(edge)}, which the test cannot find`).toBe(true);
    }
  });

  it("model/ imports nothing from the project", () => {
    expect(
      importsFrom("model")
        .filter((edge) => edge.target !== undefined && layerOf(edge.target) !== "model")
        .map(describeEdge),
    ).toEqual([]);
  });

  it("vendor/ imports nothing from the project (the build bundles each of its modules with its package)", () => {
    expect(
      importsFrom("vendor")
        .filter((edge) => edge.target !== undefined)
        .map(describeEdge),
    ).toEqual([]);
    expect(importsFrom("vendor").length).toBeGreaterThan(0);
  });

  it("db/ imports only model/", () => {
    expect(
      importsFrom("db")
        .filter((edge) => edge.target !== undefined && !["db", "model"].includes(layerOf(edge.target)))
        .map(describeEdge),
    ).toEqual([]);
  });

  it("file-writes/ (the journaled writes of source files and their recovery) imports nothing from the project but db/crash-points.ts", () => {
    expect(
      importsFrom("file-writes")
        .filter(
          (edge) =>
            edge.target !== undefined && layerOf(edge.target) !== "file-writes" && edge.target !== "db/crash-points.ts",
        )
        .map(describeEdge),
    ).toEqual([]);
    expect(importsFrom("file-writes").length).toBeGreaterThan(0);
  });

  it("config/ imports nothing from ingestion/, db/, tools/, mcp/ or cli/", () => {
    const forbidden = ["ingestion", "db", "tools", "mcp", "cli"];
    expect(
      importsFrom("config")
        .filter((edge) => edge.target !== undefined && forbidden.includes(layerOf(edge.target)))
        .map(describeEdge),
    ).toEqual([]);
  });

  it("ingestion/ never imports cli/, tools/ or mcp/, type imports included (the edit tools' ports are in model/edit-ports.ts)", () => {
    const forbidden = ["cli", "tools", "mcp"];
    expect(
      [...importsFrom("ingestion"), ...typeImportsFrom("ingestion"), ...dynamicImportsFrom("ingestion")]
        .filter((edge) => edge.target !== undefined && forbidden.includes(layerOf(edge.target)))
        .map(describeEdge),
    ).toEqual([]);
  });

  it("history/ imports only db/, model/, TypeScript 6 and, from ingestion/, the syntax-only declaration extraction", () => {
    const syntaxOnly = [TYPESCRIPT_6, "ingestion/extract/extract-declarations.ts", "ingestion/plan/planning-syntax.ts"];
    const wrong = importsFrom("history").filter(
      (edge) =>
        edge.target !== undefined &&
        !["history", "db", "model"].includes(layerOf(edge.target)) &&
        !syntaxOnly.includes(edge.target),
    );
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it("tools/ never imports ingestion/, history/, mcp/ or cli/, and from config/ only workspace-packages.ts, gitignore-rules.ts and test-runner-config.ts", () => {
    // Project files the tools read at query time, without TypeScript: workspace packages, .gitignore, test runner configs.
    const shared = ["config/workspace-packages.ts", "config/gitignore-rules.ts", "config/test-runner-config.ts"];
    const wrong = importsFrom("tools").filter((edge) => {
      if (edge.target === undefined) return false;
      const layer = layerOf(edge.target);
      return (
        ["ingestion", "history", "mcp", "cli"].includes(layer) || (layer === "config" && !shared.includes(edge.target))
      );
    });
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it("a tool slice never imports another slice", () => {
    const wrong = importsFrom("tools").filter((edge) => {
      const from = sliceOf(edge.from);
      const to = edge.target === undefined ? undefined : sliceOf(edge.target);
      return from !== undefined && to !== undefined && from !== to;
    });
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it("the shared tool modules (tools/*.ts and the shared folders) never import a slice (only all-tools.ts and tool-loaders.ts list them)", () => {
    const lists = ["tools/all-tools.ts", "tools/tool-loaders.ts"];
    const edges = [...importsFrom("tools"), ...dynamicImportsFrom("tools")];
    const wrong = edges.filter(
      (edge) =>
        sliceOf(edge.from) === undefined &&
        !lists.includes(edge.from) &&
        edge.target !== undefined &&
        sliceOf(edge.target) !== undefined,
    );
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it("the server's memory states are declared in mcp/; tools/ holds only the status slice's view, which the contract alone type-imports", () => {
    const declared = (file: string): string[] =>
      [...fs.readFileSync(path.join(SRC, file), "utf8").matchAll(/^export (?:interface|type) (\w+)/gm)].map(
        (match) => match[1] ?? "",
      );
    const serverStates = ["ProgramsState", "RootMemory", "ServerMemory"];
    expect(declared("mcp/memory-budget.ts")).toEqual(expect.arrayContaining(serverStates));
    const inTools = [...SOURCES.keys()]
      .filter((file) => layerOf(file) === "tools")
      .flatMap((file) =>
        declared(file)
          .filter((name) => serverStates.includes(name))
          .map((name) => `${file}: ${name}`),
      );
    expect(inTools).toEqual([]);
    const sharedTypeImportsOfSlices = typeImportsFrom("tools").filter(
      (edge) => sliceOf(edge.from) === undefined && edge.target !== undefined && sliceOf(edge.target) !== undefined,
    );
    expect(sharedTypeImportsOfSlices.map(describeEdge)).toEqual([
      "tools/tool-contract.ts imports ./status/memory-view.js",
    ]);
  });

  it("diff/ never imports mcp/ or cli/, and only cli/ imports diff/", () => {
    const wrong = [...SOURCES.values()].flatMap((source) =>
      source.staticImports
        .concat(source.dynamicImports)
        .map((specifier) => ({ from: source.file, target: resolveProjectImport(source.file, specifier) }))
        .filter(
          ({ from, target }) =>
            target !== undefined &&
            (layerOf(from) === "diff"
              ? ["mcp", "cli"].includes(layerOf(target))
              : layerOf(target) === "diff" && layerOf(from) !== "cli"),
        ),
    );
    expect(wrong.map(({ from, target }) => `${from} imports ${target}`)).toEqual([]);
  });

  it("cli/ loads the diff's TypeScript only dynamically: cli/diff-command.ts imports statically no more than the pure core", () => {
    expect(typescriptImportsOf(staticClosure("cli/diff-command.ts"))).toEqual([]);
  });

  it("the diff's pure core (comparison, API rules, report, formats) does no IO and loads no TypeScript", () => {
    for (const file of ["diff/graph-diff.ts", "diff/api-rules.ts", "diff/diff-report.ts", "diff/format-diff.ts"]) {
      expect(typescriptImportsOf(staticClosure(file)), file).toEqual([]);
      expect(
        SOURCES.get(file)?.staticImports.filter((specifier) => /^node:(fs|child_process|os)$/.test(specifier)),
        file,
      ).toEqual([]);
    }
  });

  it("export/ reads the graph through db/, model/ and tools/ only, does no IO, loads no TypeScript, and only cli/ imports it", () => {
    expect(
      importsFrom("export")
        .filter(
          (edge) => edge.target !== undefined && !["export", "db", "model", "tools"].includes(layerOf(edge.target)),
        )
        .map(describeEdge),
    ).toEqual([]);
    expect(
      importsFrom("export")
        .filter((edge) => /^(node:)?(fs|child_process|os)$/.test(edge.specifier))
        .map(describeEdge),
    ).toEqual([]);
    for (const file of [...SOURCES.keys()].filter((name) => layerOf(name) === "export"))
      expect(typescriptImportsOf(staticClosure(file)), file).toEqual([]);
    expect(
      staticImportsOf((target) => layerOf(target) === "export").filter(
        (edge) => !["cli", "export"].includes(layerOf(edge.from)),
      ),
    ).toEqual([]);
  });

  it("setup/ (the agent registration setup writes) imports nothing from the project and does no IO", () => {
    expect(
      importsFrom("setup")
        .filter((edge) => edge.target !== undefined && layerOf(edge.target) !== "setup")
        .map(describeEdge),
    ).toEqual([]);
    expect(
      importsFrom("setup")
        .filter((edge) => /^(node:)?(fs|child_process|readline)/.test(edge.specifier))
        .map(describeEdge),
    ).toEqual([]);
  });

  it("daemon/ imports only db/ and model/ (it runs in every CLI process that finds a daemon), and loads no TypeScript", () => {
    const wrong = importsFrom("daemon").filter(
      (edge) => edge.target !== undefined && !["daemon", "db", "model"].includes(layerOf(edge.target)),
    );
    expect(wrong.map(describeEdge)).toEqual([]);
    const daemonFiles = [...SOURCES.keys()].filter((file) => layerOf(file) === "daemon");
    expect(typescriptImportsOf(new Set(daemonFiles.flatMap((file) => [...staticClosure(file)])))).toEqual([]);
  });

  it("only cli/ and mcp/ import daemon/", () => {
    const wrong = staticImportsOf((target) => layerOf(target) === "daemon").filter(
      (edge) => !["daemon", "cli", "mcp"].includes(layerOf(edge.from)),
    );
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it("view/ imports only tools/, model/ and vendor/ and loads no TypeScript; its page imports nothing from the project; only cli/ imports view/", () => {
    const wrong = importsFrom("view").filter(
      (edge) => edge.target !== undefined && !["view", "tools", "model", "vendor"].includes(layerOf(edge.target)),
    );
    expect(wrong.map(describeEdge)).toEqual([]);
    const viewFiles = [...SOURCES.keys()].filter((file) => layerOf(file) === "view");
    expect(typescriptImportsOf(new Set(viewFiles.flatMap((file) => [...staticClosure(file)])))).toEqual([]);
    const page = importsFrom("view").filter((edge) => edge.from.startsWith("view/page/") && edge.target !== undefined);
    expect(page.map(describeEdge)).toEqual([]);
    const importers = staticImportsOf((target) => layerOf(target) === "view").filter(
      (edge) => !["view", "cli"].includes(layerOf(edge.from)),
    );
    expect(importers.map(describeEdge)).toEqual([]);
  });

  it("the front ends load the edit tools' support and the git history only dynamically, on first use", () => {
    const editSupport = sourceNamed("ingestion", "edit-support.ts");
    const wrong = staticImportsOf((target) => target === editSupport || layerOf(target) === "history").filter((edge) =>
      ["cli", "mcp"].includes(layerOf(edge.from)),
    );
    expect(wrong.map(describeEdge)).toEqual([]);
    const dynamic = (file: string) =>
      (SOURCES.get(file)?.dynamicImports ?? []).map((specifier) => resolveProjectImport(file, specifier));
    for (const front of ["cli/cli-tool-context.ts", "mcp/served-root.ts"]) {
      expect(dynamic(front), front).toContain(editSupport);
      expect(
        dynamic(front).some((target) => target !== undefined && layerOf(target) === "history"),
        front,
      ).toBe(true);
    }
  });

  it("the CLI's way to a daemon (cli/daemon-route.ts, cli/index-command.ts) loads no TypeScript", () => {
    for (const file of ["cli/daemon-route.ts", "cli/index-command.ts", "cli/cli-tool-context.ts", "cli.ts"]) {
      expect(typescriptImportsOf(staticClosure(file)), file).toEqual([]);
    }
  });

  it("mcp/ never imports cli/", () => {
    expect(
      importsFrom("mcp")
        .filter((edge) => edge.target !== undefined && layerOf(edge.target) === "cli")
        .map(describeEdge),
    ).toEqual([]);
  });

  it("only engine/ts7/ imports TypeScript 7's API (typescript/…), which may change with any release (ADR 0021)", () => {
    const wrong = [...SOURCES.values()].flatMap((source) =>
      [...source.staticImports, ...source.typeImports, ...source.dynamicImports]
        .filter((specifier) => /^typescript(\/|$)/.test(specifier) && !source.file.startsWith("engine/ts7/"))
        .map((specifier) => `${source.file} imports ${specifier}`),
    );
    expect(wrong).toEqual([]);
  });

  it("only engine/ts6/typescript6.ts imports TypeScript 6 (ts-morph, @ts-morph/common, typescript-6; type and dynamic imports included), and it imports nothing from the project", () => {
    expect(typescript6Imports([...SOURCES.values()])).toEqual([]);
    const boundary = SOURCES.get(TYPESCRIPT_6);
    expect(boundary?.staticImports).toContain("@ts-morph/common");
    expect(
      boundary?.staticImports.concat(boundary.typeImports).filter((specifier) => specifier.startsWith(".")),
    ).toEqual([]);
  });

  it("the benches take TypeScript 6 from engine/ts6/typescript6.ts too, but for the accuracy oracle (typescript-6, its own copy)", () => {
    const benchDir = path.join(SRC, "..", "bench");
    const benches = listSources(benchDir).map((full) =>
      readSourceText(`bench/${path.relative(benchDir, full).split(path.sep).join("/")}`, fs.readFileSync(full, "utf8")),
    );
    const oracle = /^bench\/(accuracy|agent)\//;
    expect(
      typescript6Imports(benches).filter((line) => !(oracle.test(line) && line.endsWith(" imports typescript-6"))),
    ).toEqual([]);
  });

  it("the TypeScript 6 rule names a module that imports ts from ts-morph or typescript-6", () => {
    const offender = (file: string, line: string): SourceFile => readSourceText(file, line);
    expect(
      typescript6Imports([
        offender("ingestion/extract/a.ts", 'import { ts } from "ts-morph";'),
        offender("ingestion/extract/b.ts", 'import type { ts } from "ts-morph";'),
        offender("diff/c.ts", 'import ts from "typescript-6";'),
        offender("config/d.ts", 'import { ts } from "../engine/ts6/typescript6.js";'),
      ]),
    ).toEqual([
      "ingestion/extract/a.ts imports ts-morph",
      "ingestion/extract/b.ts imports ts-morph",
      "diff/c.ts imports typescript-6",
    ]);
  });

  it("engine/ imports, from the project, only the extractor's checker port", () => {
    const wrong = [
      ...importsFrom("engine"),
      ...[...SOURCES.values()]
        .filter((source) => layerOf(source.file) === "engine")
        .flatMap((source) =>
          source.typeImports.map((specifier) => ({
            from: source.file,
            specifier,
            target: resolveProjectImport(source.file, specifier),
          })),
        ),
    ].filter(
      (edge) =>
        edge.target !== undefined &&
        layerOf(edge.target) !== "engine" &&
        edge.target !== "ingestion/extract/checker-port.ts",
    );
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it("the query tools never load TypeScript", () => {
    const toolFiles = [...SOURCES.keys()].filter((file) => layerOf(file) === "tools");
    const closure = new Set(toolFiles.flatMap((file) => [...staticClosure(file)]));
    expect(typescriptImportsOf(closure)).toEqual([]);
  });

  it("indexer.ts never loads TypeScript itself: extraction-engine.ts is imported only dynamically, when a run has work", () => {
    expect(typescriptImportsOf(staticClosure("ingestion/run/indexer.ts"))).toEqual([]);
    expect(SOURCES.get("ingestion/run/indexer.ts")?.dynamicImports).toContain("./extraction-engine.js");
    const staticImporters = [...SOURCES.values()].filter((source) =>
      source.staticImports.some(
        (specifier) => resolveProjectImport(source.file, specifier) === "ingestion/run/extraction-engine.ts",
      ),
    );
    expect(staticImporters.map((source) => source.file)).toEqual([]);
  });

  it("a CLI query loads no TypeScript until it needs it: cli.ts reaches ts-morph only through dynamic imports", () => {
    expect(typescriptImportsOf(staticClosure("cli.ts"))).toEqual([]);
  });

  it("no module imports itself through others, type imports included (an error type lives where both sides can import it)", () => {
    const targets = (file: string): string[] => {
      const source = SOURCES.get(file);
      if (source === undefined) return [];
      return [...source.staticImports, ...source.typeImports].flatMap(
        (specifier) => resolveProjectImport(file, specifier) ?? [],
      );
    };
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (file: string): void => {
      state.set(file, "open");
      stack.push(file);
      for (const target of targets(file)) {
        if (state.get(target) === "open") cycles.push([...stack.slice(stack.indexOf(target)), target].join(" → "));
        else if (!state.has(target) && SOURCES.has(target)) visit(target);
      }
      stack.pop();
      state.set(file, "done");
    };
    for (const file of SOURCES.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it("the two front ends loop over ALL_TOOLS and never name a tool", () => {
    const names = ALL_TOOLS.map((tool) => tool.name);
    expect(names.length).toBeGreaterThan(5);
    for (const file of ["mcp/server.ts", "cli.ts"])
      expect(fs.readFileSync(path.join(SRC, file), "utf8"), file).toMatch(/for \(const tool of [^)]*ALL_TOOLS/);
    for (const file of ["mcp/server.ts", "cli.ts", "cli/tool-command.ts"]) {
      const text = fs.readFileSync(path.join(SRC, file), "utf8");
      const named = names.filter((name) => new RegExp(`["'\`]${name}["'\`]`).test(text));
      expect(named, `${file} names tools`).toEqual([]);
    }
  });
});
