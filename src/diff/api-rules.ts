/**
 * The exported API's changes and whether each breaks its users, by the rules in docs/ci.md ("Breaking
 * changes"). Pure: signatures come parsed (signature-shape.ts) and type questions are answered by an
 * Assignability (type-relation.ts); a rule that needs an answer the checker could not give says "not
 * classified" rather than guess.
 */
import { replaceName } from "../model/body-hash.js";
import { parseNodeKey } from "../model/node-key.js";
import type { DeclarationState, DiffNode, GraphDiff } from "./graph-diff.js";
import type { SignatureShape } from "./signature-shape.js";
import type { Assignability } from "./type-relation.js";

export type ApiVerdict = "breaking" | "compatible" | "unclassified";
export type ApiChangeKind = "removed" | "unexported" | "moved" | "renamed" | "changed" | "added";

export interface ApiChange {
  /** The declaration's key in head, or in base for what head no longer has. */
  readonly key: string;
  readonly change: ApiChangeKind;
  readonly verdict: ApiVerdict;
  readonly reasons: readonly string[];
}

export interface ApiRuleInput {
  readonly diff: GraphDiff;
  /** Every declaration of each side, by key (to find a member's container). */
  readonly baseNodes: ReadonlyMap<string, DiffNode>;
  readonly headNodes: ReadonlyMap<string, DiffNode>;
  readonly shapeOf: (kind: string, signature: string) => SignatureShape | undefined;
  readonly assignable: Assignability;
  /**
   * The API of each side by its packages' entry points (api-surface.ts), as keys: at least those of the
   * diff's declarations that are API. Undefined: every exported declaration is API.
   */
  readonly surface?: ApiSurfaceKeys | undefined;
}

export interface ApiSurfaceKeys {
  readonly base: ReadonlySet<string>;
  readonly head: ReadonlySet<string>;
  /** Declarations that did not change but left the API (a re-export removed) or joined it, outermost only. */
  readonly lost: readonly string[];
  readonly gained: readonly string[];
}

interface Finding {
  readonly verdict: ApiVerdict;
  readonly reason: string;
}

const breaking = (reason: string): Finding => ({ verdict: "breaking", reason });
const compatible = (reason: string): Finding => ({ verdict: "compatible", reason });
const unclassified = (reason: string): Finding => ({ verdict: "unclassified", reason });

/** A type relation as a finding: `yes` when it holds, `no` when the checker says it does not, not classified when it cannot tell. */
function related(
  assignable: Assignability,
  from: string | undefined,
  to: string | undefined,
  what: string,
  yes: string,
  no: string,
): Finding | undefined {
  if (from === to) return undefined;
  if (from === undefined || to === undefined)
    return unclassified(
      `${what}: a type is inferred on one side (\`${from ?? "inferred"}\` → \`${to ?? "inferred"}\`)`,
    );
  const answer = assignable(from, to);
  if (answer === undefined)
    return unclassified(`${what}: \`${from}\` → \`${to}\` (the checker cannot relate these types outside the project)`);
  return answer
    ? compatible(`${what} ${yes}: \`${from}\` → \`${to}\``)
    : breaking(`${what} ${no}: \`${from}\` → \`${to}\``);
}

function callableFindings(
  before: Extract<SignatureShape, { form: "callable" }>,
  after: Extract<SignatureShape, { form: "callable" }>,
  assignable: Assignability,
): Finding[] {
  if (before.typeParameters !== after.typeParameters)
    return [unclassified(`type parameters changed: <${before.typeParameters}> → <${after.typeParameters}>`)];
  const findings: Finding[] = [];
  const count = Math.max(before.parameters.length, after.parameters.length);
  for (let index = 0; index < count; index += 1) {
    const old = before.parameters[index];
    const now = after.parameters[index];
    if (old === undefined && now !== undefined) {
      findings.push(
        now.optional || now.rest
          ? compatible(`optional parameter \`${now.name}\` added`)
          : breaking(`required parameter \`${now.name}\` added`),
      );
    } else if (old !== undefined && now === undefined) {
      findings.push(breaking(`parameter \`${old.name}\` removed (callers that pass it no longer compile)`));
    } else if (old !== undefined && now !== undefined) {
      const what = `parameter \`${now.name}\``;
      if (old.rest !== now.rest)
        findings.push(unclassified(`${what} ${now.rest ? "became" : "is no longer"} a rest parameter`));
      if (old.optional && !now.optional && !now.rest) findings.push(breaking(`${what} made required`));
      if (!old.optional && now.optional) findings.push(compatible(`${what} made optional`));
      const types = related(assignable, old.type, now.type, `${what} type`, "widened", "narrowed or changed");
      if (types !== undefined) findings.push(types);
      if (old.name !== now.name && types === undefined && old.optional === now.optional)
        findings.push(compatible(`parameter \`${old.name}\` renamed \`${now.name}\``));
    }
  }
  const returned = related(
    assignable,
    after.returnType,
    before.returnType,
    "return type",
    "narrowed",
    "widened or changed",
  );
  if (returned !== undefined) findings.push(returned);
  return findings;
}

