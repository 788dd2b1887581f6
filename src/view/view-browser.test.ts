import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_ARGS, decodePng, findChromium } from "../test-support/chromium.js";
import { CLI, indexedSampleProject, makeTempDir, removeTempDirs, runCli } from "../test-support/fixtures.js";
import { until } from "../test-support/until.js";
import { IMPACT_MAX_NODES, IMPACT_MAX_TOKENS } from "./view-answers.js";

/**
 * `ts-graph view` on the web-app sample: its HTTP rules (token, GET only, the root, 127.0.0.1), then a real
 * Chromium driving the page: search, a neighbourhood, an expansion, the impact view, a screenshot.
 */
let root = "";
let view: ChildProcess | undefined;
let url = "";
let stderr = "";

function request(
  target: string,
  method = "GET",
  headers: http.OutgoingHttpHeaders = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = http.request(target, { method, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

beforeAll(async () => {
  root = indexedSampleProject("web-app").root;
  const started = spawn(process.execPath, [CLI, "view", root], { stdio: ["ignore", "pipe", "pipe"] });
  view = started;
  let stdout = "";
  started.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  started.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  await until(() => stdout.includes("\n") || started.exitCode !== null, "ts-graph view to print its address");
  url = stdout.trim();
  expect(url, stderr).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]{20,}\/$/);
});

afterAll(() => {
  removeTempDirs();
  if (view !== undefined && view.exitCode === null) view.kill("SIGKILL");
});

describe("ts-graph view's server", () => {
  it("answers only under its token, only to GET, and refuses a path outside the root", async () => {
    const origin = new URL(url).origin;
    expect((await request(`${origin}/not-the-token/`)).status).toBe(403);
    expect((await request(`${origin}/`)).status).toBe(403);
    expect((await request(`${origin}/not-the-token/api/search?q=Cart`)).status).toBe(403);
    expect((await request(url, "POST")).status).toBe(405);
    expect((await request(`${url}api/search?q=Cart`, "DELETE")).status).toBe(405);
    const outside = await request(`${url}api/neighbourhood?key=${encodeURIComponent("../../etc")}`);
    expect(outside.status).toBe(400);
    expect(outside.body).toContain("outside the workspace");
    expect((await request(`${url}assets/${encodeURIComponent("../../package.json")}`)).status).toBe(404);
    expect((await request(`${url}assets/view.js`)).status).toBe(200);
    const tooLong = await request(`${url}api/search?q=${"a".repeat(300)}`);
    expect(tooLong).toEqual({
      status: 400,
      body: JSON.stringify({ error: "longer than 200 characters: give a shorter part of a name" }),
    });
  });

  it("answers a file's neighbourhood with the files it imports and those that import it", async () => {
    const answer = await request(`${url}api/neighbourhood?key=${encodeURIComponent("frontend/store/cart.ts")}`);
    expect(answer.status, answer.body).toBe(200);
    const graph = JSON.parse(answer.body) as { edges: { source: string; target: string; kind: string }[] };
    expect(graph.edges).toContainEqual({
      source: "frontend/store/cart.ts",
      target: "shared/money.ts",
      kind: "IMPORTS",
    });
    expect(graph.edges).toContainEqual({
      source: "frontend/main.ts",
      target: "frontend/store/cart.ts",
      kind: "IMPORTS",
    });
  });

  it("answers only a request addressed to 127.0.0.1 or localhost from its own origin (DNS rebinding)", async () => {
    const port = new URL(url).port;
    const rebound = await request(`${url}api/search?q=Cart`, "GET", { host: `attacker.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toMatch(/127\.0\.0\.1/);
    expect((await request(url, "GET", { host: "attacker.example" })).status).toBe(403);
    const foreign = await request(`${url}api/search?q=Cart`, "GET", { origin: "http://attacker.example" });
    expect(foreign.status).toBe(403);
    expect((await request(`${url}api/search?q=Cart`, "GET", { host: `localhost:${port}` })).status).toBe(200);
    const own = { origin: `http://127.0.0.1:${port}` };
    expect((await request(`${url}api/search?q=Cart`, "GET", own)).status).toBe(200);
  });

  it("listens on 127.0.0.1 alone: another loopback address of the same port is refused", async () => {
    const port = new URL(url).port;
    await expect(request(`http://127.0.0.2:${port}/`)).rejects.toThrow(/ECONNREFUSED/);
  });
});

const browserPath = findChromium();
if (browserPath === undefined) {
  process.stderr.write(
    "view-browser.test.ts: skipping the browser test: no Chromium found (install Debian's chromium, or set CHROMIUM_PATH)\n",
  );
}

/** The number of declarations and files the page's graph holds (folders aside). */
function graphNodeCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const { cy } = (window as unknown as { tsGraphView: { cy: import("cytoscape").Core } }).tsGraphView;
    return cy.nodes().filter((node) => node.data("kind") !== "Folder").length;
  });
}

