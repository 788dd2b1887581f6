import type { ToolResult } from "../tool-contract.js";
import type { SqliteDb } from "../../db/open-graph-db.js";
import { readConsistently } from "../../db/read-transaction.js";
import { workspacePackages, type WorkspacePackage } from "../../config/workspace-packages.js";
import { present } from "../answer/query-output.js";
import { echoed } from "../answer/text.js";
import type { ToolContext } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";
import { depsAnswer, type DepsReport, type DepsTarget } from "./format.js";
import {
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
import type { DepsToolInput } from "./handler.js";

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
  if (isIndexedFile(context.db, relative))
    return { target: { kind: "file", name: relative, files: 1 }, paths: [relative] };
  const paths = filesUnder(context.db, relative);
  if (paths.length > 0) return { target: { kind: "folder", name: relative, files: paths.length }, paths };
  const known =
    packages.length > 0 ? ` Workspace packages: ${packages.map((candidate) => candidate.name).join(", ")}.` : "";
  throw new ToolInputError(
    `No indexed file at or under ${echoed(target)}. Give a file, a folder or a workspace package name.${known}`,
  );
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

/** deps' answer (handler.ts loads this module on the tool's first call). */
export async function runDeps(input: DepsToolInput, context: ToolContext): Promise<ToolResult> {
  const packages = workspacePackages(context.root);
  return readConsistently(context.db, () =>
    present(depsAnswer(depsReport(context.db, resolveTarget(context, input.target, packages), input, packages)), input),
  );
}