function propertyFindings(
  before: Extract<SignatureShape, { form: "property" }>,
  after: Extract<SignatureShape, { form: "property" }>,
  assignable: Assignability,
): Finding[] {
  const findings: Finding[] = [];
  if (before.optional && !after.optional) findings.push(breaking("optional property made required"));
  if (!before.optional && after.optional)
    findings.push(unclassified("required property made optional (breaks code that reads it, not code that writes it)"));
  if (!before.readonly && after.readonly) findings.push(breaking("property made readonly"));
  if (before.readonly && !after.readonly) findings.push(compatible("property no longer readonly"));
  if (before.type !== after.type) {
    // A readonly property is only read: narrowing it is safe. A mutable one is read and written: only an equivalent type is.
    // Both questions are asked whatever the answers, so that the checker answers them in one batch (run-diff.ts).
    const narrowed = related(assignable, after.type, before.type, "property type", "narrowed", "widened or changed");
    const widened = related(
      assignable,
      before.type,
      after.type,
      "property type",
      "kept equivalent",
      "narrowed (code that writes it may break)",
    );
    if (narrowed === undefined || widened === undefined) findings.push(unclassified("property type changed"));
    else if (after.readonly || narrowed.verdict !== "compatible") findings.push(narrowed);
    else findings.push(widened);
  }
  return findings;
}

const OPTIONAL_REMOVED =
  "code that reads it no longer compiles; object literals that set it get excess-property errors";

/** The names of the optional properties an object type's text declares (`a?: T`, `readonly b?: U`), in braces at any depth (not parameters). */
function optionalProperties(typeText: string): Set<string> {
  const names = new Set<string>();
  const open: string[] = [];
  const property = /^(?:readonly\s+)?([A-Za-z_$][\w$]*|"[^"]*"|'[^']*')\?\s*:/;
  for (let index = 0; index < typeText.length; index += 1) {
    const char = typeText[index] ?? "";
    if ("{([<".includes(char)) open.push(char);
    else if ("})]>".includes(char) && !(char === ">" && typeText[index - 1] === "=")) open.pop();
    if (open.at(-1) === "{" && (char === "{" || char === ";" || char === ",")) {
      const match = property.exec(typeText.slice(index + 1).trimStart());
      if (match?.[1] !== undefined) names.add(match[1]);
    }
  }
  return names;
}

/** Optional properties of object types in the old text that the new one no longer has: assignability does not see them go, their readers do. */
function optionalPropertiesRemoved(before: string, after: string): Finding[] {
  const now = optionalProperties(after);
  return [...optionalProperties(before)]
    .filter((name) => !now.has(name))
    .map((name) => breaking(`optional property \`${name}\` removed from the type (${OPTIONAL_REMOVED})`));
}

function signatureFindings(kind: string, before: string, after: string, input: ApiRuleInput): Finding[] {
  if (before === after) return [];
  const old = input.shapeOf(kind, before);
  const now = input.shapeOf(kind, after);
  if (old === undefined || now === undefined)
    return [unclassified("signature changed (it does not parse whole: cut, or unusual syntax)")];
  const gone = optionalPropertiesRemoved(before, after);
  if (old.form === "callable" && now.form === "callable")
    return [...gone, ...callableFindings(old, now, input.assignable)];
  if (old.form === "property" && now.form === "property")
    return [...gone, ...propertyFindings(old, now, input.assignable)];
  if (old.form === "alias" && now.form === "alias") {
    if (old.typeParameters !== now.typeParameters) return [unclassified("type parameters changed")];
    // Assignable both ways is no equivalence when an optional property went.
    if (gone.length > 0) return gone;
    const forward = input.assignable(old.type, now.type);
    const backward = input.assignable(now.type, old.type);
    if (forward === true && backward === true) return [compatible("type alias kept an equivalent type")];
    return [
      unclassified(
        `type alias changed: \`${old.type}\` → \`${now.type}\` (used both as input and output, no rule applies)`,
      ),
    ];
  }
  return [unclassified("signature changed")];
}

