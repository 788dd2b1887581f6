import fs from "node:fs";
import { declarationKey } from "../../model/node-key.js";
import { describeNode, requireSymbol, resolveSymbol, type SymbolNode } from "../inputs/symbol-address.js";
import { symbolFromInput } from "../inputs/symbol-input.js";
import { echoed } from "../answer/text.js";
import type { ToolContext } from "../tool-contract.js";
import type { EditSupport } from "../../model/edit-ports.js";
import { ToolInputError } from "../tool-errors.js";
import { lineStarts } from "./changed-ranges.js";
import { decodeSource } from "./source-text.js";

/**
 * Which declaration an edit is about: a node key, a qualified name (`Cart.total`, `NS.fn`, `api.get`), or a
 * name with `line` (a line inside the declaration) when several declarations share the name. Never a silent
 * first match: several matches are an error that lists each; none lists the closest names.
 */
export interface EditAddress {
  readonly symbol: string;
  readonly file?: string | undefined;
  readonly line?: number | undefined;
}

/** The innermost of the candidates whose lines hold `line`, or why there is not exactly one. */
function atLine(candidates: readonly SymbolNode[], line: number): SymbolNode | ToolInputError {
  const holding = candidates.filter((node) => node.startLine <= line && line <= node.endLine);
  const listed = (nodes: readonly SymbolNode[]): string => nodes.map((node) => `\n  - ${describeNode(node)}`).join("");
  if (holding.length === 0) {
    return new ToolInputError(
      `None of the declarations that match spans line ${line}; give the line of one of them:${listed(candidates)}`,
      {
        reason: "not-at-line",
        candidates,
      },
    );
  }
  const span = (node: SymbolNode): number => node.endLine - node.startLine;
  const smallest = Math.min(...holding.map(span));
  const innermost = holding.filter((node) => span(node) === smallest);
  const [only] = innermost;
  if (only !== undefined && innermost.length === 1) return only;
  return new ToolInputError(
    `${innermost.length} declarations that match span line ${line}; give a node key:${listed(innermost)}`,
    {
      reason: "ambiguous",
      candidates: innermost,
    },
  );
}

function select(context: ToolContext, address: EditAddress & { readonly line: number }): SymbolNode {
  const resolution = resolveSymbol(context.db, address);
  if (resolution.status === "not-found") return requireSymbol(context.db, address);
  const chosen = atLine(resolution.status === "found" ? [resolution.node] : resolution.candidates, address.line);
  if (chosen instanceof ToolInputError) throw chosen;
  return chosen;
}

/**
 * A property of the object literal a module-level variable holds that makes no graph node (`colors.blue` of
 * `export const colors = { blue: "#00f" }`; the literal's methods are nodes): found in the holder's file as it is
 * on disk, as a Property node of the holder's lines there. Undefined when the address is not such a property.
 */
async function objectLiteralProperty(
  context: ToolContext,
  address: EditAddress,
  support: EditSupport,
): Promise<SymbolNode | undefined> {
  const dot = address.symbol.lastIndexOf(".");
  if (dot <= 0 || address.line !== undefined) return undefined;
  const holder = await symbolFromInput(context, address.symbol.slice(0, dot), address.file).catch(() => undefined);
  if (holder?.kind !== "Variable") return undefined;
  const qualifiedName = `${holder.qualifiedName}.${address.symbol.slice(dot + 1)}`;
  const decoded = decodeSource(fs.readFileSync(context.paths.validate(holder.file, { forWrite: true }).absolute));
  if (!decoded.ok) return undefined;
  const key = declarationKey(holder.file, qualifiedName);
  const site = support.syntax.declarations(holder.file, decoded.source.body).get(key);
  if (site === undefined) return undefined;
  const starts = lineStarts(decoded.source.body);
  const lineOf = (offset: number): number => starts.filter((start) => start <= offset).length;
  return {
    key,
    kind: "Property",
    file: holder.file,
    qualifiedName,
    startLine: lineOf(site.start),
    endLine: lineOf(site.end),
  };
}

export async function locateForEdit(
  context: ToolContext,
  address: EditAddress,
  support: EditSupport,
): Promise<SymbolNode> {
  try {
    return await locateNode(context, address);
  } catch (error) {
    const property =
      error instanceof ToolInputError ? await objectLiteralProperty(context, address, support) : undefined;
    if (property === undefined) throw error;
    return property;
  }
}

async function locateNode(context: ToolContext, address: EditAddress): Promise<SymbolNode> {
  const { line } = address;
  // A file named by the caller is checked for writing first: outside the roots, through a link out, or ts-graph's own is refused.
  if (address.file !== undefined) context.paths.validate(address.file, { mustExist: false, forWrite: true });
  const node =
    line === undefined
      ? await symbolFromInput(context, address.symbol, address.file)
      : await (async () => {
          const validated =
            address.file === undefined ? undefined : context.paths.validate(address.file, { mustExist: false });
          const narrowed = { symbol: address.symbol, file: validated?.relative, line };
          const first = select(context, narrowed);
          await context.ensureFresh([context.paths.validate(first.file, { mustExist: false }).absolute]);
          return select(context, narrowed);
        })();
  if (node.kind === "File") {
    throw new ToolInputError(
      `"${echoed(address.symbol)}" is the file ${node.file}; the edit tools change declarations (give one of its declarations).`,
    );
  }
  return node;
}
