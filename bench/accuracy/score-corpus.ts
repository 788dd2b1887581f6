import Database from "better-sqlite3";
import ts from "typescript-6";
import type { NodeKey } from "../../src/model/node-key.js";
import type { GroundTruth } from "./call-hierarchy.js";
import { declarationIdentity, withCallee } from "./declaration-identity.js";
import type { DefinitionSite } from "./definition-oracle.js";
import { CALL_LIKE_EDGE_KINDS, graphTriples, NODES_SQL, type NodeRow } from "./graph-calls.js";
import { heritageReach } from "./heritage-rule.js";
import { callersAnswers, type AnsweredSite } from "./tool-answers.js";
import {
  compareTriples,
  tripleKey,
  type CallTriple,
  type Comparison,
  type Scores,
  type SiteCategory,
} from "./triples.js";

/**
 * Scores what `callers` answers on one corpus against the compiler (docs/accuracy.md):
 * - the headline: `callers <item> --depth 1` with the default dispatch, for every callee node that is a call
 *   hierarchy item, against the compiler's incoming calls, site by site with the caller;
 * - deliberate differences, each decided by a structural rule, on rows of their own;
 * - calls of non-items against go-to-definition at every call site;
 * - the stored edges alone, and the stored edges expanded through OVERRIDES by the bench (diagnostic).
 */

/** The deliberate differences, in the order a site is tested against them. */
export const DELIBERATE_RULES = {
  "x.f as a value":
    "`x.f` not called (`arr.map(this.m)`, `x.f.bind(x)`): a call for the compiler (a name after a dot); ts-graph lists it apart from the calls, as a value use, where it is a value",
  "f as a value":
    "`f` not called (`arr.map(f)`, `providers: [C]`): ts-graph lists it apart from the calls, as a value use (a callback passed, a class as a token); not a call for the compiler",
  "super()":
    "`super(...)`: ts-graph lists the base constructor's (or base class's) caller; not a call for the compiler",
  "heritage find-references does not follow":
    "reached by dispatch through a base the member's own class does not reach by find-references' walk: a heritage type that is a type alias of an intersection, a heritage expression that is a call, or an interface only a subclass names (an inherited implementation): ts-graph relates the members, find-references does not",
  decorator:
    "`@d` or `@d(…)` on a declaration: ts-graph lists the code that evaluates it (the class for a member's decorator, the enclosing scope for a class's), the compiler the decorated declaration (compared without the caller)",
  "class static block":
    "a call in a class static block: the compiler's caller is the static block, ts-graph (no node for static blocks) lists the class (compared without the caller)",
  "inherited implementation of a library member":
    "reached by dispatch through a library member (`lib:Iterator.next`) that the callee implements only as a member inherited into a subclass naming the library interface (`class Numbers extends BaseIterator implements Iterator`, BaseIterator reaching no library type): ts-graph relates them; find-references sometimes does (all 145 such sites on effect@3.22.4), sometimes not (sample-projects/resolution)",
  "sibling or lower dispatch":
    "a call of a sibling (`square.area()` for `Circle.area`, `this.query()` inside Mid for the override in Mid's sibling), of a member below (`circle.area()` for `Shape.area`), or `super.m()` for the overrides of `m` (which it never runs): the compiler counts it, `dispatch up` does not (`dispatch all` does)",
} as const;
export type DeliberateRule = keyof typeof DELIBERATE_RULES;

/** A site with what the bench knows of it. */
export interface ScoredSite extends CallTriple {
  /** For a site of ts-graph's answer: the caller node it is listed under. */
  readonly callerNode?: string;
}

export interface DeliberateRow {
  readonly rule: DeliberateRule;
  readonly comparison: Comparison;
}

export interface CorpusScore {
  /** Call hierarchy items asked by the compiler, and the ts-graph nodes `callers` was asked about for them. */
  readonly items: number;
  readonly itemNodes: number;
  readonly headline: Comparison;
  readonly byCallerKind: Comparison;
  readonly deliberate: readonly DeliberateRow[];
  /** Caller nodes of ts-graph's answers whose declaration the bench did not find in the source. */
  readonly unmappedCallers: number;
  /** False negatives whose callee has no ts-graph node. */
  readonly calleeWithoutNode: number;
  readonly nonItems: {
    readonly nodes: number;
    readonly comparison: Comparison;
    readonly byCallerKind: Comparison;
    /** Sites listed only through dispatch; go-to-definition lands on the member the call names for `confirmed` of them. */
    readonly dispatch: { readonly sites: number; readonly confirmed: number };
    /** Calls on a union-typed receiver (label "union receiver"), where go-to-definition names one member's declaration. */
    readonly unionReceiver: Scores;
    /** References (REFERENCES edges) and `super(...)` sites, where go-to-definition is not asked. */
    readonly notCalls: number;
  };
  readonly stored: { readonly edges: Comparison; readonly expanded: Comparison };
  readonly categorize: (triple: CallTriple) => SiteCategory;
}

