import { describe, expect, it } from "vitest";
import { present } from "../answer/query-output.js";
import { depsAnswer, type DepsReport } from "./format.js";

const report: DepsReport = {
  target: { kind: "folder", name: "backend/services", files: 3 },
  direction: "both",
  depth: 1,
  groupBy: "folder",
  internalImports: 1,
  inner: [],
  outgoing: [
    {
      module: "shared",
      depth: 1,
      files: [{ file: "shared/types.ts", depth: 1, names: ["Order", "User"], typeOnly: true }],
    },
    {
      module: "backend/repositories",
      depth: 1,
      files: [{ file: "backend/repositories/user.ts", depth: 1, names: ["Users"], typeOnly: false }],
    },
  ],
  incoming: [
    {
      module: "backend",
      depth: 1,
      files: [{ file: "backend/server.ts", depth: 1, names: ["OrderService"], typeOnly: false }],
    },
  ],
  packages: [{ name: "zod", depth: 1, importers: 2, typeOnly: false }],
};

describe(depsAnswer.name, () => {
  it("states each module once with its files, the names crossing and type-only imports", () => {
    expect(present(depsAnswer(report), { format: "text", maxNodes: 100, maxTokens: 4000 }).text).toBe(
      [
        "deps of folder backend/services (3 files), both directions, depth ≤ 1, grouped by folder",
        "imports between its own files: 1",
        "",
        "imports from (2 folders)",
        "  shared",
        "    types.ts {type Order, User}",
        "  backend/repositories",
        "    user.ts {Users}",
        "packages (1 package)",
        "  zod (2 importers)",
        "",
        "imported by (1 folder)",
        "  backend",
        "    server.ts {OrderService}",
      ].join("\n"),
    );
  });

  it("cuts modules imported first, then packages, then importers, and says so", () => {
    const result = present(depsAnswer(report), { format: "json", maxNodes: 2, maxTokens: 4000 });
    expect(result.structured).toMatchObject({
      outgoing: [{ module: "shared" }, { module: "backend/repositories" }],
      packages: [],
      incoming: [],
    });
    expect(result.structured.truncated).toMatchObject({ shown: 2, total: 4, by: "maxNodes" });
  });

  it("draws the target, its modules and its packages", () => {
    const chart = present(depsAnswer(report), { format: "mermaid", maxNodes: 100, maxTokens: 4000 }).text;
    expect(chart).toContain('n3(["zod"])');
    expect(chart).toContain("n0 -->|1 file| n1");
    expect(chart).toContain("n4 -->|1 file| n0");
  });
});
