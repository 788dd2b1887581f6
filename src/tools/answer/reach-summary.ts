import { shortName } from "./reach-report.js";

/**
 * The summary of a walk's answer that is too large to list whole (impact, callers): how many entries each
 * group holds (each member of the symbol asked about, each folder), which entries to show (the first of
 * every group, not the first of the walk), and the questions that list one group whole.
 */

/** What the summary needs of an entry: where it is, how far, and what it came through. */
export interface SummarisedEntry {
  readonly key: string;
  readonly file: string;
  readonly depth: number;
  readonly links: readonly { readonly via: string }[];
}

/** One group of the answer's entries and how many it holds. */
export interface SummaryGroup {
  /** A member's key, or a folder (with a trailing `/`) or file path. */
  readonly name: string;
  readonly entries: number;
  readonly files: number;
}

/** A narrower question and how many entries its answer has, when known. */
export interface NextQuestion {
  /** The command line. */
  readonly ask: string;
  /** The same question as the tool's inputs (MCP arguments): the symbol and every input not at its default. */
  readonly input: Readonly<Record<string, string | number>>;
  readonly entries?: number;
}

/**
 * A question to a walk tool: its inputs without those at their default (and without an empty `in`), and
 * its command line (`impact src/a.ts:A --depth 2 --in src/tools`).
 */
export function question(
  tool: string,
  inputs: Readonly<Record<string, string | number>>,
  defaults: Readonly<Record<string, string | number>>,
): Pick<NextQuestion, "ask" | "input"> {
  const input = Object.fromEntries(
    Object.entries(inputs).filter(([name, value]) => defaults[name] !== value && !(name === "in" && value === "")),
  );
  const options = Object.entries(input)
    .filter(([name]) => name !== "symbol")
    .map(([name, value]) => `--${name} ${shellArgument(String(value))}`);
  return { ask: [`${tool} ${shellArgument(String(input.symbol))}`, ...options].join(" "), input };
}

/** The summary of an answer that is cut (`summary` of the impact and callers answers). */
export interface ReachSummary {
  /** For a symbol with members (class, interface, file …): the entries each member brings, the most first. */
  readonly members?: readonly SummaryGroup[];
  /** The entries in each folder (or file, when they share one folder), the most first. */
  readonly folders: readonly SummaryGroup[];
  /** Groups left out of `members` and `folders` (the smallest), and their entries. */
  readonly otherMembers?: { readonly groups: number; readonly entries: number };
  readonly otherFolders: { readonly groups: number; readonly entries: number };
  readonly next: readonly NextQuestion[];
}

/** Groups listed at most per kind; the rest are counted together. */
const LISTED_GROUPS = 8;

/** `src/tools/x.ts` is under `src/tools` and under itself; everything is under "" (the root). */
export function isUnder(file: string, folder: string): boolean {
  return folder === "" || file === folder || file.startsWith(`${folder}/`);
}

/** The folder every file lies in ("" when they share none). */
function commonFolder(files: readonly string[]): string {
  const [first, ...rest] = files.map((file) => file.split("/").slice(0, -1));
  if (first === undefined) return "";
  let length = first.length;
  for (const parts of rest) {
    let same = 0;
    while (same < Math.min(length, parts.length) && parts[same] === first[same]) same++;
    length = same;
  }
  return first.slice(0, length).join("/");
}

/**
 * The group of each file: the folder one level below the folder they all share (`src/tools/`), or the file
 * itself when it lies in that shared folder.
 */
export function folderGroupOf(files: readonly string[]): (file: string) => string {
  const common = commonFolder(files);
  const depth = common === "" ? 0 : common.split("/").length;
  return (file) => {
    const parts = file.split("/");
    return parts.length > depth + 1 ? `${parts.slice(0, depth + 1).join("/")}/` : file;
  };
}

/**
 * The member of the symbol each entry comes through: a direct entry's first link names a member (or the
 * symbol itself), a farther entry's names an entry one step closer, whose member it takes.
 */
