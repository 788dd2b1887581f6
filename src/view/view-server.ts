import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { ToolContext } from "../tools/tool-contract.js";
import { ToolInputError, ToolUnavailableError } from "../tools/tool-errors.js";
import { impactAnswer, neighbourhoodAnswer, searchAnswer } from "./view-answers.js";
import type { ViewNode } from "./view-graph.js";

/**
 * `ts-graph view`'s server (docs/view.md): node:http on 127.0.0.1 only, every request under `/<token>/` (a random
 * token, else 403), GET only (else 405). It serves the page, its two assets from dist/view/, and three JSON
 * answers read from the graph (view-answers.ts), each with a Server-Timing header of the time it took (wall and CPU). It writes nothing: the context it is given never indexes.
 */

/** The page's files, by the name the page asks for: a fixed list, so no request names a path on disk. */
const ASSETS: Readonly<Record<string, string>> = {
  "view.js": "text/javascript; charset=utf-8",
  "view.css": "text/css; charset=utf-8",
};

export interface ViewServerOptions {
  readonly context: ToolContext;
  /** The folder holding view.js and view.css (dist/view/). */
  readonly assetDir: string;
  /** 0: any free port. */
  readonly port: number;
  /** Errors answered as 500, for stderr. */
  readonly onError?: (message: string) => void;
}

export interface ViewServer {
  /** The page's address, token included. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function pageHtml(token: string, root: string): string {
  const base = `/${token}/`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ts-graph view</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${base}assets/view.css"></head>
<body><div id="app" data-base="${base}" data-root="${escapeHtml(root)}"></div>
<script type="module" src="${base}assets/view.js"></script></body></html>`;
}

/** A node whose file is not inside the root (a graph of another tree, a crafted database) is not shown. */
function insideRoot(root: string, node: ViewNode): boolean {
  const full = path.resolve(root, node.file);
  return !path.isAbsolute(node.file) && (full === root || full.startsWith(root + path.sep));
}

function send(response: http.ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, {
    "content-type": type,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "content-security-policy":
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
  });
  response.end(body);
}

function sendJson(response: http.ServerResponse, status: number, value: unknown): void {
  send(response, status, "application/json; charset=utf-8", JSON.stringify(value));
}

function tokenMatches(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** The names the page is reached by: a request naming another host is a page that rebound its name to 127.0.0.1. */
const LOOPBACK_NAMES: ReadonlySet<string> = new Set(["127.0.0.1", "localhost"]);

/**
 * Whether the request is addressed to this server (Host: 127.0.0.1 or localhost, at its port or none) and, when
 * it says where it comes from (Origin), comes from the page itself: DNS rebinding passes neither.
 */
function addressedHere(request: http.IncomingMessage, port: number): boolean {
  const host = /^([^:]+)(?::(\d+))?$/.exec(request.headers.host ?? "");
  if (host === null || !LOOPBACK_NAMES.has(host[1] ?? "") || (host[2] !== undefined && Number(host[2]) !== port))
    return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return [...LOOPBACK_NAMES].some((name) => origin === `http://${name}:${port}`);
}

class ViewRequests {
  constructor(
    private readonly options: ViewServerOptions,
    private readonly token: string,
    private readonly port: () => number,
  ) {}

  async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    if (!addressedHere(request, this.port()))
      return send(
        response,
        403,
        "text/plain; charset=utf-8",
        "forbidden: the view answers only requests to 127.0.0.1 or localhost from its own page\n",
      );
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const [, given = "", ...rest] = url.pathname.split("/");
    if (!tokenMatches(given, this.token))
      return send(response, 403, "text/plain; charset=utf-8", "forbidden: open the address ts-graph view printed\n");
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.setHeader("allow", "GET, HEAD");
      return send(response, 405, "text/plain; charset=utf-8", "method not allowed: the view only reads\n");
    }
    const route = rest.join("/");
    if (route === "")
      return send(response, 200, "text/html; charset=utf-8", pageHtml(this.token, this.options.context.root));
    if (route.startsWith("assets/")) return this.asset(route.slice("assets/".length), response);
    if (route.startsWith("api/")) return this.api(route.slice("api/".length), url.searchParams, response);
    send(response, 404, "text/plain; charset=utf-8", "not found\n");
  }

  private asset(name: string, response: http.ServerResponse): void {
    const type = ASSETS[name];
    if (type === undefined || !Object.hasOwn(ASSETS, name))
      return send(response, 404, "text/plain; charset=utf-8", "not found\n");
    send(response, 200, type, fs.readFileSync(path.join(this.options.assetDir, name)));
  }

  private async api(name: string, query: URLSearchParams, response: http.ServerResponse): Promise<void> {
    const { context } = this.options;
    const root = context.root;
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    try {
      const input = query.get(name === "search" ? "q" : "key") ?? "";
      if (input === "") throw new ToolInputError(`give ${name === "search" ? "q" : "key"} in the query string`);
      let answer: unknown;
      if (name === "search")
        answer = { matches: (await searchAnswer(context, input)).filter((node) => insideRoot(root, node)) };
      else if (name === "neighbourhood") {
        const graph = await neighbourhoodAnswer(context, input);
        const nodes = graph.nodes.filter((node) => insideRoot(root, node));
        const kept = new Set(nodes.map((node) => node.key));
        answer = {
          ...graph,
          nodes,
          edges: graph.edges.filter((edge) => kept.has(edge.source) && kept.has(edge.target)),
        };
      } else if (name === "impact") {
        const impact = await impactAnswer(context, input);
        answer = { ...impact, dependants: impact.dependants.filter((node) => insideRoot(root, node)) };
      } else return send(response, 404, "text/plain; charset=utf-8", "not found\n");
      // Wall time and this process's CPU time (on a busy machine the second is nearer what a quiet one takes).
      const cpu = process.cpuUsage(cpuStarted);
      response.setHeader(
        "server-timing",
        `answer;dur=${(performance.now() - started).toFixed(1)}, cpu;dur=${((cpu.user + cpu.system) / 1000).toFixed(1)}`,
      );
      sendJson(response, 200, answer);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // An input the tool's schema refuses (too long a name): its messages say what to change.
      const issues = (error as { issues?: readonly { message: string }[] }).issues;
      if (issues !== undefined)
        return sendJson(response, 400, { error: issues.map((issue) => issue.message).join("; ") });
      if (error instanceof ToolInputError) return sendJson(response, 400, { error: message });
      if (error instanceof ToolUnavailableError) return sendJson(response, 503, { error: message });
      this.options.onError?.(message);
      sendJson(response, 500, { error: message });
    }
  }
}

/** Starts the server on 127.0.0.1 with a fresh token. */
export async function startViewServer(options: ViewServerOptions): Promise<ViewServer> {
  const token = crypto.randomBytes(24).toString("base64url");
  let listening = options.port;
  const requests = new ViewRequests(options, token, () => listening);
  const server = http.createServer((request, response) => {
    requests.handle(request, response).catch((error: unknown) => {
      options.onError?.(error instanceof Error ? error.message : String(error));
      if (!response.headersSent) send(response, 500, "text/plain; charset=utf-8", "error\n");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : options.port;
  listening = port;
  return {
    url: `http://127.0.0.1:${port}/${token}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