const MODIFIER_RULES: Readonly<
  Record<string, { readonly added: (what: string) => Finding; readonly removed: (what: string) => Finding }>
> = {
  static: { added: () => breaking("became static"), removed: () => breaking("is no longer static") },
  abstract: { added: () => breaking("became abstract"), removed: () => compatible("is no longer abstract") },
  readonly: { added: () => breaking("became readonly"), removed: () => compatible("is no longer readonly") },
  default: {
    added: () => compatible("became the default export"),
    removed: () => breaking("is no longer the default export"),
  },
};

function modifierFindings(before: DeclarationState, after: DeclarationState, skipReadonly: boolean): Finding[] {
  const findings: Finding[] = [];
  for (const [modifier, rule] of Object.entries(MODIFIER_RULES)) {
    if (skipReadonly && modifier === "readonly") continue;
    const had = before.modifiers.includes(modifier);
    const has = after.modifiers.includes(modifier);
    if (!had && has) findings.push(rule.added(modifier));
    if (had && !has) findings.push(rule.removed(modifier));
  }
  return findings;
}

function verdictOf(findings: readonly Finding[]): ApiVerdict {
  if (findings.some((finding) => finding.verdict === "breaking")) return "breaking";
  if (findings.length === 0 || findings.some((finding) => finding.verdict === "unclassified")) return "unclassified";
  return "compatible";
}

function changeOf(key: string, change: ApiChangeKind, found: readonly Finding[]): ApiChange {
  const findings = found.length > 0 ? found : [unclassified("changed; no rule applies")];
  const ordered = [...findings].sort((a, b) => rank(a.verdict) - rank(b.verdict));
  return { key, change, verdict: verdictOf(findings), reasons: ordered.map((finding) => finding.reason) };
}

function rank(verdict: ApiVerdict): number {
  return verdict === "breaking" ? 0 : verdict === "unclassified" ? 1 : 2;
}

function isMember(node: DiffNode, nodes: ReadonlyMap<string, DiffNode>): boolean {
  return node.parent !== undefined && nodes.get(node.parent)?.kind !== "File" && nodes.has(node.parent);
}

function containerKind(node: DiffNode, nodes: ReadonlyMap<string, DiffNode>): string | undefined {
  return node.parent === undefined ? undefined : nodes.get(node.parent)?.kind;
}

