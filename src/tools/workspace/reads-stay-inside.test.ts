import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openCliToolContext, type CliToolContext } from "../../cli/cli-tool-context.js";
import { makeTempDir, removeTempDirs } from "../../test-support/fixtures.js";
import { writeProject } from "../../test-support/incremental.js";
import { openIndexedContext, rejection, runTool } from "../../test-support/tool-harness.js";
import { listTool } from "../list/handler.js";
import { openInside } from "./open-inside.js";
import type { PathValidator } from "../inputs/path-validator.js";
import { createSearchTool, searchTool } from "../search/handler.js";
import { locateRipgrep } from "../search/ripgrep.js";
import type { ToolContext } from "../tool-contract.js";
import { ToolInputError } from "../tool-errors.js";
import { zoomTool } from "../zoom/handler.js";

/**
 * No read leaves the root, even when a file is swapped for a symbolic link between the validator's check and the
 * tool's open: the swap is injected through the context's validator (it happens right after validation returns),
 * so the race is won every time instead of once in hundreds of runs. Git's folder and ts-graph's database are
 * refused or hidden by every read tool.
 */

const SECRET = "TOKEN-FROM-OUTSIDE";
let root: string;
let outside: string;
let context: CliToolContext;

beforeAll(async () => {
  root = writeProject({
    "src/a.ts": "export const a = 1; // inside\n",
    "src/notes.txt": "inside notes\n",
    "docs/readme.txt": "inside readme\n",
  });
  outside = makeTempDir("ts-graph-outside-");
  fs.writeFileSync(path.join(outside, "notes.txt"), `${SECRET}\n`);
  fs.writeFileSync(path.join(outside, "readme.txt"), `${SECRET}\n`);
  fs.mkdirSync(path.join(root, ".git"));
  fs.writeFileSync(
    path.join(root, ".git", "config"),
    `[remote "origin"]\n  url = https://user:${SECRET}@example.invalid/repo.git\n`,
  );
  context = await openIndexedContext(root);
});

afterAll(() => {
  context.close();
  removeTempDirs();
});

/** The context with a validator that runs `swap` once a path passed it: the moment between check and open. */
function racing(swap: (validatedInput: string) => void): ToolContext {
  const paths: PathValidator = {
    get roots() {
      return context.paths.roots;
    },
    setRoots: (roots, extra) => context.paths.setRoots(roots, extra),
    validate(input, request) {
      const validated = context.paths.validate(input, request);
      swap(input);
      return validated;
    },
  };
  return { ...context, paths };
}

/** Replaces a file or folder of the root by a symbolic link to `target` (outside the root). */
function swapForLink(relative: string, target: string): void {
  fs.rmSync(path.join(root, relative), { recursive: true });
  fs.symlinkSync(target, path.join(root, relative));
}

function restore(relative: string, file: string, text: string): void {
  fs.rmSync(path.join(root, relative), { force: true });
  fs.mkdirSync(path.join(root, relative), { recursive: true });
  fs.writeFileSync(path.join(root, relative, file), text);
}

