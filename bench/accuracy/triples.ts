/**
 * A call site as (callee declaration, caller file, call-site line): the unit both the compiler's call
 * hierarchy and ts-graph's edges are compared in.
 */
export interface CallTriple {
  /** The callee's declaration: `<file>:<line of its name>`, file relative to the corpus root. */
  readonly callee: string;
  readonly calleeName: string;
  readonly callerFile: string;
  readonly line: number;
  /**
   * The caller item by the compiler's rule (caller-rule.ts): `<file>` for top-level code, else
   * `<file>:<line of its name>`. When set, it is part of the triple's key: a site attributed to another
   * caller is another site.
   */
  readonly caller?: string;
  /** The caller item's kind (caller-rule.ts `callerKindOf`). */
  readonly callerKind?: string;
}

/** How a call site is written, and what it goes through. */
export interface SiteCategory {
  /**
   * f(), obj.m(), this.m(), super.m(), super(), new C(), a?.b(), JSX, tagged template, decorator, reference
   * (`x.f` not called), reference by name (`f` not called), accessor, other.
   */
  readonly form: string;
  /** Extra facts: "in callback", "via interface/abstract", "via re-export/default import", "union receiver". */
  readonly labels: readonly string[];
}

export function tripleKey(triple: CallTriple): string {
  return `${triple.callee}|${triple.caller ?? triple.callerFile}|${triple.line}`;
}

export interface Counts {
  readonly truth: number;
  readonly graph: number;
  readonly matched: number;
}

export interface Scores extends Counts {
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

export function scores(counts: Counts): Scores {
  const precision = counts.graph === 0 ? 1 : counts.matched / counts.graph;
  const recall = counts.truth === 0 ? 1 : counts.matched / counts.truth;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...counts, precision, recall, f1 };
}

export interface Comparison {
  readonly overall: Scores;
  readonly byCategory: ReadonlyMap<string, Scores>;
  readonly falseNegatives: readonly CallTriple[];
  readonly falsePositives: readonly CallTriple[];
}

/**
 * Compares ts-graph's triples with the compiler's. A triple's categories are those of its site
 * (its form and each label); a triple counts once in every category it has.
 */
export function compareTriples(
  truth: readonly CallTriple[],
  graph: readonly CallTriple[],
  categoryOf: (triple: CallTriple) => SiteCategory,
): Comparison {
  const truthKeys = new Map(truth.map((triple) => [tripleKey(triple), triple]));
  const graphKeys = new Map(graph.map((triple) => [tripleKey(triple), triple]));
  const perCategory = new Map<string, { truth: number; graph: number; matched: number }>();
  const bump = (triple: CallTriple, field: "truth" | "graph" | "matched"): void => {
    const category = categoryOf(triple);
    for (const name of [category.form, ...category.labels]) {
      const entry = perCategory.get(name) ?? { truth: 0, graph: 0, matched: 0 };
      entry[field] += 1;
      perCategory.set(name, entry);
    }
  };
  const falseNegatives: CallTriple[] = [];
  const falsePositives: CallTriple[] = [];
  let matched = 0;
  for (const [key, triple] of truthKeys) {
    bump(triple, "truth");
    if (graphKeys.has(key)) {
      matched += 1;
      bump(triple, "matched");
    } else falseNegatives.push(triple);
  }
  for (const [key, triple] of graphKeys) {
    bump(triple, "graph");
    if (!truthKeys.has(key)) falsePositives.push(triple);
  }
  return {
    overall: scores({ truth: truthKeys.size, graph: graphKeys.size, matched }),
    byCategory: new Map(
      [...perCategory].sort((a, b) => b[1].truth - a[1].truth).map(([name, counts]) => [name, scores(counts)]),
    ),
    falseNegatives,
    falsePositives,
  };
}
