import { describe, expect, it } from "vitest";
import type { NodeKey } from "../../model/node-key.js";
import { memoryGraph } from "../../test-support/memory-graph.js";
import { walkGraph, type WalkRequest } from "./graph-walk.js";

const key = (text: string): NodeKey => text as NodeKey;

/** a → b → c → d → e, with a cycle c → a and a shortcut a → d. */
const chain = memoryGraph(
  ["a", "b", "c", "d", "e"].map((name) => ({ key: `src/${name}.ts:${name}` })),
  [
    ["CALLS", "src/a.ts:a", "src/b.ts:b", [3]],
    ["CALLS", "src/b.ts:b", "src/c.ts:c", [4]],
    ["CALLS", "src/c.ts:c", "src/d.ts:d", [5]],
    ["CALLS", "src/d.ts:d", "src/e.ts:e", [6]],
    ["CALLS", "src/c.ts:c", "src/a.ts:a", [7]],
    ["REFERENCES", "src/a.ts:a", "src/d.ts:d", [8]],
  ],
);

function depths(request: Partial<WalkRequest> & Pick<WalkRequest, "seeds">, db = chain): Record<string, number> {
  const { nodes } = walkGraph(db, { direction: "out", kinds: ["CALLS"], maxDepth: 10, ...request });
  return Object.fromEntries(nodes.map((node) => [node.key, node.depth]));
}