const DIRECT_CALLEES_SQL = `SELECT target FROM edges WHERE kind IN ('CALLS', 'INSTANTIATES', 'RENDERS', 'REFERENCES')
  UNION SELECT source FROM edges WHERE kind = 'OVERRIDES' UNION SELECT source FROM external_edges WHERE kind = 'OVERRIDES'`;
const OVERRIDES_SQL = "SELECT source, target FROM edges WHERE kind = 'OVERRIDES'";

const FORM_RULES: Readonly<Record<string, DeliberateRule>> = {
  reference: "x.f as a value",
  "reference by name": "f as a value",
  "super()": "super()",
  decorator: "decorator",
};

/** Rules about who the caller is: their rows compare sites by callee and line only. */
const CALLER_RULES: ReadonlySet<DeliberateRule> = new Set(["decorator", "class static block"]);

/**
 * A site of the answer's value uses (listed apart from the calls) is a value use, whatever the bench reads at
 * its line (an aliased import, a default import under another name): `x.f` when the name follows a dot, else `f`.
 */
function referenceRule(site: AnsweredSite, form: string): DeliberateRule | undefined {
  if (site.group !== "values") return undefined;
  return form === "reference" ? "x.f as a value" : "f as a value";
}

const byCallerKind = (triple: CallTriple): SiteCategory => ({ form: triple.callerKind ?? "unknown", labels: [] });

