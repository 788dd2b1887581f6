import { z } from "../../vendor/zod.js";
import { pathOrName, pathString } from "../input-limits.js";
import type { SqliteDb } from "../../db/open-graph-db.js";
import { readConsistently } from "../../db/read-transaction.js";
import { workspacePackages, type WorkspacePackage } from "../../config/workspace-packages.js";
import { outputShape, present } from "../query-output.js";
import { echoed } from "../text.js";
import { defineTool, type ToolContext } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";
import { depsAnswer, type DepsReport, type DepsTarget, type DepsStructured } from "./format.js";
import {
  DEPS_DIRECTIONS,
  GROUPINGS,
  filesUnder,
  depsFolderOf,
  isIndexedFile,
  packageOfFile,
  queryDeps,
  rollUp,
  rollUpInternal,
  type DepsDirection,
  type Grouping,
} from "./query.js";
import { answerOf, truncation } from "../answer-schema.js";

/** Files of one module linked to the target (query.ts `ModuleLink`). */
const moduleLink = z.looseObject({
  module: z.string(),
  depth: z.number(),
  files: z.array(z.looseObject({ file: z.string(), depth: z.number(), names: z.array(z.string()), typeOnly: z.boolean() })),
});

/** The deps answer (format.ts `DepsStructured`), declared as the tool's output schema. */
const depsAnswerSchema = answerOf<DepsStructured>()(
  z.looseObject({
    tool: z.literal("deps"),
    target: z.looseObject({ kind: z.enum(["file", "folder", "package"]), name: z.string(), files: z.number() }),
    direction: z.enum(DEPS_DIRECTIONS),
    depth: z.number(),
    groupBy: z.string(),
    internalImports: z.number(),
    inner: z.array(z.looseObject({ from: z.string(), to: z.string(), imports: z.number(), typeOnly: z.boolean() })),
    outgoing: z.array(moduleLink),
    packages: z.array(z.looseObject({ name: z.string(), depth: z.number(), importers: z.number(), typeOnly: z.boolean() })),
    incoming: z.array(moduleLink),
    totals: z.object({ inner: z.number(), outgoing: z.number(), packages: z.number(), incoming: z.number() }),
    truncated: truncation,
  }),
);

interface ResolvedTarget {
  readonly target: DepsTarget;
  /** Its indexed files. */
  readonly paths: readonly string[];
}

type Packages = readonly WorkspacePackage[];

/** A workspace package by name, else an indexed file, else a folder holding indexed files. */
function resolveTarget(context: ToolContext, target: string, packages: Packages): ResolvedTarget {
  const pkg = packages.find((candidate) => candidate.name === target);
  if (pkg !== undefined) {
    const paths = filesUnder(context.db, pkg.dir);
    return { target: { kind: "package", name: pkg.name, files: paths.length }, paths };
  }
  const relative = context.paths.validate(target, { mustExist: false }).relative;
  if (isIndexedFile(context.db, relative)) return { target: { kind: "file", name: relative, files: 1 }, paths: [relative] };
  const paths = filesUnder(context.db, relative);
  if (paths.length > 0) return { target: { kind: "folder", name: relative, files: paths.length }, paths };
  const known = packages.length > 0 ? ` Workspace packages: ${packages.map((candidate) => candidate.name).join(", ")}.` : "";
  throw new ToolInputError(`No indexed file at or under ${echoed(target)}. Give a file, a folder or a workspace package name.${known}`);
}

const DEFAULT_GROUPING: Record<DepsTarget["kind"], Grouping> = { file: "file", folder: "folder", package: "package" };

function moduleNamer(grouping: Grouping, packages: Packages): (file: string) => string {
  if (grouping === "file") return (file) => file;
  if (grouping === "folder") return depsFolderOf;
  return packageOfFile(packages);
}

interface DepsInput {
  readonly direction: DepsDirection;
  readonly depth: number;
  readonly groupBy?: Grouping | undefined;
}

function depsReport(db: SqliteDb, { target, paths }: ResolvedTarget, input: DepsInput, packages: Packages): DepsReport {
  const groupBy = input.groupBy ?? DEFAULT_GROUPING[target.kind];
  const rows = queryDeps(db, paths, input.direction, input.depth);
  const moduleOf = moduleNamer(groupBy, packages);
  return {
    target,
    direction: input.direction,
    depth: input.depth,
    groupBy,
    internalImports: rows.internal.length,
    inner: rollUpInternal(rows.internal, moduleOf),
    outgoing: rollUp(rows.outgoing, moduleOf),
    packages: rows.packages,
    incoming: rollUp(rows.incoming, moduleOf),
  };
}

export const depsTool = defineTool({
  name: "deps",
  description: [
    "Module and package dependencies of a file, a folder or a workspace package, from the resolved import graph",
    "(path aliases, project references and re-exports resolved): which files and folders it imports from, which npm",
    "packages it uses, and who imports it, with the names that cross the boundary and whether only types do.",
    "Rolled up by file, folder or workspace package. Use it to check layering, find a module's public surface in use,",
    "or see what a package really depends on. `mermaid` draws the module graph.",
  ].join("\n"),
  inputShape: {
    target: pathOrName(pathString().min(1)).describe("a file or folder path relative to the root (. for everything), or a workspace package name"),
    direction: z.enum(DEPS_DIRECTIONS).default("both").describe("out: what it imports; in: what imports it; both (default)"),
    depth: z.number().int().min(1).max(10).default(1).describe("import steps to follow (default 1: direct imports only)"),
    groupBy: z.enum(GROUPINGS).optional().describe("roll the other side up by file, folder or workspace package (default: like the target)"),
    ...outputShape,
  },
  positional: ["target"],
  answer: depsAnswerSchema,
  annotations: { title: "Module dependencies", readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async run(input, context) {
    const packages = workspacePackages(context.root);
    return readConsistently(context.db, () =>
      present(depsAnswer(depsReport(context.db, resolveTarget(context, input.target, packages), input, packages)), input),
    );
  },
});
