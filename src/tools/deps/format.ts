import { mermaidFlowchart, type MermaidEdge, type MermaidNode } from "../answer/mermaid.js";
import { truncationNote, type Presentable, type Truncation } from "../answer/query-output.js";
import { counted } from "../answer/text.js";
import type { DepsDirection, Grouping, InnerLink, LinkedFile, ModuleLink, PackageLink } from "./query.js";

export type TargetKind = "file" | "folder" | "package";

/** What the deps answer is about. */
export interface DepsTarget {
  readonly kind: TargetKind;
  /** The file or folder path (relative, "" for the root), or the package name. */
  readonly name: string;
  readonly files: number;
}

/** Everything `depsAnswer` needs: the target and its links, already rolled up. */
export interface DepsReport {
  readonly target: DepsTarget;
  readonly direction: DepsDirection;
  readonly depth: number;
  readonly groupBy: Grouping;
  /** Imports between the target's own files. */
  readonly internalImports: number;
  /** Those imports rolled up between the target's modules (its subfolders, its packages). */
  readonly inner: readonly InnerLink[];
  readonly outgoing: readonly ModuleLink[];
  readonly packages: readonly PackageLink[];
  readonly incoming: readonly ModuleLink[];
}

/** The deps answer as structured content (also the `json` output): the report, cut to the budget. */
export interface DepsStructured extends DepsReport, Readonly<Record<string, unknown>> {
  readonly tool: "deps";
  /** Entries of each section before the cut. */
  readonly totals: {
    readonly inner: number;
    readonly outgoing: number;
    readonly packages: number;
    readonly incoming: number;
  };
  readonly truncated: Truncation | null;
}

const SHOWN_NAMES = 8;

function targetName(target: DepsTarget): string {
  return target.name === "" ? "." : target.name;
}

function targetText(target: DepsTarget): string {
  return `${target.kind} ${targetName(target)} (${counted(target.files, "file")})`;
}

/** `money.ts {sumLines}` / `types.ts {type CartLine, Order}`: a file relative to its module, with what crosses. */
function fileText(link: LinkedFile, module: string, showDepth: boolean): string {
  const name = link.file.startsWith(`${module}/`) ? link.file.slice(module.length + 1) : link.file;
  const names =
    link.names.slice(0, SHOWN_NAMES).join(", ") +
    (link.names.length > SHOWN_NAMES ? `, +${link.names.length - SHOWN_NAMES}` : "");
  const crossing = link.names.length === 0 ? "" : ` {${link.typeOnly ? "type " : ""}${names}}`;
  return `${name}${crossing}${showDepth && link.depth > 1 ? ` (depth ${link.depth})` : ""}`;
}

function moduleLines(modules: readonly ModuleLink[], groupBy: Grouping, showDepth: boolean): string[] {
  if (groupBy === "file")
    return modules.flatMap((module) => module.files.map((link) => `  ${fileText(link, "", showDepth)}`));
  return modules.flatMap((module) => [
    `  ${module.module}${showDepth ? ` (depth ${module.depth})` : ""}`,
    ...module.files.map((link) => `    ${fileText(link, module.module, showDepth)}`),
  ]);
}

function sectionTitle(title: string, shown: number, total: number, noun: string): string {
  if (total === 0) return `${title}: none`;
  return `${title} (${shown < total ? `${shown} of ` : ""}${counted(total, noun)})`;
}

