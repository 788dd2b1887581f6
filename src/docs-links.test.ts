import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The documentation's relative links lead somewhere: every `[text](target)` of README.md, docs/ (ADRs included)
 * and the folders' README.md files names a file that exists and, for `file.md#anchor`, a heading of that file,
 * as GitHub spells its anchors. Moving a section of a page breaks the links to it; this names each one.
 */
const REPO = path.join(import.meta.dirname, "..");

function markdownFiles(): string[] {
  const docs = (folder: string): string[] =>
    fs
      .readdirSync(path.join(REPO, folder), { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory()
          ? docs(path.join(folder, entry.name))
          : entry.name.endsWith(".md")
            ? [path.join(folder, entry.name)]
            : [],
      );
  const readmes = (folder: string): string[] =>
    fs
      .readdirSync(path.join(REPO, folder), { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory()
          ? readmes(path.join(folder, entry.name))
          : entry.name === "README.md"
            ? [path.join(folder, entry.name)]
            : [],
      );
  return ["README.md", ...docs("docs"), ...readmes("src")];
}

/** The lines outside fenced code blocks. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split("\n").filter((line) => {
    if (line.trimStart().startsWith("```")) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; a repeated one gets `-1`, `-2`… */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of proseLines(text)) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_\- ]/gu, "")
      .replace(/ /g, "-");
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n += 1) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const text = fs.readFileSync(path.join(REPO, file), "utf8");
  const broken: string[] = [];
  for (const line of proseLines(text)) {
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1] ?? "";
      if (/^[a-z]+:/i.test(target)) continue;
      const [linked = "", anchor] = target.split("#");
      const resolved = linked === "" ? path.join(REPO, file) : path.join(REPO, path.dirname(file), linked);
      if (!fs.existsSync(resolved)) broken.push(`${target} (no such file)`);
      else if (
        anchor !== undefined &&
        resolved.endsWith(".md") &&
        !anchorsOf(fs.readFileSync(resolved, "utf8")).has(anchor)
      )
        broken.push(`${target} (no such heading)`);
    }
  }
  return broken;
}

describe("the documentation's links", () => {
  it.each(markdownFiles())("%s links only to files and headings that exist", (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it("reads a heading's anchor as GitHub does", () => {
    expect([...anchorsOf("## Navigation tools (`npm run bench:find`)\n### Dispatch\n### Dispatch\n")]).toEqual([
      "navigation-tools-npm-run-benchfind",
      "dispatch",
      "dispatch-1",
    ]);
  });
});
