import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { rgPath } from "@vscode/ripgrep";
import { countTokens } from "../../src/tools/answer/token-count.js";
import { enclosingDeclaration } from "./enclosing.js";
import { declarationItem } from "./items.js";

/**
 * The scripted grep/sed agent: a fixed strategy per task kind, run with ripgrep (@vscode/ripgrep, as `search`
 * uses) over the corpus's source files, counting the o200k tokens of every output it reads (ripgrep's lines,
 * and the `sed -n 'head,hit p'` lines it reads to see which declaration holds a match).
 */
export interface GrepAnswer {
  readonly items: readonly string[];
  readonly tokens: number;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const lastName = (item: string): string =>
  item
    .slice(item.indexOf("#") + 1)
    .split(".")
    .pop() ?? "";

export class GrepAgent {
  private tokens = 0;
  private readonly lines = new Map<string, string[]>();

  constructor(
    private readonly root: string,
    private readonly files: readonly string[],
  ) {}

  private read(text: string): void {
    this.tokens += countTokens(text);
  }

  /** `rg -n PATTERN <files>`: matches as [file, 1-based line, text]. */
  private rg(pattern: string, onlyFilesWithMatches = false): string[] {
    let out = "";
    try {
      out = execFileSync(
        rgPath,
        [onlyFilesWithMatches ? "-l" : "-n", "--no-heading", "--with-filename", "-e", pattern, "--", ...this.files],
        {
          cwd: this.root,
          encoding: "utf8",
          maxBuffer: 256 * 1024 * 1024,
        },
      );
    } catch (error) {
      // Exit code 1: no match.
      if ((error as { status?: number }).status !== 1) throw error;
    }
    this.read(out);
    return out.split("\n").filter((line) => line !== "");
  }

  private fileLines(file: string): string[] {
    let lines = this.lines.get(file);
    if (lines === undefined) {
      lines = fs.readFileSync(path.join(this.root, file), "utf8").split("\n");
      this.lines.set(file, lines);
    }
    return lines;
  }

  /** The declarations holding the matches of a pattern, reading each from its head to the match; definitions of `name` skipped. */
  private holders(pattern: string, name: string): string[] {
    const found = new Set<string>();
    for (const hit of this.rg(pattern)) {
      const match = /^(.+?):(\d+):(.*)$/.exec(hit);
      if (match?.[1] === undefined || match[2] === undefined) continue;
      const file = match[1];
      const text = match[3] ?? "";
      if (/^\s*(?:import|export\s+(?:\*|\{[^}]*\}\s*from))\b/.test(text)) continue;
      const lines = this.fileLines(file);
      const index = Number(match[2]) - 1;
      const holder = enclosingDeclaration(lines, index);
      if (holder.declaredAt === index && holder.name?.split(".").pop() === name) continue;
      this.read(lines.slice(holder.head, index + 1).join("\n"));
      found.add(holder.name === undefined ? file : declarationItem(file, holder.name));
    }
    return [...found];
  }

  private walk(start: string, depth: number, step: (name: string) => string[]): string[] {
    const found = new Set<string>();
    let frontier = [start];
    const asked = new Set<string>();
    for (let level = 0; level < depth; level += 1) {
      const next: string[] = [];
      for (const item of frontier) {
        const name = lastName(item);
        if (!item.includes("#") || asked.has(name)) continue;
        asked.add(name);
        for (const reached of step(name)) {
          if (reached === start || found.has(reached)) continue;
          found.add(reached);
          next.push(reached);
        }
      }
      frontier = next;
    }
    return [...found].sort();
  }

  private answer(items: readonly string[]): GrepAnswer {
    const tokens = this.tokens;
    this.tokens = 0;
    return { items, tokens };
  }

  /** Callers: `rg -n '\bNAME\s*(<…>)?\('` (and `new NAME`), the holder of each match, again for each holder's name, to `depth`. */
  callers(item: string, depth: number): GrepAnswer {
    const step = (name: string): string[] =>
      this.holders(`(\\b${escapeRegExp(name)}\\s*(<[^>]*>)?\\(|new\\s+${escapeRegExp(name)}\\b)`, name);
    return this.answer(this.walk(item, depth, step));
  }

  /** Blast radius: `rg -nw NAME`, the holder of each match (imports and re-exports skipped), again for each holder, to `depth`. */
  dependants(item: string, depth: number): GrepAnswer {
    const step = (name: string): string[] => this.holders(`\\b${escapeRegExp(name)}\\b`, name);
    return this.answer(this.walk(item, depth, step).filter((found) => !this.isTest(found)));
  }

