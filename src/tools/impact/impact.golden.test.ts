import path from "node:path";
import { describeGoldenAnswers, queriesOf } from "../../test-support/tool-golden.js";
import { impactTool } from "./handler.js";

describeGoldenAnswers("impact on the sample projects", path.join(import.meta.dirname, "golden"), {
  "web-app": queriesOf(impactTool, [
    { symbol: "sumLines" },
    { symbol: "Cart.total" },
    { symbol: "Cart", depth: 2 },
    { symbol: "CartLine", depth: 4 },
    { symbol: "respond", maxNodes: 4 },
    { symbol: "shared/money.ts", depth: 1, format: "toon" },
    { symbol: "Store.setState", depth: 2, format: "mermaid" },
    { symbol: "login" },
    { symbol: "Cart.totl" },
  ]),
  "di-app": queriesOf(impactTool, [
    { symbol: "src/core/di.ts", tests: "only" },
    { symbol: "Injectable" },
    { symbol: "formatLine", tests: "only" },
  ]),
  resolution: queriesOf(impactTool, [
    { symbol: "Identified" },
    { symbol: "Exporter", depth: 2 },
    { symbol: "src/jsx/components.tsx:Badge" },
    { symbol: "tick" },
    { symbol: "src/interface-dispatch/shapes.ts:Circle.area" },
    { symbol: "Countdown.next", dispatch: "none" },
    { symbol: "Countdown.next" },
  ]),
});
