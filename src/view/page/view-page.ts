/// <reference lib="dom" />
/**
 * The page of `ts-graph view` (docs/view.md), bundled with Cytoscape.js into dist/view/assets/view.js by
 * scripts/bundle-view.ts. It asks the server for one search, one neighbourhood or one impact at a time, never the
 * whole graph. Declarations sit in their file, files in their folders (compound nodes); a click expands a node.
 */
import cytoscape from "cytoscape";

interface ViewNode {
  readonly key: string;
  readonly name: string;
  readonly kind: string;
  readonly file: string;
  readonly line: number;
}
interface ViewEdge {
  readonly source: string;
  readonly target: string;
  readonly kind: string;
}
interface Neighbourhood {
  readonly center: ViewNode;
  readonly nodes: readonly ViewNode[];
  readonly edges: readonly ViewEdge[];
  readonly cut: boolean;
}
interface ImpactView {
  readonly symbol: ViewNode;
  readonly dependants: readonly (ViewNode & { readonly depth: number; readonly use: string })[];
  readonly tests: readonly { readonly file: string; readonly depth: number }[];
  readonly totalDependants: number;
  readonly cut: boolean;
}

const app = document.getElementById("app") as HTMLElement;
const base = app.dataset.base ?? "/";
const root = app.dataset.root ?? "";

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  if (text !== undefined) made.textContent = text;
  return made;
}

const searchBox = element("input", {
  id: "search",
  type: "search",
  placeholder: "Search a declaration…",
  autocomplete: "off",
});
const results = element("ul", { id: "results" });
const details = element("section", { id: "details" });
const impactPanel = element("section", { id: "impact" });
const status = element("p", { id: "status" });
const side = element("aside", { id: "side" });
side.append(searchBox, results, status, details, impactPanel);
const graphBox = element("main", { id: "graph" });
app.append(side, graphBox);

/** The editor link of a place: VS Code's `vscode://file/<absolute path>:<line>` (the text beside it is `path:line`). */
function placeLink(node: { readonly file: string; readonly line: number }): HTMLElement {
  const wrapper = element("span", { class: "place" });
  const link = element(
    "a",
    { href: `vscode://file/${encodeURI(`${root}/${node.file}`)}:${node.line}`, title: "open in VS Code" },
    `${node.file}:${node.line}`,
  );
  wrapper.append(link);
  return wrapper;
}

async function getJson<T>(route: string, parameters: Record<string, string>): Promise<T> {
  const response = await fetch(`${base}api/${route}?${new URLSearchParams(parameters).toString()}`);
  const body = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(body.error ?? `${response.status}`);
  return body;
}

const cy = cytoscape({
  container: graphBox,
  wheelSensitivity: 0.3,
  style: [
    {
      selector: "node",
      style: {
        label: "data(label)",
        "font-size": 10,
        "background-color": "#4e79a7",
        color: "#222",
        "text-valign": "bottom",
        width: 14,
        height: 14,
      },
    },
    { selector: "node.center", style: { "background-color": "#e15759", width: 20, height: 20 } },
    { selector: "node.expanded", style: { "border-width": 2, "border-color": "#222" } },
    {
      selector: ":parent",
      style: {
        "background-opacity": 0.06,
        "border-color": "#999",
        "border-width": 1,
        "text-valign": "top",
        "font-size": 9,
        color: "#555",
        shape: "round-rectangle",
      },
    },
    { selector: "node.file", style: { "background-color": "#f28e2b", "background-opacity": 0.12 } },
    {
      selector: "edge",
      style: {
        width: 1,
        "curve-style": "bezier",
        "target-arrow-shape": "triangle",
        "arrow-scale": 0.7,
        "line-color": "#9aa",
        "target-arrow-color": "#9aa",
      },
    },
    { selector: "edge.types", style: { "line-style": "dashed" } },
    {
      selector: "edge.heritage",
      style: { "line-color": "#59a14f", "target-arrow-color": "#59a14f", "target-arrow-shape": "triangle-backcurve" },
    },
    { selector: ":selected", style: { "background-color": "#edc948" } },
  ],
});

function isFileKey(key: string): boolean {
  return !key.includes(":");
}
function nodeId(key: string): string {
  return isFileKey(key) ? `file:${key}` : `n:${key}`;
}

