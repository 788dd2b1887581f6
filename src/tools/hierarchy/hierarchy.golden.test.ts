import path from "node:path";
import { describeGoldenAnswers, queriesOf } from "../../test-support/tool-golden.js";
import { hierarchyTool } from "./handler.js";

describeGoldenAnswers("hierarchy on the sample projects", path.join(import.meta.dirname, "golden"), {
  "web-app": queriesOf(hierarchyTool, [
    { symbol: "Repository" },
    { symbol: "ProductRepository", direction: "up" },
    { symbol: "InMemoryRepository", format: "json" },
    { symbol: "Store", direction: "down", format: "mermaid" },
    { symbol: "Transport", maxNodes: 1 },
    { symbol: "Cart", depth: 1 },
    { symbol: "sumLines" },
    { symbol: "login" },
    { symbol: "NoSuchType" },
  ]),
  resolution: queriesOf(hierarchyTool, [
    { symbol: "Identified" },
    { symbol: "DigitalProduct", direction: "up" },
    { symbol: "Countdown", file: "src/external-bases/countdown.ts" },
    { symbol: "Numbers", direction: "up" },
    { symbol: "Badge", direction: "up" },
    { symbol: "src/overrides/clock.ts:Clock", direction: "down" },
  ]),
});