// Long because: every measure reads the same open graph, node maps and deliberate-rule lookups built at its start; split, each phase would take them all as parameters.
export function scoreCorpus(
  dbPath: string,
  truth: GroundTruth,
  definitions: readonly DefinitionSite[],
  progress: (message: string) => void = () => {},
): CorpusScore {
  const identity = declarationIdentity(dbPath);
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const nodes = new Map((db.prepare(NODES_SQL).all() as NodeRow[]).map((node) => [node.key, node]));
    const nodesByDeclaration = new Map<string, NodeRow[]>();
    for (const node of nodes.values()) {
      const key = `${node.file}:${node.nameLine}\u0000${node.name}`;
      nodesByDeclaration.set(key, [...(nodesByDeclaration.get(key) ?? []), node]);
    }
    const declarationOf = (node: NodeRow): string => `${node.file}:${node.nameLine}`;

    // The caller item of each caller node, by the compiler's rule applied to the node's declaration.
    const callers = new Map<string, { caller: string; callerKind: string } | undefined>();
    const callerOf = (key: string): { caller: string; callerKind: string } | undefined => {
      if (!callers.has(key)) {
        const node = nodes.get(key);
        callers.set(key, node === undefined ? undefined : truth.callerOfNode(node));
      }
      return callers.get(key);
    };
    const answeredTriple = (site: AnsweredSite): ScoredSite => {
      const callee = nodes.get(site.callee) as NodeRow;
      const callerNode = nodes.get(site.caller) as NodeRow;
      const caller = callerOf(site.caller);
      return {
        callee: declarationOf(callee),
        calleeName: callee.name,
        callerFile: callerNode.file,
        line: site.line,
        caller: caller?.caller ?? `unmapped ${site.caller}`,
        callerKind: caller?.callerKind ?? callerNode.kind,
        callerNode: site.caller,
      };
    };

    // Items: the ts-graph nodes of the compiler's call hierarchy items (an overload set is one node).
    const itemNodes = new Set<NodeKey>();
    for (const item of truth.itemDeclarations) {
      for (const node of nodesByDeclaration.get(`${identity.of(item.callee, item.name)}\u0000${item.name}`) ?? [])
        itemNodes.add(node.key as NodeKey);
    }
    const formOf = (triple: CallTriple): string => truth.categorize(triple).form;
    const inStaticBlock = staticBlockLines(truth);
    const siteRule = (triple: ScoredSite): DeliberateRule | undefined =>
      FORM_RULES[formOf(triple)] ?? (inStaticBlock(triple.callerFile, triple.line) ? "class static block" : undefined);

    // --- Headline: what callers answers for items, with the default dispatch. -----------------------------
    let startedAt = performance.now();
    const phase = (name: string): void => {
      progress(`${name}: ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
      startedAt = performance.now();
    };
    const answered = callersAnswers(db, [...itemNodes], "up");
    phase(`callers (dispatch up) asked about ${itemNodes.size} items, ${answered.length} sites`);
    // `dispatch all` decides whether a compiler site the answer lacks is a sibling's or a lower member's call:
    // asked about the items with such a site only (the rule is the same for every item).
    const answeredKeys = new Set(answered.map((site) => tripleKey(answeredTriple(site))));
    const truthTriples = new Map(
      truth.triples
        .map((triple) => withCallee(triple, identity))
        .map((triple) => [tripleKey(triple), triple as ScoredSite]),
    );
    const lacking = new Set(
      [...truthTriples].filter(([key]) => !answeredKeys.has(key)).map(([, triple]) => triple.callee),
    );
    const lowerItems = [...itemNodes].filter((key) => lacking.has(declarationOf(nodes.get(key) as NodeRow)));
    const lowerDispatch = callersAnswers(db, lowerItems, "all");
    phase(
      `callers (dispatch all) asked about ${lowerItems.length} items with a compiler site the answer lacks, ${lowerDispatch.length} sites`,
    );
    const heritageRule = unfollowedHeritage(db, nodes, truth);
    const libraryRule = inheritedLibraryImplementation(nodes, truth);
    const graphRules = new Map<string, DeliberateRule | undefined>();
    const graph = new Map<string, ScoredSite>();
    for (const site of answered) {
      const triple = answeredTriple(site);
      const key = tripleKey(triple);
      const rule: DeliberateRule | undefined =
        referenceRule(site, formOf(triple)) ??
        siteRule(triple) ??
        (site.dispatch && heritageRule(site.via, site.target)
          ? "heritage find-references does not follow"
          : undefined) ??
        (site.dispatch && libraryRule(site.via, site.target)
          ? "inherited implementation of a library member"
          : undefined);
      // A site listed several ways (directly and by dispatch) is deliberate only if every way is.
      graphRules.set(key, graphRules.has(key) && graphRules.get(key) === undefined ? undefined : rule);
      graph.set(key, triple);
    }
    const upKeys = new Set(graph.keys());
    const lowerKeys = new Set(
      lowerDispatch.map((site) => tripleKey(answeredTriple(site))).filter((key) => !upKeys.has(key)),
    );
    const truthRule = (key: string, triple: CallTriple): DeliberateRule | undefined =>
      siteRule(triple) ?? graphRules.get(key) ?? (lowerKeys.has(key) ? "sibling or lower dispatch" : undefined);

    const rows = new Map<DeliberateRule, { truth: ScoredSite[]; graph: ScoredSite[] }>(
      (Object.keys(DELIBERATE_RULES) as DeliberateRule[]).map((rule) => [rule, { truth: [], graph: [] }]),
    );
    const headlineTruth: ScoredSite[] = [];
    const headlineGraph: ScoredSite[] = [];
    for (const [key, triple] of truthTriples) {
      const rule = truthRule(key, triple);
      if (rule === undefined) headlineTruth.push(triple);
      else rows.get(rule)?.truth.push(triple);
    }
    for (const [key, triple] of graph) {
      const rule = graphRules.get(key);
      if (rule === undefined) headlineGraph.push(triple);
      else rows.get(rule)?.graph.push(triple);
    }
    const headline = compareTriples(headlineTruth, headlineGraph, truth.categorize);
    phase("sites classified and compared");
    const withoutCaller = (triple: ScoredSite): ScoredSite => ({ ...triple, caller: undefined });
    const deliberate = [...rows].map(([rule, sides]) => {
      const strip = CALLER_RULES.has(rule) ? withoutCaller : (triple: ScoredSite) => triple;
      return { rule, comparison: compareTriples(sides.truth.map(strip), sides.graph.map(strip), truth.categorize) };
    });

    // --- Non-items: callers' answers against go-to-definition. ------------------------------------------
    // A Constructor is no non-item: the call hierarchy asked at a constructor answers for its class (the `new`
    // sites), an item scored above; its `super(...)` sites are the "super()" row.
    const nonItemNodes = (db.prepare(DIRECT_CALLEES_SQL).pluck().all() as string[]).filter(
      (key) => nodes.has(key) && !itemNodes.has(key as NodeKey) && nodes.get(key)?.kind !== "Constructor",
    ) as NodeKey[];
    const nonItemKeys = new Set<string>(nonItemNodes);
    const nonItemGraph: ScoredSite[] = [];
    // Go-to-definition at `x.m()` on a union-typed `x` lands on one member's declaration; ts-graph lists the
    // call for each member's. Such sites are compared on a row of their own.
    const onUnion = (triple: CallTriple): boolean => truth.categorize(triple).labels.includes("union receiver");
    const union = { truth: [] as ScoredSite[], graph: [] as ScoredSite[] };
    const dispatchSites: AnsweredSite[] = [];
    let notCalls = 0;
    for (const site of callersAnswers(db, nonItemNodes, "up")) {
      const triple = answeredTriple(site);
      // Go-to-definition is asked at the names that calls, `new`, tagged templates, decorators and JSX tags call:
      // not at a reference, nor at `super(...)`, which names no declaration.
      if (site.group === "values" || formOf(triple) === "super()") notCalls += 1;
      else if (site.dispatch) dispatchSites.push(site);
      else if (onUnion(triple)) union.graph.push(triple);
      else nonItemGraph.push(triple);
    }
    const nonItemTruth: ScoredSite[] = [];
    const definitionsAt = new Map<string, Set<string>>();
    for (const site of definitions) {
      for (const definition of site.definitions) {
        const at = `${site.file}:${site.line}:${site.caller}`;
        definitionsAt.set(
          at,
          (definitionsAt.get(at) ?? new Set()).add(`${definition.declaration}\u0000${definition.name}`),
        );
        for (const node of nodesByDeclaration.get(`${definition.declaration}\u0000${definition.name}`) ?? []) {
          if (!nonItemKeys.has(node.key)) continue;
          const triple: ScoredSite = {
            callee: declarationOf(node),
            calleeName: node.name,
            callerFile: site.file,
            line: site.line,
            caller: site.caller,
            callerKind: site.callerKind,
          };
          (onUnion(triple) ? union.truth : nonItemTruth).push(triple);
        }
      }
    }
    const confirmed = dispatchSites.filter((site) => {
      const target = nodes.get(site.target);
      const triple = answeredTriple(site);
      return (
        target !== undefined &&
        definitionsAt
          .get(`${triple.callerFile}:${site.line}:${triple.caller}`)
          ?.has(`${declarationOf(target)}\u0000${target.name}`) === true
      );
    }).length;

    phase(`non-items: callers asked about ${nonItemNodes.length} nodes`);
    // --- Diagnostic: the stored edges, alone and expanded through OVERRIDES by the bench. ---------------
    const itemDeclarations = new Set([...itemNodes].map((key) => declarationOf(nodes.get(key) as NodeRow)));
    const storedTriples = (expand: boolean): ScoredSite[] =>
      graphTriples(dbPath, CALL_LIKE_EDGE_KINDS, expand)
        .filter((triple) => itemDeclarations.has(triple.callee) && FORM_RULES[formOf(triple)] === undefined)
        .map((triple) => {
          const caller = callerOf(triple.source);
          return {
            ...triple,
            caller: caller?.caller ?? `unmapped ${triple.source}`,
            callerKind: caller?.callerKind ?? "unknown",
          };
        });
    const storedTruth = [...truthTriples.values()].filter((triple) => FORM_RULES[formOf(triple)] === undefined);

    return {
      items: truth.items,
      itemNodes: itemNodes.size,
      headline,
      byCallerKind: compareTriples(headlineTruth, headlineGraph, byCallerKind),
      deliberate,
      unmappedCallers: [...callers.values()].filter((caller) => caller === undefined).length,
      calleeWithoutNode: headline.falseNegatives.filter((triple) => !identity.nodes.has(triple.callee)).length,
      nonItems: {
        nodes: nonItemNodes.length,
        comparison: compareTriples(nonItemTruth, nonItemGraph, truth.categorize),
        byCallerKind: compareTriples(nonItemTruth, nonItemGraph, byCallerKind),
        dispatch: { sites: dispatchSites.length, confirmed },
        unionReceiver: compareTriples(union.truth, union.graph, truth.categorize).overall,
        notCalls,
      },
      stored: {
        edges: compareTriples(storedTruth, storedTriples(false), truth.categorize),
        expanded: compareTriples(storedTruth, storedTriples(true), truth.categorize),
      },
      categorize: truth.categorize,
    };
  } finally {
    db.close();
  }
}

/** Whether a line of a corpus file lies in a class static block (`static { … }`). */
function staticBlockLines(truth: GroundTruth): (file: string, line: number) => boolean {
  const byFile = new Map<string, readonly (readonly [number, number])[]>();
  return (file, line) => {
    let ranges = byFile.get(file);
    if (ranges === undefined) {
      const found: [number, number][] = [];
      const sourceFile = truth.sourceFileOf(file);
      const visit = (node: ts.Node): void => {
        if (ts.isClassStaticBlockDeclaration(node) && sourceFile !== undefined) {
          found.push([
            sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1,
            sourceFile.getLineAndCharacterOfPosition(node.end).line + 1,
          ]);
        }
        ts.forEachChild(node, visit);
      };
      if (sourceFile?.text.includes("static")) visit(sourceFile);
      ranges = found;
      byFile.set(file, ranges);
    }
    return ranges.some(([start, end]) => start <= line && line <= end);
  };
}

/**
 * Whether a dispatch site reaches the callee `via` from the member it calls (`target`) only through an
 * OVERRIDES edge whose heritage find-references does not walk (heritage-rule.ts): every path of OVERRIDES
 * edges from `via` up to `target` has such an edge. Edges of object-literal methods (a contextual type, not a
 * heritage clause) and to library members are walked like find-references walks them.
 */
/**
 * Whether a dispatch link from a member to a library member (`lib:Iterator.next`) exists only because a subclass
 * names the library interface: the member's own class reaches no library type at all through its heritage
 * clauses (find-references' walk, heritageReach), so only the subclass's `implements` relates the two. Decided
 * from the heritage syntax and the checker's types; calls play no part in it.
 */
function inheritedLibraryImplementation(
  nodes: ReadonlyMap<string, NodeRow>,
  truth: GroundTruth,
): (via: string, target: string) => boolean {
  const checker = truth.program.getTypeChecker();
  const cache = new Map<string, boolean>();
  return (via, target) => {
    if (nodes.has(target)) return false;
    const container = nodes.get(nodes.get(via)?.parentKey ?? "");
    if (container === undefined || container.kind !== "Class") return false;
    let known = cache.get(container.key);
    if (known === undefined) {
      const declaration = truth.declarationOfNode(container);
      known =
        declaration !== undefined &&
        ![...heritageReach(declaration, checker).bases].some((base) => base.getSourceFile().isDeclarationFile);
      cache.set(container.key, known);
    }
    return known;
  };
}

function unfollowedHeritage(
  db: Database.Database,
  nodes: ReadonlyMap<string, NodeRow>,
  truth: GroundTruth,
): (via: string, target: string) => boolean {
  const up = new Map<string, string[]>();
  for (const edge of db.prepare(OVERRIDES_SQL).all() as { source: string; target: string }[])
    up.set(edge.source, [...(up.get(edge.source) ?? []), edge.target]);
  const checker = truth.program.getTypeChecker();
  const edgeCache = new Map<string, boolean>();
  const followed = (member: string, base: string): boolean => {
    const id = `${member}\u0000${base}`;
    let known = edgeCache.get(id);
    if (known === undefined) {
      const container = nodes.get(nodes.get(member)?.parentKey ?? "");
      const baseContainer = nodes.get(nodes.get(base)?.parentKey ?? "");
      const containerDeclaration = container === undefined ? undefined : truth.declarationOfNode(container);
      const baseDeclaration = baseContainer === undefined ? undefined : truth.declarationOfNode(baseContainer);
      if (
        containerDeclaration === undefined ||
        baseDeclaration === undefined ||
        !(container?.kind === "Class" || container?.kind === "Interface")
      )
        known = true;
      else known = heritageReach(containerDeclaration, checker).bases.has(baseDeclaration);
      edgeCache.set(id, known);
    }
    return known;
  };
  const reaches = (via: string, target: string, walks: (member: string, base: string) => boolean): boolean => {
    const seen = new Set<string>([via]);
    const queue = [via];
    while (queue.length > 0) {
      const member = queue.pop() as string;
      for (const base of up.get(member) ?? []) {
        if (seen.has(base) || !walks(member, base)) continue;
        if (base === target) return true;
        seen.add(base);
        queue.push(base);
      }
    }
    return false;
  };
  // Library members are reached through external OVERRIDES edges of a project member: find-references walks those.
  return (via, target) => nodes.has(target) && reaches(via, target, () => true) && !reaches(via, target, followed);
}
