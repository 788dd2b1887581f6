import { describe, expect, it } from "vitest";
import { formatStatus } from "./format.js";
import type { RootStatus } from "./query.js";

const ready: RootStatus = {
  root: "/work/app",
  dbPath: "/work/app/.ts-graph/graph.db",
  indexedAt: "2026-01-01T00:00:00.000Z",
  pendingFiles: 0,
  indexError: null,
  notes: [],
  watching: true,
  unavailable: null,
  graph: {
    files: { total: 1200, withSyntaxErrors: 1 },
    nodes: { total: 5, byKind: { Function: 3, File: 2 } },
    edges: { total: 0, byKind: {} },
    skipped: { outside: 0, throughLinks: 0, outsideLinks: [], loops: [] },
  },
};

describe(formatStatus.name, () => {
  it("prints one block per root with freshness, watcher, and counts by kind", () => {
    expect(formatStatus([ready])).toBe(
      [
        "ts-graph status: 1 root",
        "/work/app",
        "  graph    indexed 2026-01-01T00:00:00.000Z · up to date · database .ts-graph/graph.db",
        "  watcher  running (changes are applied as files are saved)",
        "  files    1,200 (1 with syntax errors)",
        "  nodes    5: Function 3 · File 2",
        "  edges    0",
      ].join("\n"),
    );
  });

  it("says what discovery skipped: files outside the root, links leading out, loops", () => {
    const graph =
      ready.graph === null
        ? null
        : {
            ...ready.graph,
            skipped: { outside: 1, throughLinks: 0, outsideLinks: ["src/vendor"], loops: ["src/self"] },
          };
    expect(
      formatStatus([{ ...ready, graph }])
        .split("\n")
        .at(-1),
    ).toBe(
      "  skipped  1 file whose real path is outside the root; 1 symbolic link leading outside the root (src/vendor); 1 symbolic link loop (src/self)",
    );
  });

  it("says a watched root's changes are on their way and an unwatched root's wait for the next index", () => {
    const watched = formatStatus([{ ...ready, pendingFiles: 2 }]);
    expect(watched).toContain("2 files changed and not re-indexed yet");
    expect(formatStatus([{ ...ready, pendingFiles: 2, watching: false }])).toContain(
      "2 files changed since the last index",
    );
  });

  it("prints pending files, the last failure, a database outside the root and an unavailable root", () => {
    const failing: RootStatus = {
      ...ready,
      root: "/work/lib",
      dbPath: "/tmp/lib.db",
      indexedAt: null,
      pendingFiles: 1,
      indexError: "cannot parse tsconfig.json",
      watching: false,
      unavailable: "/work/lib has no graph yet",
      graph: null,
    };
    expect(formatStatus([ready, failing]).split("\n").slice(7)).toEqual([
      "/work/lib",
      "  graph    never indexed · 1 file changed since the last index · database /tmp/lib.db",
      "  watcher  not running",
      "  last index failed: cannot parse tsconfig.json",
      "  unavailable: /work/lib has no graph yet",
    ]);
    expect(formatStatus([ready, failing])).toMatch(/^ts-graph status: 2 roots\n/);
  });

  it("served, prints the server's RSS and budget, and what each root keeps warm", () => {
    const memory = {
      programs: "kept",
      indexerHeapBytes: 412 * 1024 * 1024,
      editLanguageService: true,
      lastUsed: "2026-01-01T00:01:00.000Z",
    } as const;
    const released = {
      ...memory,
      programs: "released",
      indexerHeapBytes: undefined,
      editLanguageService: false,
    } as const;
    const server = { rssBytes: 1536 * 1024 * 1024, budgetBytes: 4096 * 1024 * 1024, idleReleaseMinutes: 30 };
    const lines = formatStatus(
      [
        { ...ready, memory },
        { ...ready, root: "/work/lib", memory: released },
      ],
      server,
    ).split("\n");
    expect(lines[1]).toBe(
      "server   RSS 1,536 MB · budget 4,096 MB (above it, the least recently used roots release their programs) · an idle root releases them after 30 min",
    );
    expect(lines.filter((line) => line.startsWith("  memory"))).toEqual([
      "  memory   programs kept (indexing thread's heap 412 MB) · edit language service loaded · last used 2026-01-01T00:01:00.000Z",
      "  memory   programs released (the next change builds what it needs) · edit language service not loaded · last used 2026-01-01T00:01:00.000Z",
    ]);
    expect(formatStatus([ready], { ...server, idleReleaseMinutes: 0 }).split("\n")[1]).toMatch(/ · no idle release$/);
  });
});