/** Clicks a node of the graph where it is drawn, as a user does. */
async function clickNode(page: Page, id: string): Promise<void> {
  const point = await page.evaluate((nodeId) => {
    const { cy } = (window as unknown as { tsGraphView: { cy: import("cytoscape").Core } }).tsGraphView;
    const position = cy.getElementById(nodeId).renderedPosition();
    const box = cy.container()?.getBoundingClientRect();
    return { x: (box?.left ?? 0) + position.x, y: (box?.top ?? 0) + position.y };
  }, id);
  await page.mouse.click(point.x, point.y);
}

describe.skipIf(browserPath === undefined)("ts-graph view in Chromium", () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it("searches, draws a neighbourhood in its folders, expands on click, lists the impact the CLI lists, and draws something", async () => {
    browser = await chromium.launch({ executablePath: browserPath, args: [...CHROMIUM_ARGS] });
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(url);

    await page.fill("#search", "formatPrice");
    await page.click('li.result[data-key="shared/money.ts:formatPrice"]');
    await page.waitForSelector("body[data-state=drawn]");
    const first = await graphNodeCount(page);
    // formatPrice, its file, and its three callers in their two files.
    expect(first).toBeGreaterThanOrEqual(6);
    const folders = await page.evaluate(() => {
      const { cy } = (window as unknown as { tsGraphView: { cy: import("cytoscape").Core } }).tsGraphView;
      return cy
        .getElementById("n:shared/money.ts:formatPrice")
        .ancestors()
        .map((node) => node.id());
    });
    expect(folders).toEqual(["file:shared/money.ts", "dir:shared"]);

    // ProductCard's own callers (App renders it) come in on its click.
    await clickNode(page, "n:frontend/components/ProductCard.tsx:ProductCard");
    await page.waitForFunction(() => {
      const { cy } = (window as unknown as { tsGraphView: { cy: import("cytoscape").Core } }).tsGraphView;
      return cy.getElementById("n:frontend/App.tsx:App").nonempty();
    });
    expect(await graphNodeCount(page)).toBeGreaterThan(first);

    await page.click("#impact-button");
    await page.waitForSelector("li.dependant");
    const shown = await page.$$eval("li.dependant", (items) => items.map((item) => item.getAttribute("data-key")));
    const shownTests = await page.$$eval("li.test", (items) => items.map((item) => item.getAttribute("data-file")));
    const cli = runCli(
      [
        "impact",
        "frontend/components/ProductCard.tsx:ProductCard",
        "--root",
        root,
        "--format",
        "json",
        "--also-changes",
        "0",
      ].concat(["--max-nodes", String(IMPACT_MAX_NODES), "--max-tokens", String(IMPACT_MAX_TOKENS)]),
    );
    const answer = JSON.parse(cli.stdout) as { dependants: { key: string }[]; tests: { file: string }[] };
    expect(shown.sort()).toEqual(answer.dependants.map((entry) => entry.key).sort());
    expect(shown).toContain("frontend/App.tsx:App");
    expect(shownTests.sort()).toEqual(answer.tests.map((test) => test.file).sort());

    const link = await page.getAttribute("li.dependant .place a", "href");
    expect(link).toMatch(new RegExp(`^vscode://file/${root.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/frontend/.+:\\d+$`));

    const shot = await page.screenshot({ type: "png" });
    const png = decodePng(shot);
    expect(png.width).toBe(1200);
    expect(png.height).toBe(800);
    expect(png.colours).toBeGreaterThan(20);
    const kept = path.join(makeTempDir("ts-graph-view-shot-"), "view.png");
    fs.writeFileSync(kept, shot);
    if (process.env.TS_GRAPH_VIEW_SCREENSHOT !== undefined) fs.copyFileSync(kept, process.env.TS_GRAPH_VIEW_SCREENSHOT);
    expect(pageErrors).toEqual([]);
  });
});

// Last: it stops the server the tests above use.
describe("ts-graph view's end", () => {
  it("stops cleanly on Ctrl-C (SIGINT), exit code 0", async () => {
    const running = view;
    if (running === undefined) throw new Error("no view process");
    running.kill("SIGINT");
    await until(() => running.exitCode !== null, "ts-graph view to stop");
    expect(running.exitCode, stderr).toBe(0);
  });
});
