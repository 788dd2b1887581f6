import path from "node:path";
import { describeGoldenAnswers, queriesOf } from "../../test-support/tool-golden.js";
import { pathsTool } from "./handler.js";

describeGoldenAnswers("paths on the sample projects", path.join(import.meta.dirname, "golden"), {
  "web-app": queriesOf(pathsTool, [
    { from: "bootstrap", to: "respond", depth: 8 },
    { from: "respond", to: "bootstrap" },
    { from: "App", to: "Store.setState", maxPaths: 5 },
    // a callback passed (`onSubmit={submit}`) is a value use: a path takes one only when asked, and says which step
    { from: "App", to: "Store.setState", maxPaths: 5, values: "include" },
    // one path asked for: the declarations on the others are listed after it
    { from: "bootstrap", to: "respond", depth: 8, maxPaths: 1 },
    { from: "bootstrap", to: "respond", depth: 8, format: "mermaid" },
    { from: "App", to: "Store.setState", format: "toon", maxPaths: 1 },
    { from: "App.checkout", to: "sumLines" },
  ]),
  resolution: queriesOf(pathsTool, [
    { from: "src/jsx/app.tsx:App", to: "src/jsx/components.tsx:Badge" },
    { from: "src/default-import/main.ts:welcome", to: "src/default-import/logger.ts:Logger" },
    // through dispatch: Exporter.run calls this.serialize(), which JsonExporter.serialize implements
    { from: "exportJson", to: "JsonExporter.serialize" },
    { from: "exportJson", to: "JsonExporter.serialize", dispatch: "none" },
    // through an object literal's function: Ticker.beat calls Listener.onTick, which the literal `watch` passes implements
    { from: "src/overrides/listener.ts:Ticker.beat", to: "src/overrides/listener.ts:record" },
    // a type that shares its name with a function stands for the function: a type neither calls nor is called
    { from: "src/value-twins/ensure.ts:Ensure", to: "src/value-twins/ensure.ts:checkEnsured" },
    // no path: the walk says where it met calls it cannot follow
    { from: "src/dynamic-calls/compose.ts:compose", to: "src/dynamic-calls/compose.ts:runFactory" },
  ]),
});