function addedFindings(node: DiffNode, input: ApiRuleInput): Finding[] {
  if (!isMember(node, input.headNodes)) return [compatible("export added")];
  const container = containerKind(node, input.headNodes);
  if (node.modifiers.includes("abstract")) return [breaking("abstract member added: subclasses must implement it")];
  if (container !== "Interface") return [compatible("member added")];
  const shape = input.shapeOf(node.kind, node.signature);
  const optional = shape?.form === "property" ? shape.optional : /^[^(:]*\?\s*[:(]/.test(node.signature);
  return optional
    ? [compatible("optional member added to an interface")]
    : [breaking("required member added to an interface: objects and classes that implement it must add it")];
}

const NO_LONGER_REACHABLE = "no longer reachable from the package's entry points";

/** A removed member or export; an optional property says what breaks, since nothing that implements the type does. */
function removedFinding(node: DiffNode, input: ApiRuleInput): Finding {
  if (!isMember(node, input.baseNodes)) return breaking("export removed");
  const shape = node.kind === "Property" ? input.shapeOf(node.kind, node.signature) : undefined;
  return shape?.form === "property" && shape.optional
    ? breaking(`optional property removed (${OPTIONAL_REMOVED})`)
    : breaking("member removed");
}

/** Every change to the exported API, with its verdict and the rules that gave it, sorted by key. */
export function classifyApiChanges(input: ApiRuleInput): ApiChange[] {
  const changes: ApiChange[] = [];
  const inBase = (key: string, exported: boolean) =>
    input.surface === undefined ? exported : input.surface.base.has(key);
  const inHead = (key: string, exported: boolean) =>
    input.surface === undefined ? exported : input.surface.head.has(key);
  for (const node of input.diff.removed) {
    if (!inBase(node.key, node.exported)) continue;
    changes.push(changeOf(node.key, "removed", [removedFinding(node, input)]));
  }
  for (const move of input.diff.moved) {
    const wasApi = inBase(move.from, move.before.exported);
    const isApi = inHead(move.to, move.after.exported);
    if (!wasApi && !isApi) continue;
    const findings: Finding[] = [];
    const otherFile = parseNodeKey(move.from).file !== parseNodeKey(move.to).file;
    if (move.how === "moved" && otherFile)
      findings.push(
        unclassified("moved to another file: importers of the old file break unless it re-exports the declaration"),
      );
    else if (move.how === "moved") findings.push(breaking("moved to another container: the old member is gone"));
    else findings.push(breaking(`renamed: the old name is gone (${move.how})`));
    if (wasApi && !isApi)
      findings.push(
        breaking(move.before.exported && !move.after.exported ? "no longer exported" : NO_LONGER_REACHABLE),
      );
    const kind = move.after.kind;
    findings.push(
      ...signatureFindings(
        kind,
        signatureWithName(move.before.signature, input.baseNodes.get(move.from), input.headNodes.get(move.to)),
        move.after.signature,
        input,
      ),
    );
    changes.push(changeOf(move.to, move.how === "moved" ? "moved" : "renamed", findings));
  }
  for (const changed of input.diff.changed) {
    const { before, after } = changed;
    const wasApi = inBase(changed.key, before.exported);
    const isApi = inHead(changed.key, after.exported);
    if (!wasApi && !isApi) continue;
    if (wasApi && !isApi) {
      changes.push(
        changeOf(changed.key, "unexported", [
          breaking(before.exported && !after.exported ? "no longer exported" : NO_LONGER_REACHABLE),
        ]),
      );
      continue;
    }
    if (!wasApi && isApi) {
      changes.push(
        changeOf(changed.key, "added", [
          compatible(!before.exported && after.exported ? "now exported" : "now reachable from an entry point"),
        ]),
      );
      continue;
    }
    const apiAspects = changed.aspects.filter((aspect) => aspect !== "body");
    if (apiAspects.length === 0) continue;
    const findings: Finding[] = [];
    if (before.kind !== after.kind) findings.push(unclassified(`kind changed: ${before.kind} → ${after.kind}`));
    else findings.push(...signatureFindings(after.kind, before.signature, after.signature, input));
    findings.push(...modifierFindings(before, after, after.kind === "Property"));
    changes.push(changeOf(changed.key, "changed", findings));
  }
  for (const node of input.diff.added) {
    if (inHead(node.key, node.exported)) changes.push(changeOf(node.key, "added", addedFindings(node, input)));
  }
  for (const key of input.surface?.lost ?? [])
    changes.push(changeOf(key, "unexported", [breaking(NO_LONGER_REACHABLE)]));
  for (const key of input.surface?.gained ?? [])
    changes.push(changeOf(key, "added", [compatible("now reachable from an entry point")]));
  return changes.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A renamed declaration's old signature with its new name, so that the rename alone compares equal. */
function signatureWithName(signature: string, before: DiffNode | undefined, after: DiffNode | undefined): string {
  if (before === undefined || after === undefined || before.name === after.name) return signature;
  return replaceName(signature, before.name, after.name);
}

/**
 * The declarations classifyApiChanges looks up in each side's map beyond the diff's own: the containers of
 * removed (base) and added (head) declarations, and both ends of each move. Classifying with maps of only
 * these gives the same changes, and costs little to send to another thread.
 */
export function nodesReadByRules(
  diff: GraphDiff,
  baseNodes: ReadonlyMap<string, DiffNode>,
  headNodes: ReadonlyMap<string, DiffNode>,
): { baseNodes: Map<string, DiffNode>; headNodes: Map<string, DiffNode> } {
  const pick = (nodes: ReadonlyMap<string, DiffNode>, keys: readonly (string | undefined)[]) => {
    const picked = new Map<string, DiffNode>();
    for (const key of keys) {
      const node = key === undefined ? undefined : nodes.get(key);
      if (key !== undefined && node !== undefined) picked.set(key, node);
    }
    return picked;
  };
  return {
    baseNodes: pick(baseNodes, [...diff.removed.map((node) => node.parent), ...diff.moved.map((move) => move.from)]),
    headNodes: pick(headNodes, [...diff.added.map((node) => node.parent), ...diff.moved.map((move) => move.to)]),
  };
}
