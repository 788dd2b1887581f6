import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SAMPLE_PROJECTS,
  freshSnapshot,
  indexAndSnapshot,
  makeTempDir,
  removeTempDirs,
  snapshotDynamicCalls,
  snapshotEdges,
  snapshotExternalEdges,
  type SnapshotEdge,
} from "../../test-support/fixtures.js";

/**
 * Golden tests: each sample project's snapshot must equal the committed one in ./golden
 * (regenerate with `UPDATE_GOLDEN=1 npx vitest run src/ingestion/run/sample-projects.golden.test.ts`,
 * then review the diff), and every `// expect:` comment in sample-projects/resolution must hold:
 * `// expect: KIND source -> target` for an edge or external edge, `// expect: dynamic source expression` for a
 * call site with no static target (the callee as recorded); `expect-not:` for their absence.
 */
const GOLDEN_DIR = path.join(import.meta.dirname, "golden");
const SAMPLES = ["resolution", "web-app", "monorepo", "broken", "no-tsconfig"] as const;

afterAll(removeTempDirs);

const snapshots = new Map<string, Promise<string>>();
function snapshotOf(sample: string): Promise<string> {
  let snapshot = snapshots.get(sample);
  if (snapshot === undefined) {
    snapshot = freshSnapshot(path.join(SAMPLE_PROJECTS, sample));
    snapshots.set(sample, snapshot);
  }
  return snapshot;
}

describe("golden snapshots of the sample projects", () => {
  for (const sample of SAMPLES) {
    it(`${sample} indexes to its golden snapshot`, async () => {
      const actual = await snapshotOf(sample);
      const goldenFile = path.join(GOLDEN_DIR, `${sample}.snapshot.jsonl`);
      if (process.env.UPDATE_GOLDEN === "1") fs.writeFileSync(goldenFile, actual);
      expect(actual).toBe(fs.readFileSync(goldenFile, "utf8"));
    });
  }
});

interface Expectation {
  readonly present: boolean;
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  readonly where: string;
}

function expectationsIn(root: string): Map<string, Expectation[]> {
  const byCase = new Map<string, Expectation[]>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) {
        const relative = path.relative(root, full);
        const caseName = relative.split(path.sep)[1] ?? relative;
        fs.readFileSync(full, "utf8")
          .split("\n")
          .forEach((line, index) => {
            const dynamic = /^\s*\/\/ (expect|expect-not): dynamic (\S+) (.+)$/.exec(line);
            const match = dynamic ?? /^\s*\/\/ (expect|expect-not): (\w+) (\S+) -> (\S+)/.exec(line);
            if (match === null) return;
            const list = byCase.get(caseName) ?? [];
            list.push({
              present: match[1] === "expect",
              kind: dynamic === null ? (match[2] ?? "") : "dynamic",
              source: (dynamic === null ? match[3] : match[2]) ?? "",
              target: ((dynamic === null ? match[4] : match[3]) ?? "").trim(),
              where: `${relative}:${index + 1}`,
            });
            byCase.set(caseName, list);
          });
      }
    }
  };
  walk(path.join(root, "src"));
  return byCase;
}

describe("resolution rules (expectations written in sample-projects/resolution)", () => {
  const root = path.join(SAMPLE_PROJECTS, "resolution");
  const cases = expectationsIn(root);
  let edges: Set<string>;
  beforeAll(async () => {
    const snapshot = await snapshotOf("resolution");
    edges = new Set([
      ...snapshotEdges(snapshot).map((edge) => `${edge.edge} ${edge.source} -> ${edge.target}`),
      ...snapshotExternalEdges(snapshot).map((edge) => `${edge.externalEdge} ${edge.source} -> ${edge.target}`),
      ...snapshotDynamicCalls(snapshot).map((call) => `dynamic ${call.dynamicCall} -> ${call.expression}`),
    ]);
  });

  it("has expectations for every case folder", () => {
    const folders = fs
      .readdirSync(path.join(root, "src"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory());
    const withoutExpectations = folders.map((folder) => folder.name).filter((name) => !cases.has(name));
    expect(withoutExpectations).toEqual([]);
  });

  for (const [caseName, expectations] of [...cases].sort()) {
    it(`resolves ${caseName}`, () => {
      const wrong = expectations
        .filter(
          (expectation) =>
            edges.has(`${expectation.kind} ${expectation.source} -> ${expectation.target}`) !== expectation.present,
        )
        .map(
          (expectation) =>
            `${expectation.where}: ${expectation.present ? "missing" : "unexpected"} ${expectation.kind} ${expectation.source} -> ${expectation.target}`,
        );
      expect(wrong).toEqual([]);
    });
  }
});

describe("sample project specifics", () => {
  async function edgesOf(sample: string): Promise<SnapshotEdge[]> {
    return snapshotEdges(await snapshotOf(sample));
  }

  it("resolves web-app imports through tsconfig path aliases to the shared folder", async () => {
    const imports = (await edgesOf("web-app")).filter(
      (edge) => edge.edge === "IMPORTS" && edge.source === "backend/http/middleware.ts",
    );
    expect(imports).toContainEqual({
      edge: "IMPORTS",
      source: "backend/http/middleware.ts",
      target: "shared/validation.ts",
      names: ["validateToken"],
      typeOnly: false,
    });
    expect(await edgesOf("web-app")).toContainEqual({
      edge: "CALLS",
      source: "backend/http/middleware.ts:requireAuth",
      target: "shared/validation.ts:validateToken",
      lines: [14],
    });
  });

  it("marks an import of types only as type-only", async () => {
    expect(await edgesOf("web-app")).toContainEqual(
      expect.objectContaining({
        edge: "IMPORTS",
        source: "backend/repositories/user-repository.ts",
        target: "shared/types.ts",
        typeOnly: true,
      }),
    );
  });

  it("lands monorepo calls across project references on the referenced package's sources", async () => {
    const calls = (await edgesOf("monorepo")).filter(
      (edge) => edge.edge === "CALLS" && edge.source.startsWith("packages/app/"),
    );
    expect(calls.some((edge) => edge.target.startsWith("packages/core/src/"))).toBe(true);
    expect(calls.some((edge) => edge.target.startsWith("packages/utils/src/"))).toBe(true);
    expect(calls.every((edge) => !edge.target.includes("/dist/"))).toBe(true);
  });

  it("indexes a file with a syntax error as far as it parses and reports the error", async () => {
    const dbPath = path.join(makeTempDir(), "graph.db");
    const { summary, snapshot } = await indexAndSnapshot(path.join(SAMPLE_PROJECTS, "broken"), { dbPath });
    expect(summary.syntaxErrors).toEqual([
      { file: "src/bad.ts", line: 9, column: 31, message: "Expression expected." },
    ]);
    expect(summary.files.withSyntaxErrors).toBe(1);
    expect(snapshot).toContain('"node":"src/bad.ts:progressLabel"');
    expect(snapshot).toContain('"node":"src/bad.ts:remaining"');
  });

  it("writes no absolute path into a snapshot", async () => {
    for (const sample of SAMPLES) expect(await snapshotOf(sample)).not.toContain(SAMPLE_PROJECTS);
  });
});