  /** Path from A to B: the callers strategy from B back to `depth` steps, keeping the holders on a chain that starts at A. */
  pathNodes(from: string, to: string, depth: number): GrepAnswer {
    const callersOf = new Map<string, string[]>();
    const distanceTo = new Map<string, number>([[to, 0]]);
    let frontier = [to];
    const fromName = lastName(from);
    for (let level = 1; level <= depth && frontier.length > 0 && !distanceTo.has(from); level += 1) {
      const next: string[] = [];
      for (const item of frontier) {
        const name = lastName(item);
        if (!item.includes("#")) continue;
        const callers = this.holders(`\\b${escapeRegExp(name)}\\s*(<[^>]*>)?\\(`, name);
        callersOf.set(item, callers);
        for (const caller of callers) {
          if (distanceTo.has(caller)) continue;
          distanceTo.set(caller, level);
          next.push(caller);
        }
      }
      frontier = next.filter((item) => lastName(item) !== fromName || item === from);
    }
    const onPath = new Set<string>();
    const climb = (item: string): void => {
      if (onPath.has(item)) return;
      onPath.add(item);
      for (const [callee, callers] of callersOf)
        if (callers.includes(item) && (distanceTo.get(callee) ?? 99) < (distanceTo.get(item) ?? 0)) climb(callee);
    };
    if (distanceTo.has(from)) climb(from);
    return this.answer([...onPath].sort());
  }

  /** Subtypes: `rg -n '(extends|implements)[^{]*\bNAME\b'`, the class or interface declared on each line, again for each. */
  subtypes(item: string): GrepAnswer {
    const found = new Set<string>();
    const queue = [lastName(item)];
    const asked = new Set<string>();
    while (queue.length > 0) {
      const name = queue.shift() ?? "";
      if (asked.has(name)) continue;
      asked.add(name);
      for (const hit of this.rg(`(extends|implements)[^{]*\\b${escapeRegExp(name)}\\b`)) {
        const match = /^(.+?):\d+:.*?\b(?:class|interface)\s+([\w$]+)/.exec(hit);
        if (match?.[1] === undefined || match[2] === undefined) continue;
        const sub = declarationItem(match[1], match[2]);
        if (!found.has(sub) && sub !== item) {
          found.add(sub);
          queue.push(match[2]);
        }
      }
    }
    return this.answer([...found].sort());
  }

  /** Exports: `rg -n '^export' FILE`, names from each line; `export * from` followed into the module it names. */
  exportsOf(file: string): GrepAnswer {
    const names = new Set<string>();
    const seen = new Set<string>();
    const visit = (current: string, star: boolean): void => {
      if (seen.has(current)) return;
      seen.add(current);
      const hits = this.rgIn(current, "^export\\b");
      for (const hit of hits) {
        const text = hit.replace(/^\d+:/, "");
        const from = /from\s+["']([^"']+)["']/.exec(text)?.[1];
        if (/^export\s+\*\s+from/.test(text) && from !== undefined) {
          const target = resolveRelative(this.root, current, from);
          if (target !== undefined) visit(target, true);
          continue;
        }
        const list = /^export\s+(?:type\s+)?\{([^}]*)\}/.exec(text)?.[1];
        if (list !== undefined) {
          for (const part of list.split(",")) {
            const name = part
              .trim()
              .split(/\s+as\s+/)
              .pop()
              ?.replace(/^type\s+/, "");
            if (name) names.add(name);
          }
          continue;
        }
        const starAs = /^export\s+\*\s+as\s+([\w$]+)/.exec(text)?.[1];
        if (starAs !== undefined) names.add(starAs);
        else if (/^export\s+default\b/.test(text)) {
          if (!star) names.add("default");
        } else {
          const declared =
            /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\s*\*?|class|interface|type|enum|namespace|const|let|var)\s+([\w$]+)/.exec(
              text,
            )?.[1];
          if (declared !== undefined) names.add(declared);
        }
      }
    };
    visit(file, false);
    return this.answer([...names].sort());
  }

  private rgIn(file: string, pattern: string): string[] {
    let out = "";
    try {
      out = execFileSync(rgPath, ["-n", "--no-heading", "-e", pattern, "--", file], {
        cwd: this.root,
        encoding: "utf8",
      });
    } catch (error) {
      if ((error as { status?: number }).status !== 1) throw error;
    }
    this.read(out);
    return out.split("\n").filter((line) => line !== "");
  }

  isTest(item: string): boolean {
    return /\.(?:test|spec)\.[cm]?tsx?(?:#|$)/.test(item);
  }

  /** Tests to run: `rg -l` for files importing the file by its base name, again for each importer; the test files among them. */
  testsImporting(file: string): GrepAnswer {
    const found = new Set<string>();
    const queue = [file];
    const seen = new Set(queue);
    while (queue.length > 0) {
      const current = queue.shift() ?? "";
      const base = path.posix.basename(current).replace(/\.[cm]?tsx?$/, "");
      const stem = base === "index" ? path.posix.basename(path.posix.dirname(current)) : base;
      for (const importer of this.rg(`from\\s+["'][^"']*\\b${escapeRegExp(stem)}(\\.js|\\.ts)?["']`, true)) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        queue.push(importer);
        if (this.isTest(importer)) found.add(importer);
      }
    }
    return this.answer([...found].sort());
  }
}

function resolveRelative(root: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = path.posix.join(path.posix.dirname(from), specifier).replace(/\.[cm]?js$/, "");
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, specifier.endsWith(".ts") ? base : ""]) {
    if (candidate !== "" && fs.existsSync(path.join(root, candidate))) return candidate;
  }
  return undefined;
}