/** The folder and file compounds a node sits in, added when missing; returns the id of its file's compound. */
function ensureContainers(file: string): string {
  const parts = file.split("/");
  let parent: string | undefined;
  for (let index = 1; index < parts.length; index++) {
    const folder = parts.slice(0, index).join("/");
    const id = `dir:${folder}`;
    if (cy.getElementById(id).empty())
      cy.add({
        group: "nodes",
        data: { id, label: `${parts[index - 1]}/`, parent, kind: "Folder" },
        classes: "folder",
      });
    parent = id;
  }
  const fileId = `file:${file}`;
  if (cy.getElementById(fileId).empty()) {
    cy.add({
      group: "nodes",
      data: { id: fileId, label: parts[parts.length - 1], parent, key: file, kind: "File", file, line: 1 },
      classes: "file",
    });
  }
  return fileId;
}

/**
 * Adds a declaration in its file. A new node starts near `around` (the node being expanded), scattered a little:
 * the layout then moves it from there, and the nodes already drawn stay about where they were.
 */
function addNode(node: ViewNode, around: { readonly x: number; readonly y: number }): void {
  const fileId = ensureContainers(node.file);
  if (node.kind === "File") return;
  const id = nodeId(node.key);
  if (cy.getElementById(id).nonempty()) return;
  const position = { x: around.x + (Math.random() - 0.5) * 120, y: around.y + (Math.random() - 0.5) * 120 };
  cy.add({
    group: "nodes",
    data: { id, label: node.name, parent: fileId, key: node.key, kind: node.kind, file: node.file, line: node.line },
    position,
  });
}

function edgeClass(kind: string): string {
  if (kind === "USES_TYPE") return "types";
  return kind === "EXTENDS" || kind === "IMPLEMENTS" ? "heritage" : "";
}

function addEdge(edge: ViewEdge): void {
  const id = `e:${edge.source}->${edge.target}:${edge.kind}`;
  if (cy.getElementById(id).nonempty()) return;
  cy.add({
    group: "edges",
    data: { id, source: nodeId(edge.source), target: nodeId(edge.target), kind: edge.kind },
    classes: edgeClass(edge.kind),
  });
}

let drawnOnce = false;

function layout(): Promise<void> {
  return new Promise((resolve) => {
    const options = {
      name: "cose",
      animate: false,
      randomize: true,
      nodeDimensionsIncludeLabels: true,
      idealEdgeLength: 60,
      nodeRepulsion: 40_000,
      nestingFactor: 0.1,
      gravity: 80,
      numIter: 1000,
      initialTemp: 200,
      coolingFactor: 0.95,
      componentSpacing: 40,
      padding: 20,
    };
    const run = cy.layout(options as cytoscape.LayoutOptions);
    run.one("layoutstop", () => {
      if (!drawnOnce) {
        drawnOnce = true;
        performance.mark("ts-graph-graph-drawn");
      }
      resolve();
    });
    run.run();
  });
}

function showDetails(data: {
  readonly key: string;
  readonly kind: string;
  readonly file: string;
  readonly line: number;
  readonly label?: string;
}): void {
  details.replaceChildren(
    element("h2", {}, data.label ?? data.key),
    element("p", { class: "kind" }, data.kind),
    placeLink(data),
  );
  if (data.kind !== "File") {
    const button = element("button", { id: "impact-button", type: "button" }, "Impact: what depends on it");
    button.addEventListener("click", () => void showImpact(data.key));
    details.append(button);
  }
}

