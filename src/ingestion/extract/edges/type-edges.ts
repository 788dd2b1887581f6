import { ts } from "../../../engine/ts6/typescript6.js";
import type { ExtractedNode } from "../../../model/extracted.js";
import type { NodeKind } from "../../../model/graph-kinds.js";
import type { EdgeCollector } from "./edge-collector.js";
import { MEMBER_KINDS, QUALIFIER_KINDS, VALUE_TARGET_KINDS } from "./edge-target-kinds.js";

const TYPE_TARGET_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(["Class", "Interface", "TypeAlias", "Enum"]);

/** A type reference: USES_TYPE of the class, interface, alias or enum it names, and of its qualifiers. */
export function recordTypeUse(c: EdgeCollector, reference: ts.TypeReferenceNode, owner: ExtractedNode): void {
  c.addEdgesTo("USES_TYPE", owner, c.checker.getSymbolAtLocation(reference.typeName), TYPE_TARGET_KINDS);
  recordQualifiers(c, reference.typeName, owner, QUALIFIER_KINDS);
}

/** `T["k"]` names the member `k` of `T`: USES_TYPE of it. */
export function recordIndexedAccess(c: EdgeCollector, type: ts.IndexedAccessTypeNode, owner: ExtractedNode): void {
  const index = type.indexType;
  if (!ts.isLiteralTypeNode(index) || !(ts.isStringLiteral(index.literal) || ts.isNumericLiteral(index.literal)))
    return;
  c.addEdgesTo("USES_TYPE", owner, c.checker.getSymbolAtLocation(index.literal), MEMBER_KINDS);
}

/** `typeof x` in a type: the type of a value (a variable, a function, a class…) is part of the owner's type. */
export function recordTypeQuery(c: EdgeCollector, query: ts.TypeQueryNode, owner: ExtractedNode): void {
  const name = ts.isQualifiedName(query.exprName) ? query.exprName.right : query.exprName;
  c.addEdgesTo("USES_TYPE", owner, c.checker.getSymbolAtLocation(name), VALUE_TARGET_KINDS);
  recordQualifiers(c, query.exprName, owner, VALUE_TARGET_KINDS);
}

/**
 * What qualifies a type name (`Brand` in `Brand.BrandErrors`: a namespace or an enum) or a `typeof` operand
 * (`typeof Scheduler.prototype.run`, `typeof Codes.invalid`: any value).
 */
function recordQualifiers(
  c: EdgeCollector,
  name: ts.EntityName,
  owner: ExtractedNode,
  kinds: ReadonlySet<NodeKind>,
): void {
  for (
    let qualifier = ts.isQualifiedName(name) ? name.left : undefined;
    qualifier !== undefined;
    qualifier = ts.isQualifiedName(qualifier) ? qualifier.left : undefined
  ) {
    c.addEdgesTo(
      "USES_TYPE",
      owner,
      c.checker.getSymbolAtLocation(ts.isQualifiedName(qualifier) ? qualifier.right : qualifier),
      kinds,
    );
  }
}
