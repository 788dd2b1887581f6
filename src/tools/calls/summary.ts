import type { WalkDirection } from "../walk/graph-walk.js";
import {
  firstOfEachGroup,
  folderGroupOf,
  groupsOf,
  isUnder,
  question,
  type NextQuestion,
  type ReachSummary,
} from "../answer/reach-summary.js";
import { CALLS_DEFAULTS } from "./options.js";
import type { CallEntry, CallsResult } from "./query.js";

const COMMAND: Record<WalkDirection, string> = { in: "callers", out: "callees" };

/** The answer with only the entries in a folder or file ("" keeps them all); the walk went through the rest. */
export function callsWithin(result: CallsResult, within: string): CallsResult {
  if (within === "") return result;
  const entries = result.entries.filter((entry) => isUnder(entry.file, within));
  const testEntries = result.testEntries.filter((entry) => isUnder(entry.file, within));
  return {
    ...result,
    entries,
    testEntries,
    files: new Set([...entries, ...testEntries].map((entry) => entry.file)).size,
  };
}

/** A callers or callees answer too large to list whole: its summary, and which entries it shows for a number shown. */
export interface CallsSummary {
  readonly summary: ReachSummary;
  /** The first `shown` entries (outside tests, then in tests) to list: the first of each folder. */
  readonly take: (shown: number) => {
    readonly entries: readonly CallEntry[];
    readonly testEntries: readonly CallEntry[];
  };
}

/** The question asked, with some of its inputs changed, and how many entries it answers. */
function callsAsk(
  result: CallsResult,
  within: string,
  changed: { depth?: number; dispatch?: string; tests?: string; within?: string },
  entries?: number,
): NextQuestion {
  const inputs = {
    symbol: result.symbol.key,
    depth: changed.depth ?? result.depth,
    dispatch: changed.dispatch ?? result.dispatch,
    tests: changed.tests ?? result.tests,
    in: changed.within ?? within,
  };
  return {
    ...question(COMMAND[result.direction], inputs, CALLS_DEFAULTS),
    ...(entries === undefined ? {} : { entries }),
  };
}

/**
 * The summary of a callers or callees answer: its entries per folder (tests included), and the narrower
 * questions: the folder that holds the most, no tests, one step less, no dispatch.
 */
export function callsSummary(result: CallsResult, within: string): CallsSummary {
  const all = [...result.entries, ...result.testEntries];
  const byFolder = folderGroupOf(all.map((entry) => entry.file));
  const folders = groupsOf(all, (entry) => byFolder(entry.file));
  const next: NextQuestion[] = [];
  const [folder] = folders.listed;
  if (folder !== undefined && folder.entries > 1 && folder.entries < all.length) {
    next.push(callsAsk(result, within, { within: folder.name.replace(/\/$/, "") }, folder.entries));
  }
  if (result.testEntries.length > 0 && result.entries.length > 0) {
    next.push(callsAsk(result, within, { tests: "exclude" }, result.entries.length));
  }
  if (result.depth > 1) {
    const nearer = all.filter((entry) => entry.depth < result.depth).length;
    if (nearer < all.length) next.push(callsAsk(result, within, { depth: result.depth - 1 }, nearer));
  }
  if (result.dispatch !== "none" && all.some((entry) => entry.throughDispatch))
    next.push(callsAsk(result, within, { dispatch: "none" }));
  const take = firstOfEachGroup(all, (entry) => byFolder(entry.file));
  const outsideTests = new Set(result.entries);
  return {
    summary: { folders: folders.listed, otherFolders: folders.other, next },
    take: (shown) => {
      const taken = take(shown);
      return {
        entries: taken.filter((entry) => outsideTests.has(entry)),
        testEntries: taken.filter((entry) => !outsideTests.has(entry)),
      };
    },
  };
}