export function memberGroupOf(entries: readonly SummarisedEntry[]): (entry: SummarisedEntry) => string {
  const byKey = new Map(entries.map((entry) => [entry.key, entry]));
  const memberOf = new Map<string, string>();
  const member = (entry: SummarisedEntry): string => {
    const known = memberOf.get(entry.key);
    if (known !== undefined) return known;
    const via = entry.links[0]?.via ?? entry.key;
    const closer = byKey.get(via);
    const found = closer !== undefined && closer.depth < entry.depth ? member(closer) : via;
    memberOf.set(entry.key, found);
    return found;
  };
  return member;
}

/** The groups of the entries, the largest first, and the rest counted together. */
export function groupsOf<E extends SummarisedEntry>(
  entries: readonly E[],
  groupOf: (entry: E) => string,
): { readonly listed: SummaryGroup[]; readonly other: { readonly groups: number; readonly entries: number } } {
  const groups = new Map<string, { entries: number; files: Set<string> }>();
  for (const entry of entries) {
    const name = groupOf(entry);
    const group = groups.get(name) ?? { entries: 0, files: new Set<string>() };
    group.entries++;
    group.files.add(entry.file);
    groups.set(name, group);
  }
  const sorted = [...groups]
    .map(([name, group]) => ({ name, entries: group.entries, files: group.files.size }))
    .sort((a, b) => b.entries - a.entries || a.name.localeCompare(b.name));
  const rest = sorted.slice(LISTED_GROUPS);
  return {
    listed: sorted.slice(0, LISTED_GROUPS),
    other: { groups: rest.length, entries: rest.reduce((sum, group) => sum + group.entries, 0) },
  };
}

/**
 * The order in which a cut answer takes its entries: the first entry of every group, then the second of
 * every group, and so on (each group's in the walk's order, nearest first). `take(shown)` gives the first
 * `shown` in that order, back in the walk's order.
 */
export function firstOfEachGroup<E>(entries: readonly E[], groupOf: (entry: E) => string): (shown: number) => E[] {
  const rankInGroup = new Map<string, number>();
  const ranked = entries.map((entry, index) => {
    const group = groupOf(entry);
    const rank = rankInGroup.get(group) ?? 0;
    rankInGroup.set(group, rank + 1);
    return { index, rank };
  });
  const order = ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((item) => item.index);
  return (shown) =>
    order
      .slice(0, shown)
      .sort((a, b) => a - b)
      .flatMap((index) => {
        const entry = entries[index];
        return entry === undefined ? [] : [entry];
      });
}

/** An argument as a shell reads it back: quoted when it holds anything but path and name characters. */
function shellArgument(value: string): string {
  return /^[\w./:@#+-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** `by member: Cart.total 12 · Cart.add 3 · +2 more (2)` and `by folder: src/tools/ 40 in 12 files · …`. */
export function summaryLines(summary: ReachSummary): string[] {
  const line = (
    title: string,
    groups: readonly SummaryGroup[],
    other: { groups: number; entries: number },
    files: boolean,
  ): string => {
    const parts = groups.map(
      (group) =>
        `${title === "member" ? shortName(group.name) : group.name} ${group.entries}${files && group.files > 1 && group.files < group.entries ? ` in ${group.files} files` : ""}`,
    );
    if (other.groups > 0) parts.push(`+${other.groups} more (${other.entries})`);
    return `by ${title}: ${parts.join(" · ")}`;
  };
  const lines: string[] = [];
  if (summary.members !== undefined)
    lines.push(line("member", summary.members, summary.otherMembers ?? { groups: 0, entries: 0 }, false));
  lines.push(line("folder", summary.folders, summary.otherFolders, true));
  return lines;
}

/** `impact src/a.ts:A.m (40) · impact src/a.ts:A --in src/tools/ (45) · or raise --max-nodes / --max-tokens`. */
export function nextQuestionsText(next: readonly NextQuestion[]): string {
  return [
    ...next.map((question) => `${question.ask}${question.entries === undefined ? "" : ` (${question.entries})`}`),
    "or raise --max-nodes / --max-tokens",
  ].join(" · ");
}
