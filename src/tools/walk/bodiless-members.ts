import type { SqliteDb } from "../../db/open-graph-db.js";
import { closure, dispatchMap, dispatchReaches } from "./dispatch-map.js";
import type { ReachedNode, WalkDirection } from "./graph-walk.js";
import type { Dispatch } from "../inputs/query-inputs.js";
import { preparedStatements } from "../prepared-statements.js";
import type { DispatchFacts } from "../answer/reach-report.js";

/**
 * Members without a body: an abstract method or property, and every member of an interface. A call of one
 * never runs it: it runs one of the members that override or implement it (dispatch). The call queries
 * say so (`no body: dispatches to Circle.area, Square.area`) instead of listing such a member as code that runs.
 */
const statements = preparedStatements({
  withoutBody: `SELECT n.key FROM json_each(@keys) k CROSS JOIN nodes n ON n.key = k.value LEFT JOIN nodes p ON p.key = n.parent_key
    WHERE n.kind IN ('Method', 'Property') AND (p.kind = 'Interface' OR ' ' || n.modifiers || ' ' GLOB '* abstract *')`,
});

/** Of these keys, the members without a body (library keys and other kinds are never among them). */
export function membersWithoutBody(db: SqliteDb, keys: Iterable<string>): Set<string> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return new Set();
  const rows = statements(db).withoutBody.all({ keys: JSON.stringify(wanted) }) as { key: string }[];
  return new Set(rows.map((row) => row.key));
}

/**
 * For each member reached: the graph's members with a body that override or implement it, transitively (an
 * abstract member in between is passed through), that the calls reaching it may run (their receivers:
 * dispatch-map.ts, dispatchReaches; any of them with `all`, the compiler's set), and the nodes holding an object
 * literal's function that implements one of those (HOLDS_IMPLEMENTATION), sorted by key.
 */
function dispatchTargets(db: SqliteDb, members: readonly ReachedNode[], dispatch: Dispatch): Map<string, string[]> {
  const map = dispatchMap(db);
  const below = new Map(
    members.map((member) => {
      const receivers = dispatch === "all" ? undefined : receiversOf(member);
      const overriding = closure([member.key], map.overriddenBy);
      const keys = [...overriding].filter(
        (key) => key !== member.key && dispatchReaches(map, member.key, key, receivers),
      );
      const holders = [...overriding].flatMap((key) => map.heldBy.get(key) ?? []);
      return [member.key, [...new Set([...keys, ...holders])]];
    }),
  );
  const bodiless = membersWithoutBody(db, [...below.values()].flat());
  return new Map([...below].map(([member, keys]) => [member, keys.filter((key) => !bodiless.has(key)).sort()]));
}

/** The receiver classes of every call reaching a node (WalkLink.receivers), or undefined when one may run any override. */
function receiversOf(node: ReachedNode): readonly string[] | undefined {
  const union = new Set<string>();
  for (const link of node.links) {
    if (link.receivers === undefined) return undefined;
    for (const receiver of link.receivers) union.add(receiver);
  }
  return [...union];
}

/**
 * What members without a body change in a walk's answer: which declarations named by its dispatch links have
 * no body, and walking out (callees), which reached nodes have none, with what a call of each runs instead.
 */
export function dispatchFacts(
  db: SqliteDb,
  nodes: readonly ReachedNode[],
  direction: WalkDirection,
  dispatch: Dispatch,
): DispatchFacts {
  const named = nodes.flatMap((node) => node.links.filter((link) => link.dispatch).map((link) => link.target));
  const reached = direction === "out" ? nodes.map((node) => node.key) : [];
  const withoutBody = membersWithoutBody(db, [...named, ...reached]);
  const bodilessReached = direction === "out" ? nodes.filter((node) => withoutBody.has(node.key)) : [];
  return {
    withoutBody,
    dispatchesTo: bodilessReached.length === 0 ? new Map() : dispatchTargets(db, bodilessReached, dispatch),
  };
}