describe("a file swapped for a link out of the root after validation", () => {
  it("is not read by zoom level 2 (the last component became a link)", async () => {
    const swapped = racing(() => swapForLink("src/notes.txt", path.join(outside, "notes.txt")));
    try {
      const message = await rejection(
        runTool(zoomTool, { path: "src/notes.txt", level: 2 }, swapped as CliToolContext),
        ToolInputError,
      );
      expect(message).toContain("changed while it was being opened");
      expect(message).not.toContain(SECRET);
    } finally {
      fs.rmSync(path.join(root, "src/notes.txt"));
      fs.writeFileSync(path.join(root, "src/notes.txt"), "inside notes\n");
    }
  });

  it("is not read by zoom lines (the last component became a link)", async () => {
    const swapped = racing(() => swapForLink("src/notes.txt", path.join(outside, "notes.txt")));
    try {
      const message = await rejection(
        runTool(zoomTool, { path: "src/notes.txt", lines: "1-" }, swapped as CliToolContext),
        ToolInputError,
      );
      expect(message).toContain("changed while it was being opened");
      expect(message).not.toContain(SECRET);
    } finally {
      fs.rmSync(path.join(root, "src/notes.txt"));
      fs.writeFileSync(path.join(root, "src/notes.txt"), "inside notes\n");
    }
  });

  it("is not read by zoom level 2 (a folder above it became a link)", async () => {
    const swapped = racing(() => swapForLink("docs", outside));
    try {
      const message = await rejection(
        runTool(zoomTool, { path: "docs/readme.txt", level: 2 }, swapped as CliToolContext),
        ToolInputError,
      );
      expect(message).not.toContain(SECRET);
    } finally {
      restore("docs", "readme.txt", "inside readme\n");
    }
  });

  it("is not searched by ripgrep, which follows a link named in its paths", async () => {
    const swapped = racing(() => swapForLink("src/notes.txt", path.join(outside, "notes.txt")));
    try {
      const message = await rejection(
        runTool(searchTool, { pattern: SECRET, literal: true, paths: ["src/notes.txt"] }, swapped as CliToolContext),
        ToolInputError,
      );
      // Its binary check opens it first (open-inside.ts), and refuses there.
      expect(message).toMatch(/changed while it was being (opened|searched)/);
      expect(message).not.toContain(SECRET);
    } finally {
      fs.rmSync(path.join(root, "src/notes.txt"));
      fs.writeFileSync(path.join(root, "src/notes.txt"), "inside notes\n");
    }
  });

  it("is not searched when a folder named in paths became a link", async () => {
    const swapped = racing(() => swapForLink("docs", outside));
    try {
      const message = await rejection(
        runTool(searchTool, { pattern: SECRET, literal: true, paths: ["docs"] }, swapped as CliToolContext),
        ToolInputError,
      );
      expect(message).toContain("changed while it was being searched");
    } finally {
      restore("docs", "readme.txt", "inside readme\n");
    }
  });

  it("is refused when the swap happens while ripgrep runs (checked again after it ends)", async () => {
    // A ripgrep that swaps the folder for a link first, then searches: the check before it started passed.
    const script = path.join(makeTempDir("ts-graph-rg-"), "rg-after-swap.sh");
    const swap = `rm -rf '${path.join(root, "docs")}' && ln -s '${outside}' '${path.join(root, "docs")}'`;
    fs.writeFileSync(script, `#!/bin/sh\n${swap}\nexec '${await locateRipgrep()}' "$@"\n`, { mode: 0o755 });
    try {
      const swapping = createSearchTool(async () => script);
      const message = await rejection(
        runTool(swapping, { pattern: SECRET, literal: true, paths: ["docs"] }, context),
        ToolInputError,
      );
      expect(message).toContain("changed while it was being searched");
      expect(message).not.toContain(SECRET);
    } finally {
      restore("docs", "readme.txt", "inside readme\n");
    }
  });

  it("is not listed when a folder became a link", async () => {
    const swapped = racing(() => swapForLink("docs", outside));
    try {
      const message = await rejection(runTool(listTool, { path: "docs" }, swapped as CliToolContext), ToolInputError);
      expect(message).toContain("changed while it was being listed");
      expect(message).not.toContain("notes.txt");
    } finally {
      restore("docs", "readme.txt", "inside readme\n");
    }
  });

  it("is not read by zoom level 2 when a folder above it became a link to .git inside the root", async () => {
    fs.writeFileSync(path.join(root, ".git", "readme.txt"), `${SECRET}\n`);
    const swapped = racing(() => swapForLink("docs", path.join(root, ".git")));
    try {
      const message = await rejection(
        runTool(zoomTool, { path: "docs/readme.txt", level: 2 }, swapped as CliToolContext),
        ToolInputError,
      );
      expect(message).toContain("changed while it was being opened");
      expect(message).not.toContain(SECRET);
    } finally {
      fs.rmSync(path.join(root, "docs"));
      restore("docs", "readme.txt", "inside readme\n");
      fs.rmSync(path.join(root, ".git", "readme.txt"));
    }
  });

  it("is not opened, and does not block, when a FIFO stands where the file was checked", () => {
    const fifo = path.join(root, "src", "pipe.txt");
    execFileSync("mkfifo", [fifo]);
    try {
      expect(() => openInside(fifo, root, "src/pipe.txt")).toThrow(/not a regular file/);
    } finally {
      fs.rmSync(fifo);
    }
  });

  it("still reads and searches the file when nothing was swapped", async () => {
    const read = await runTool(zoomTool, { path: "src/notes.txt", level: 2 }, context);
    expect(read.structured).toMatchObject({ text: "inside notes\n" });
    const found = await runTool(searchTool, { pattern: "inside", paths: ["src/notes.txt", "docs"] }, context);
    expect(found.structured).toMatchObject({ matchCount: 2 });
  });
});