/** Fetches a node's neighbourhood and adds it to the graph. */
async function expand(key: string, replace: boolean): Promise<void> {
  status.textContent = "Loading…";
  try {
    const graph = await getJson<Neighbourhood>("neighbourhood", { key });
    if (replace) cy.elements().remove();
    const expanded = cy.getElementById(nodeId(key));
    const around = expanded.nonempty() ? expanded.position() : { x: 0, y: 0 };
    cy.batch(() => {
      for (const node of [graph.center, ...graph.nodes]) addNode(node, around);
      for (const edge of graph.edges) addEdge(edge);
    });
    cy.nodes(".center").removeClass("center");
    cy.getElementById(nodeId(key)).addClass("center expanded");
    await layout();
    status.textContent = `${cy.nodes().filter((node) => !node.isParent() || node.data("kind") === "File").length} nodes${graph.cut ? " (some neighbours left out: open the impact view or use the CLI for all)" : ""}`;
    document.body.dataset.state = "drawn";
    history.replaceState(null, "", `#node=${encodeURIComponent(key)}`);
    if (details.childElementCount === 0) showDetails({ ...graph.center, label: graph.center.name });
  } catch (error) {
    status.textContent = `Error: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function showImpact(key: string): Promise<void> {
  impactPanel.replaceChildren(element("p", {}, "Loading impact…"));
  try {
    const impact = await getJson<ImpactView>("impact", { key });
    const heading = element(
      "h2",
      {},
      `Impact of ${impact.symbol.name}: ${impact.totalDependants} dependants${impact.cut ? " (list cut)" : ""}`,
    );
    const byDepth = new Map<number, ImpactView["dependants"][number][]>();
    for (const entry of impact.dependants) byDepth.set(entry.depth, [...(byDepth.get(entry.depth) ?? []), entry]);
    const groups = [...byDepth.entries()]
      .sort(([a], [b]) => a - b)
      .map(([depth, entries]) => {
        const group = element("div", { class: "depth", "data-depth": String(depth) });
        group.append(element("h3", {}, `depth ${depth} (${entries.length})`));
        const list = element("ul");
        for (const entry of entries) {
          const item = element("li", { class: "dependant", "data-key": entry.key });
          const name = element("a", { href: "#", class: "dependant-name" }, entry.name);
          name.addEventListener("click", (event) => {
            event.preventDefault();
            void expand(entry.key, false);
          });
          item.append(name, " ", placeLink(entry));
          list.append(item);
        }
        group.append(list);
        return group;
      });
    const tests = element("div", { class: "tests" });
    tests.append(element("h3", {}, `tests to run (${impact.tests.length})`));
    const testList = element("ul");
    for (const test of impact.tests) {
      const item = element("li", { class: "test", "data-file": test.file });
      item.append(placeLink({ file: test.file, line: 1 }), ` (depth ${test.depth})`);
      testList.append(item);
    }
    tests.append(testList);
    impactPanel.replaceChildren(heading, ...groups, tests);
    document.body.dataset.impact = key;
  } catch (error) {
    impactPanel.replaceChildren(element("p", {}, `Error: ${error instanceof Error ? error.message : String(error)}`));
  }
}

let searchTimer: ReturnType<typeof setTimeout> | undefined;
let searchSerial = 0;

async function search(text: string): Promise<void> {
  const serial = ++searchSerial;
  if (text.trim() === "") return void results.replaceChildren();
  try {
    const answer = await getJson<{ matches: readonly (ViewNode & { signature: string })[] }>("search", {
      q: text.trim(),
    });
    if (serial !== searchSerial) return;
    results.replaceChildren(
      ...answer.matches.map((match) => {
        const item = element("li", { class: "result", "data-key": match.key, title: match.signature });
        item.append(
          element("strong", {}, match.name),
          ` ${match.kind} `,
          element("span", { class: "file" }, `${match.file}:${match.line}`),
        );
        item.addEventListener("click", () => {
          showDetails({ ...match, label: match.name });
          void expand(match.key, true);
        });
        return item;
      }),
    );
    if (answer.matches.length === 0)
      results.replaceChildren(element("li", { class: "none" }, "no declaration by that name"));
  } catch (error) {
    results.replaceChildren(
      element("li", { class: "none" }, `Error: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}

searchBox.addEventListener("input", () => {
  clearTimeout(searchTimer);
  searchTimer = setTimeout(() => void search(searchBox.value), 150);
});

cy.on("tap", "node", (event) => {
  const node = event.target as cytoscape.NodeSingular;
  const kind = node.data("kind") as string;
  if (kind === "Folder") return;
  const data = {
    key: node.data("key") as string,
    kind,
    file: node.data("file") as string,
    line: node.data("line") as number,
    label: node.data("label") as string,
  };
  showDetails(data);
  void expand(data.key, false);
});

const opened = new URLSearchParams(location.hash.slice(1)).get("node");
if (opened !== null && opened !== "") void expand(opened, true);

/** For tests and the bench: the Cytoscape instance and what the page does. */
Object.assign(window, { tsGraphView: { cy, expand, showImpact } });