describe(walkGraph.name, () => {
  it("reports each node once, at its shortest distance, and survives cycles", () => {
    expect(depths({ seeds: [key("src/a.ts:a")] })).toEqual({
      "src/b.ts:b": 1,
      "src/c.ts:c": 2,
      "src/d.ts:d": 3,
      "src/e.ts:e": 4,
    });
    expect(depths({ seeds: [key("src/a.ts:a")], kinds: ["CALLS", "REFERENCES"] })).toEqual({
      "src/b.ts:b": 1,
      "src/d.ts:d": 1,
      "src/c.ts:c": 2,
      "src/e.ts:e": 2,
    });
  });

  it("stops at the depth bound", () => {
    expect(depths({ seeds: [key("src/a.ts:a")], maxDepth: 2 })).toEqual({ "src/b.ts:b": 1, "src/c.ts:c": 2 });
  });

  it("walks backwards with direction in, through the cycle back to the seed's callers", () => {
    expect(depths({ seeds: [key("src/d.ts:d")], direction: "in" })).toEqual({
      "src/c.ts:c": 1,
      "src/b.ts:b": 2,
      "src/a.ts:a": 3,
    });
  });

  it("records the neighbour that brought each node in, the edge and its sites", () => {
    const { nodes } = walkGraph(chain, { seeds: [key("src/e.ts:e")], direction: "in", kinds: ["CALLS"], maxDepth: 2 });
    expect(
      nodes.map(({ key: k, via, edge, lines, vias, kind, file, qualifiedName }) => ({
        k,
        via,
        edge,
        lines,
        vias,
        kind,
        file,
        qualifiedName,
      })),
    ).toEqual([
      {
        k: "src/d.ts:d",
        via: "src/e.ts:e",
        edge: "CALLS",
        lines: [6],
        vias: 1,
        kind: "Function",
        file: "src/d.ts",
        qualifiedName: "d",
      },
      {
        k: "src/c.ts:c",
        via: "src/d.ts:d",
        edge: "CALLS",
        lines: [5],
        vias: 1,
        kind: "Function",
        file: "src/c.ts",
        qualifiedName: "c",
      },
    ]);
  });

  it("counts every closer neighbour and each node's own degree in the walk direction", () => {
    const db = memoryGraph(
      [{ key: "src/t.ts:target" }, { key: "src/x.ts:x" }, { key: "src/y.ts:y" }, { key: "src/z.ts:z" }],
      [
        ["CALLS", "src/x.ts:x", "src/t.ts:target"],
        ["CALLS", "src/y.ts:y", "src/t.ts:target"],
        ["CALLS", "src/z.ts:z", "src/x.ts:x"],
        ["CALLS", "src/z.ts:z", "src/y.ts:y"],
      ],
    );
    const { nodes } = walkGraph(db, {
      seeds: [key("src/t.ts:target")],
      direction: "in",
      kinds: ["CALLS"],
      maxDepth: 3,
    });
    expect(nodes.map((node) => [node.key, node.depth, node.via, node.vias, node.degree])).toEqual([
      ["src/x.ts:x", 1, "src/t.ts:target", 1, 1],
      ["src/y.ts:y", 1, "src/t.ts:target", 1, 1],
      ["src/z.ts:z", 2, "src/x.ts:x", 2, 0],
    ]);
  });

  it("seeds a container's members with withMembers", () => {
    const db = memoryGraph(
      [
        { key: "src/cart.ts:Cart", kind: "Class" },
        { key: "src/cart.ts:Cart.total", kind: "Method" },
        { key: "src/view.ts:render" },
      ],
      [["CALLS", "src/view.ts:render", "src/cart.ts:Cart.total", [9]]],
    );
    const request: WalkRequest = { seeds: [key("src/cart.ts:Cart")], direction: "in", kinds: ["CALLS"], maxDepth: 3 };
    expect(walkGraph(db, request).nodes).toEqual([]);
    const withMembers = walkGraph(db, { ...request, withMembers: true });
    expect(withMembers.seeds).toEqual(["src/cart.ts:Cart", "src/cart.ts:Cart.total"]);
    expect(withMembers.nodes.map((node) => [node.key, node.via])).toEqual([
      ["src/view.ts:render", "src/cart.ts:Cart.total"],
    ]);
  });

  it("lets a property reached through its type reach its container", () => {
    const db = memoryGraph(
      [
        { key: "src/cart.ts:Cart", kind: "Class" },
        { key: "src/app.ts:Props", kind: "Interface" },
        { key: "src/app.ts:Props.cart", kind: "Property" },
        { key: "src/app.ts:App" },
      ],
      [
        ["USES_TYPE", "src/app.ts:Props.cart", "src/cart.ts:Cart"],
        ["USES_TYPE", "src/app.ts:App", "src/app.ts:Props"],
      ],
    );
    const request: WalkRequest = {
      seeds: [key("src/cart.ts:Cart")],
      direction: "in",
      kinds: ["USES_TYPE"],
      maxDepth: 5,
    };
    expect(walkGraph(db, request).nodes.map((node) => node.key)).toEqual(["src/app.ts:Props.cart"]);
    const nodes = walkGraph(db, { ...request, propertiesReachContainers: true }).nodes;
    expect(nodes.map((node) => [node.key, node.depth, node.edge])).toEqual([
      ["src/app.ts:Props.cart", 1, "USES_TYPE"],
      ["src/app.ts:Props", 2, "CONTAINS"],
      ["src/app.ts:App", 3, "USES_TYPE"],
    ]);
  });

  it("reaches a property's container only through its type, and the class's `new` sites only through code its initialiser runs", () => {
    const db = memoryGraph(
      [
        { key: "src/ids.ts:nextId" },
        { key: "src/widget.ts:Widget", kind: "Class" },
        // Widget.id's initialiser calls nextId at line 4, inside its own lines: a `new Widget` runs it.
        { key: "src/widget.ts:Widget.id", kind: "Property", start: 4, end: 4 },
        { key: "src/widget.ts:Widget.registry", kind: "Property", modifiers: "static readonly", start: 5, end: 5 },
        { key: "src/view.ts:View", kind: "Interface" },
        { key: "src/view.ts:View.widget", kind: "Property" },
        { key: "src/app.ts:make" },
        { key: "src/boot.ts:boot" },
        { key: "src/holder.ts:Holder", kind: "Class" },
        // Holder.make only receives nextId in the constructor (line 2, outside its own line 10): `new` runs nothing of it.
        { key: "src/holder.ts:Holder.make", kind: "Property", start: 10, end: 10 },
        { key: "src/build.ts:build" },
      ],
      [
        ["REFERENCES", "src/holder.ts:Holder.make", "src/ids.ts:nextId", [2]],
        ["INSTANTIATES", "src/build.ts:build", "src/holder.ts:Holder", [5]],
        ["CALLS", "src/widget.ts:Widget.id", "src/ids.ts:nextId", [4]],
        ["CALLS", "src/widget.ts:Widget.registry", "src/ids.ts:nextId", [3]],
        ["USES_TYPE", "src/view.ts:View.widget", "src/widget.ts:Widget"],
        ["INSTANTIATES", "src/app.ts:make", "src/widget.ts:Widget", [9]],
        ["READS", "src/boot.ts:boot", "src/widget.ts:Widget.registry", [2]],
      ],
    );
    const nodes = walkGraph(db, {
      seeds: [key("src/ids.ts:nextId")],
      direction: "in",
      kinds: ["CALLS", "USES_TYPE", "INSTANTIATES", "READS", "REFERENCES"],
      maxDepth: 5,
      propertiesReachContainers: true,
    }).nodes;
    expect(nodes.map((node) => [node.key, node.depth, node.edge, node.via])).toEqual([
      ["src/holder.ts:Holder.make", 1, "REFERENCES", "src/ids.ts:nextId"],
      ["src/widget.ts:Widget.id", 1, "CALLS", "src/ids.ts:nextId"],
      ["src/widget.ts:Widget.registry", 1, "CALLS", "src/ids.ts:nextId"],
      ["src/app.ts:make", 2, "INSTANTIATES", "src/widget.ts:Widget.id"],
      ["src/boot.ts:boot", 2, "READS", "src/widget.ts:Widget.registry"],
    ]);
  });

  it("lets a constructor reach every `new` of its class, as a direct link", () => {
    const db = memoryGraph(
      [
        { key: "src/util.ts:helper" },
        { key: "src/widget.ts:Widget", kind: "Class" },
        { key: "src/widget.ts:Widget.constructor", kind: "Constructor" },
        { key: "src/fancy.ts:Fancy", kind: "Class" },
        { key: "src/fancy.ts:Fancy.constructor", kind: "Constructor" },
        { key: "src/app.ts:make" },
        { key: "src/app.ts:typed" },
      ],
      [
        ["CALLS", "src/widget.ts:Widget.constructor", "src/util.ts:helper", [5]],
        ["CALLS", "src/fancy.ts:Fancy.constructor", "src/widget.ts:Widget.constructor", [3]],
        ["INSTANTIATES", "src/app.ts:make", "src/widget.ts:Widget", [9]],
        ["USES_TYPE", "src/app.ts:typed", "src/widget.ts:Widget"],
      ],
    );
    const nodes = walkGraph(db, {
      seeds: [key("src/util.ts:helper")],
      direction: "in",
      kinds: ["CALLS", "USES_TYPE", "INSTANTIATES"],
      maxDepth: 5,
      dispatch: "up",
      propertiesReachContainers: true,
    }).nodes;
    expect(nodes.map((node) => [node.key, node.depth, node.edge, node.via, node.throughDispatch])).toEqual([
      ["src/widget.ts:Widget.constructor", 1, "CALLS", "src/util.ts:helper", false],
      ["src/app.ts:make", 2, "INSTANTIATES", "src/widget.ts:Widget.constructor", false],
      ["src/fancy.ts:Fancy.constructor", 2, "CALLS", "src/widget.ts:Widget.constructor", false],
    ]);
  });

  describe("dispatch", () => {
    /**
     * `interface Shape { area() }`, `Circle` and `Square` implement it; `totalArea` calls `shape.area()`,
     * `unit` calls `circle.area()`, `squares` calls `square.area()`, `main` calls `totalArea`. `Countdown`
     * implements the library's `Iterator`; `drain` calls `iterator.next()`.
     */
    const shapes = memoryGraph(
      [
        { key: "src/shapes.ts:Shape", kind: "Interface" },
        { key: "src/shapes.ts:Shape.area", kind: "Method" },
        { key: "src/shapes.ts:Circle", kind: "Class" },
        { key: "src/shapes.ts:Circle.area", kind: "Method" },
        { key: "src/shapes.ts:Square", kind: "Class" },
        { key: "src/shapes.ts:Square.area", kind: "Method" },
        { key: "src/report.ts:totalArea" },
        { key: "src/report.ts:unit" },
        { key: "src/report.ts:squares" },
        { key: "src/main.ts:main" },
        { key: "src/countdown.ts:Countdown", kind: "Class" },
        { key: "src/countdown.ts:Countdown.next", kind: "Method" },
        { key: "src/countdown.ts:drain" },
      ],
      [
        ["OVERRIDES", "src/shapes.ts:Circle.area", "src/shapes.ts:Shape.area"],
        ["OVERRIDES", "src/shapes.ts:Square.area", "src/shapes.ts:Shape.area"],
        ["CALLS", "src/report.ts:totalArea", "src/shapes.ts:Shape.area", [21]],
        ["CALLS", "src/report.ts:unit", "src/shapes.ts:Circle.area", [30]],
        ["CALLS", "src/report.ts:squares", "src/shapes.ts:Square.area", [40]],
        ["CALLS", "src/main.ts:main", "src/report.ts:totalArea", [5]],
      ],
      [],
      [
        ["OVERRIDES", "src/countdown.ts:Countdown.next", "lib:Iterator.next"],
        ["CALLS", "src/countdown.ts:drain", "lib:Iterator.next", [42]],
      ],
    );
    const walk = (
      seed: string,
      direction: "in" | "out",
      dispatch: "none" | "up" | "all",
      kinds: WalkRequest["kinds"] = ["CALLS"],
    ) =>
      walkGraph(shapes, { seeds: [key(seed)], direction, kinds, maxDepth: 1, dispatch }).nodes.map((node) =>
        [
          node.key,
          ...node.links.map(
            (link) => `${link.dispatch ? "dispatch" : "direct"} ${link.target} @${link.lines.join(",")}`,
          ),
        ].join(" | "),
      );

    it("finds the callers of a member through every member it implements with dispatch up, and marks them", () => {
      expect(walk("src/shapes.ts:Circle.area", "in", "none")).toEqual([
        "src/report.ts:unit | direct src/shapes.ts:Circle.area @30",
      ]);
      expect(walk("src/shapes.ts:Circle.area", "in", "up")).toEqual([
        "src/report.ts:totalArea | dispatch src/shapes.ts:Shape.area @21",
        "src/report.ts:unit | direct src/shapes.ts:Circle.area @30",
      ]);
    });

    it("adds calls of siblings and of members below only with dispatch all", () => {
      expect(walk("src/shapes.ts:Circle.area", "in", "all")).toEqual([
        "src/report.ts:totalArea | dispatch src/shapes.ts:Shape.area @21",
        "src/report.ts:unit | direct src/shapes.ts:Circle.area @30",
        "src/report.ts:squares | dispatch src/shapes.ts:Square.area @40",
      ]);
      expect(walk("src/shapes.ts:Shape.area", "in", "up")).toEqual([
        "src/report.ts:totalArea | direct src/shapes.ts:Shape.area @21",
      ]);
      expect(walk("src/shapes.ts:Shape.area", "in", "all")).toHaveLength(3);
    });

    it("lists what a call may dispatch to among the callees", () => {
      expect(walk("src/report.ts:totalArea", "out", "none")).toEqual([
        "src/shapes.ts:Shape.area | direct src/shapes.ts:Shape.area @21",
      ]);
      expect(walk("src/report.ts:totalArea", "out", "up")).toEqual([
        "src/shapes.ts:Shape.area | direct src/shapes.ts:Shape.area @21",
        "src/shapes.ts:Circle.area | dispatch src/shapes.ts:Shape.area @21",
        "src/shapes.ts:Square.area | dispatch src/shapes.ts:Shape.area @21",
      ]);
      expect(walk("src/report.ts:unit", "out", "up")).toEqual([
        "src/shapes.ts:Circle.area | direct src/shapes.ts:Circle.area @30",
      ]);
      expect(walk("src/report.ts:unit", "out", "all").map((line) => line.split(" | ")[0])).toEqual([
        "src/shapes.ts:Shape.area",
        "src/shapes.ts:Circle.area",
        "src/shapes.ts:Square.area",
      ]);
    });

    it("goes through library members: a call of lib:Iterator.next reaches the project's implementations", () => {
      expect(walk("src/countdown.ts:Countdown.next", "in", "none")).toEqual([]);
      expect(walk("src/countdown.ts:Countdown.next", "in", "up")).toEqual([
        "src/countdown.ts:drain | dispatch lib:Iterator.next @42",
      ]);
      expect(walk("src/countdown.ts:drain", "out", "up")).toEqual([
        "src/countdown.ts:Countdown.next | dispatch lib:Iterator.next @42",
      ]);
    });

    /**
     * `lib:Object.toString`, overridden by Literal and by Failure (which implements And); `andGet` calls it on an
     * And (`this.toString()` with `this: And`), `show` on a receiver of no type of the project.
     */
    const strings = memoryGraph(
      [
        { key: "src/err.ts:And", kind: "Interface" },
        { key: "src/err.ts:andGet" },
        { key: "src/err.ts:Failure", kind: "Class" },
        { key: "src/err.ts:Failure.toString", kind: "Method" },
        { key: "src/ast.ts:Literal", kind: "Class" },
        { key: "src/ast.ts:Literal.toString", kind: "Method" },
        { key: "src/log.ts:show" },
      ],
      [["IMPLEMENTS", "src/err.ts:Failure", "src/err.ts:And"]],
      [],
      [
        ["OVERRIDES", "src/err.ts:Failure.toString", "lib:Object.toString"],
        ["OVERRIDES", "src/ast.ts:Literal.toString", "lib:Object.toString"],
        ["CALLS", "src/err.ts:andGet", "lib:Object.toString", [7], ["src/err.ts:And"]],
        ["CALLS", "src/log.ts:show", "lib:Object.toString", [3]],
      ],
    );
    const strung = (seed: string, direction: "in" | "out", dispatch: "up" | "all") =>
      walkGraph(strings, { seeds: [key(seed)], direction, kinds: ["CALLS"], maxDepth: 1, dispatch }).nodes.map(
        (node) => node.key,
      );

    it("dispatches a call of a library member only to overrides its receivers can be, both ways", () => {
      expect(strung("src/ast.ts:Literal.toString", "in", "up")).toEqual(["src/log.ts:show"]);
      expect(strung("src/err.ts:Failure.toString", "in", "up")).toEqual(["src/err.ts:andGet", "src/log.ts:show"]);
      expect(strung("src/err.ts:andGet", "out", "up")).toEqual(["src/err.ts:Failure.toString"]);
      expect(strung("src/log.ts:show", "out", "up")).toEqual([
        "src/ast.ts:Literal.toString",
        "src/err.ts:Failure.toString",
      ]);
      expect(strung("src/ast.ts:Literal.toString", "in", "all")).toEqual(["src/err.ts:andGet", "src/log.ts:show"]);
    });

    it("never widens an OVERRIDES edge: a sibling is not a dependant of a member", () => {
      expect(
        walk("src/shapes.ts:Circle.area", "in", "up", ["CALLS", "OVERRIDES"]).map((line) => line.split(" | ")[0]),
      ).toEqual(["src/report.ts:totalArea", "src/report.ts:unit"]);
      expect(
        walk("src/shapes.ts:Shape.area", "in", "up", ["CALLS", "OVERRIDES"]).map((line) => line.split(" | ")[0]),
      ).toEqual(["src/report.ts:totalArea", "src/shapes.ts:Circle.area", "src/shapes.ts:Square.area"]);
    });

    it("marks a node reached only through dispatch, at any depth", () => {
      const nodes = walkGraph(shapes, {
        seeds: [key("src/shapes.ts:Circle.area")],
        direction: "in",
        kinds: ["CALLS"],
        maxDepth: 2,
        dispatch: "up",
      }).nodes;
      expect(nodes.map((node) => [node.key, node.depth, node.throughDispatch])).toEqual([
        ["src/report.ts:totalArea", 1, true],
        ["src/report.ts:unit", 1, false],
        ["src/main.ts:main", 2, true],
      ]);
    });

    it("leaves out nodes of files the request rejects, and does not walk through them", () => {
      const nodes = walkGraph(shapes, {
        seeds: [key("src/shapes.ts:Circle.area")],
        direction: "in",
        kinds: ["CALLS"],
        maxDepth: 2,
        dispatch: "up",
        acceptsFile: (file) => file !== "src/report.ts",
      }).nodes;
      expect(nodes).toEqual([]);
    });
  });
});