describe("git's folder and ts-graph's database", () => {
  it("refuses .git/config to zoom, list and search, without showing it", async () => {
    for (const call of [
      runTool(zoomTool, { path: ".git/config", level: 2 }, context),
      runTool(zoomTool, { path: ".git/config", lines: "1-" }, context),
      runTool(zoomTool, { path: ".git" }, context),
      runTool(listTool, { path: ".git" }, context),
      runTool(searchTool, { pattern: "url", paths: [".git/config"] }, context),
    ]) {
      const message = await rejection(call, ToolInputError);
      expect(message).toContain("git's own folder");
      expect(message).not.toContain(SECRET);
    }
  });

  it("refuses to list, zoom into or search .ts-graph", async () => {
    for (const call of [
      runTool(listTool, { path: ".ts-graph" }, context),
      runTool(zoomTool, { path: ".ts-graph" }, context),
      runTool(zoomTool, { path: ".ts-graph/graph.db", level: 2 }, context),
      runTool(searchTool, { pattern: "x", paths: [".ts-graph"] }, context),
    ]) {
      expect(await rejection(call, ToolInputError)).toContain("ts-graph's own database");
    }
  });

  it("never lists .git and shows .ts-graph closed; a search of the root finds nothing in either", async () => {
    const listed = await runTool(listTool, { path: ".", recursive: true }, context);
    const entries = (listed.structured as { entries: { path: string; closed?: string }[] }).entries;
    expect(entries.filter((entry) => entry.path.startsWith(".git"))).toEqual([]);
    expect(entries.find((entry) => entry.path === ".ts-graph")?.closed).toBe("ts-graph's database");
    expect(entries.filter((entry) => entry.path.startsWith(".ts-graph/"))).toEqual([]);
    const found = await runTool(searchTool, { pattern: SECRET, literal: true, glob: ["*"] }, context);
    expect(found.structured).toMatchObject({ matchCount: 0 });
  });

  it("hides and refuses a database that --db puts in the root under another name", async () => {
    const elsewhere = await openCliToolContext({
      root,
      db: path.join(root, "graph.sqlite"),
      index: true,
      onWarning: () => undefined,
    });
    try {
      const listed = await runTool(listTool, { path: "." }, elsewhere);
      const paths = (listed.structured as { entries: { path: string }[] }).entries.map((entry) => entry.path);
      expect(paths).toContain("src");
      expect(paths.filter((entry) => entry.startsWith("graph.sqlite"))).toEqual([]);
      expect(
        await rejection(runTool(zoomTool, { path: "graph.sqlite", level: 2 }, elsewhere), ToolInputError),
      ).toContain("ts-graph's own database");
      const found = await runTool(searchTool, { pattern: "SQLite", glob: ["*"] }, elsewhere);
      expect(found.structured).toMatchObject({ matchCount: 0 });
    } finally {
      elsewhere.close();
    }
  });
});