function text(structured: DepsStructured): string {
  const showDepth = structured.depth > 1;
  const lines = [
    `deps of ${targetText(structured.target)}, ${structured.direction === "both" ? "both directions" : structured.direction === "out" ? "outgoing" : "incoming"}, depth ≤ ${structured.depth}, grouped by ${structured.groupBy}`,
    `imports between its own files: ${structured.internalImports}`,
  ];
  if (structured.inner.length > 0) {
    lines.push(
      "",
      sectionTitle(
        `between its ${structured.groupBy === "file" ? "files" : `${structured.groupBy}s`}`,
        structured.inner.length,
        structured.totals.inner,
        "link",
      ),
    );
    for (const link of structured.inner)
      lines.push(
        `  ${link.from} → ${link.to} (${counted(link.imports, "import")}${link.typeOnly ? ", types only" : ""})`,
      );
  }
  if (structured.direction !== "in") {
    lines.push(
      "",
      sectionTitle("imports from", structured.outgoing.length, structured.totals.outgoing, structured.groupBy),
    );
    lines.push(...moduleLines(structured.outgoing, structured.groupBy, showDepth));
    lines.push(sectionTitle("packages", structured.packages.length, structured.totals.packages, "package"));
    for (const pkg of structured.packages) {
      lines.push(
        `  ${pkg.name} (${counted(pkg.importers, "importer")}${pkg.typeOnly ? ", types only" : ""}${showDepth ? `, depth ${pkg.depth}` : ""})`,
      );
    }
  }
  if (structured.direction !== "out") {
    lines.push(
      "",
      sectionTitle("imported by", structured.incoming.length, structured.totals.incoming, structured.groupBy),
    );
    lines.push(...moduleLines(structured.incoming, structured.groupBy, showDepth));
  }
  if (structured.truncated !== null)
    lines.push("", truncationNote(structured.truncated, "links, modules and packages"));
  return lines.join("\n");
}

function mermaid(structured: DepsStructured): string {
  const target = `target:${structured.target.name}`;
  const nodes: MermaidNode[] = [{ id: target, label: targetName(structured.target), style: "focus" }];
  const edges: MermaidEdge[] = [];
  const label = (module: ModuleLink): string =>
    `${counted(module.files.length, "file")}${module.depth > 1 ? `, depth ${module.depth}` : ""}`;
  for (const module of structured.outgoing) {
    nodes.push({ id: `out:${module.module}`, label: module.module });
    edges.push({ from: target, to: `out:${module.module}`, label: label(module) });
  }
  for (const pkg of structured.packages) {
    nodes.push({ id: `pkg:${pkg.name}`, label: pkg.name, style: "external" });
    edges.push({ from: target, to: `pkg:${pkg.name}`, label: pkg.typeOnly ? "types" : undefined });
  }
  for (const module of structured.incoming) {
    const id = structured.outgoing.some((out) => out.module === module.module)
      ? `out:${module.module}`
      : `in:${module.module}`;
    if (id.startsWith("in:")) nodes.push({ id, label: module.module });
    edges.push({ from: id, to: target, label: label(module) });
  }
  for (const module of new Set(structured.inner.flatMap((link) => [link.from, link.to]))) {
    nodes.push({ id: `inner:${module}`, label: module, group: targetName(structured.target) });
  }
  for (const link of structured.inner) {
    edges.push({ from: `inner:${link.from}`, to: `inner:${link.to}`, label: counted(link.imports, "import") });
  }
  const linksTarget = edges.some((edge) => edge.from === target || edge.to === target);
  return mermaidFlowchart("LR", linksTarget ? nodes : nodes.filter((node) => node.id !== target), edges);
}

/** Sections cut in order: links between its modules, modules imported, packages, importers. */
function cut(report: DepsReport, shown: number): Pick<DepsStructured, "inner" | "outgoing" | "packages" | "incoming"> {
  let left = shown;
  const take = <T>(items: readonly T[]): readonly T[] => {
    const taken = items.slice(0, left);
    left -= taken.length;
    return taken;
  };
  return {
    inner: take(report.inner),
    outgoing: take(report.outgoing),
    packages: take(report.packages),
    incoming: take(report.incoming),
  };
}

/** The deps report, ready for `present` to cut to the budget and render. */
export function depsAnswer(report: DepsReport): Presentable<DepsStructured> {
  const totals = {
    inner: report.inner.length,
    outgoing: report.outgoing.length,
    packages: report.packages.length,
    incoming: report.incoming.length,
  };
  return {
    total: totals.inner + totals.outgoing + totals.packages + totals.incoming,
    narrow:
      "one direction (in or out), a smaller target (a subfolder or a file), a coarser groupBy (folder, package), or raise maxNodes / maxTokens",
    build: (shown, truncated) => ({ tool: "deps", ...report, ...cut(report, shown), totals, truncated }),
    text,
    mermaid,
  };
}
