import path from "node:path";
import { describeGoldenAnswers, queriesOf } from "../../test-support/tool-golden.js";
import { depsTool } from "./handler.js";

describeGoldenAnswers("deps on the sample projects", path.join(import.meta.dirname, "golden"), {
  "web-app": queriesOf(depsTool, [
    { target: "backend/services" },
    { target: "shared/money.ts" },
    { target: "frontend", direction: "out", depth: 2 },
    { target: "frontend", direction: "in" },
    { target: ".", format: "mermaid" },
    { target: "backend", groupBy: "file", format: "toon", direction: "out" },
    { target: "nowhere" },
  ]),
  monorepo: queriesOf(depsTool, [
    { target: "@mono/core" },
    { target: ".", groupBy: "package" },
    { target: ".", groupBy: "package", format: "mermaid" },
    { target: "packages/app/src/main.ts", direction: "out", depth: 3, groupBy: "package" },
  ]),
});
