import path from "node:path";
import { describeGoldenAnswers, queriesOf } from "../../test-support/tool-golden.js";
import { calleesTool, callersTool } from "./handler.js";

describeGoldenAnswers("callers and callees on the sample projects", path.join(import.meta.dirname, "golden"), {
  "web-app": [
    ...queriesOf(callersTool, [
      { symbol: "respond" },
      { symbol: "Store.setState", depth: 2 },
      { symbol: "validateCartLine", format: "mermaid" },
    ]),
    ...queriesOf(calleesTool, [
      { symbol: "createServer", depth: 2 },
      { symbol: "bootstrap", depth: 1, format: "json" },
      { symbol: "App", maxTokens: 200 },
    ]),
  ],
  resolution: [
    ...queriesOf(callersTool, [
      { symbol: "src/jsx/components.tsx:Badge" },
      { symbol: "Animal.constructor" },
      // interface dispatch: `shape.area()` calls Circle.area; the compiler also counts `square.area()` (a sibling): dispatch all
      { symbol: "src/interface-dispatch/shapes.ts:Circle.area" },
      { symbol: "src/interface-dispatch/shapes.ts:Circle.area", dispatch: "none" },
      { symbol: "src/interface-dispatch/shapes.ts:Circle.area", dispatch: "all" },
      // abstract dispatch: `this.serialize()` in the base's template method calls each subclass's member
      { symbol: "JsonExporter.serialize" },
      // a library interface: `iterator.next()` calls every project member that implements Iterator.next
      { symbol: "Countdown.next" },
      { symbol: "src/external-bases/countdown.ts:once.next" },
      // accessors: the property lists reads and writes; one accessor only its own
      { symbol: "Temperature.celsius" },
      { symbol: "Temperature.celsius#set" },
      { symbol: "Temperature.fahrenheit#get" },
      { symbol: "celsius", format: "json" },
      // object-literal methods with a contextual type, and class members below an interface, at depth 2
      { symbol: "src/overrides/clock.ts:fixedClock.now" },
      { symbol: "src/overrides/clock.ts:FrozenClock.now", depth: 2 },
      // a recursive call: the function is its own caller
      { symbol: "src/dynamic-calls/compose.ts:compose.dispatch" },
      // a function holding a literal that implements Listener.onTick: its callers are its own, not onTick's
      { symbol: "src/overrides/listener.ts:watch" },
      // the type Ensure shares its name with a function: callers of the function
      { symbol: "src/value-twins/ensure.ts:wrapEnsured" },
      { symbol: "src/value-twins/ensure.ts:Ensure" },
    ]),
    ...queriesOf(calleesTool, [
      { symbol: "buildHandlers" },
      { symbol: "src/top-level/main.ts" },
      { symbol: "totalArea" },
      { symbol: "Exporter.run", format: "toon" },
      { symbol: "drain", dispatch: "none" },
      { symbol: "drain" },
      // calls with no static target are named, not dropped
      { symbol: "compose" },
      { symbol: "runFactory", format: "json" },
      // a call of Listener.onTick goes on into the functions whose literals implement it
      { symbol: "src/overrides/listener.ts:Ticker.beat", depth: 2 },
    ]),
  ],
});
