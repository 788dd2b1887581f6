import path from "node:path";
import { describeGoldenAnswers, queriesOf } from "../../test-support/tool-golden.js";
import { calleesTool, callersTool } from "./handler.js";

describeGoldenAnswers("callers and callees on the sample projects", path.join(import.meta.dirname, "golden"), {
  "web-app": [
    ...queriesOf(callersTool, [{ symbol: "respond" }, { symbol: "Store.setState", depth: 2 }, { symbol: "validateCartLine", format: "mermaid" }]),
    ...queriesOf(calleesTool, [{ symbol: "createServer", depth: 2 }, { symbol: "bootstrap", depth: 1, format: "json" }, { symbol: "App", maxTokens: 200 }]),
  ],
  resolution: [
    ...queriesOf(callersTool, [{ symbol: "src/jsx/components.tsx:Badge" }, { symbol: "Animal.constructor" }]),
    ...queriesOf(calleesTool, [{ symbol: "buildHandlers" }, { symbol: "src/top-level/main.ts" }]),
  ],
});
