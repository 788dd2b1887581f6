import {
  firstOfEachGroup,
  folderGroupOf,
  groupsOf,
  question,
  type NextQuestion,
  type ReachSummary,
} from "../answer/reach-summary.js";
import { IMPACT_DEFAULTS } from "./options.js";
import type { Dependant, ImpactResult } from "./query.js";

/** An impact answer too large to list whole: its summary, and which dependants it shows for a number shown. */
export interface ImpactSummary {
  readonly summary: ReachSummary;
  /** The first `shown` dependants to list: the first of each member (a symbol with members) or folder. */
  readonly take: (shown: number) => readonly Dependant[];
  /** `member` or `folder`: what the dependants shown are the first of. */
  readonly groupedBy: "member" | "folder";
}

/** The question asked, with some of its inputs changed, and how many dependants it answers. */
function impactAsk(
  result: ImpactResult,
  changed: { symbol?: string; depth?: number; kinds?: string; dispatch?: string; within?: string },
  entries?: number,
): NextQuestion {
  const inputs = {
    symbol: changed.symbol ?? result.symbol.key,
    depth: changed.depth ?? result.depth,
    dispatch: changed.dispatch ?? result.dispatch,
    tests: result.testFilter,
    kinds: changed.kinds ?? result.kinds,
    in: changed.within ?? result.within,
  };
  return { ...question("impact", inputs, IMPACT_DEFAULTS), ...(entries === undefined ? {} : { entries }) };
}

/**
 * The summary of an impact answer: per member (when the symbol has members) and per folder, and the narrower
 * questions: the members that bring the most dependants, the folder that holds the most, runtime dependants
 * only, one step less, no dispatch.
 */
export function impactSummary(result: ImpactResult): ImpactSummary {
  const { dependants } = result;
  const byFolder = folderGroupOf(dependants.map((node) => node.file));
  const folders = groupsOf(dependants, (node) => byFolder(node.file));
  const memberOf = result.members > 0 ? (node: Dependant) => result.throughMember.get(node.key) ?? node.key : undefined;
  const members = memberOf === undefined ? undefined : groupsOf(dependants, memberOf);
  const next: NextQuestion[] = [];
  for (const member of members?.listed.slice(0, 2) ?? []) {
    if (member.name !== result.symbol.key && member.entries < dependants.length) {
      next.push(impactAsk(result, { symbol: member.name }, member.entries));
    }
  }
  const [folder] = folders.listed;
  if (folder !== undefined && folder.entries > 1 && folder.entries < dependants.length) {
    next.push(impactAsk(result, { within: folder.name.replace(/\/$/, "") }, folder.entries));
  }
  const runtime = dependants.filter((node) => node.use === "runtime").length;
  if (result.kinds === "all" && runtime > 0 && runtime < dependants.length)
    next.push(impactAsk(result, { kinds: "runtime" }, runtime));
  if (result.depth > 1) {
    const nearer = dependants.filter((node) => node.depth < result.depth).length;
    if (nearer < dependants.length) next.push(impactAsk(result, { depth: result.depth - 1 }, nearer));
  }
  if (result.dispatch !== "none" && dependants.some((node) => node.throughDispatch))
    next.push(impactAsk(result, { dispatch: "none" }));
  const summary: ReachSummary = {
    ...(members === undefined ? {} : { members: members.listed, otherMembers: members.other }),
    folders: folders.listed,
    otherFolders: folders.other,
    next,
  };
  return {
    summary,
    take: firstOfEachGroup(dependants, memberOf ?? ((node) => byFolder(node.file))),
    groupedBy: memberOf === undefined ? "folder" : "member",
  };
}
