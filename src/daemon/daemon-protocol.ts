import type { IndexSummary } from "../ingestion/run/indexer.js";
import type { RenamedFile, RenameHint } from "../model/rename-hint.js";

/**
 * Changes when a message's meaning does; `hello` and `stop` keep their meaning across versions. 2: keep-alive
 * lines during `update`. 3: `tool` and `go` (a CLI edit command run by the daemon), `tools` in the hello.
 * 4: `rename` in `update` (the rename a CLI edit command wrote, for the run that patches it into the graph).
 */
export const DAEMON_PROTOCOL = 4;

/**
 * While it works on an update, a daemon writes a keep-alive line (`{"working":true}`) this often, so that a
 * client tells a long run from a daemon that hangs: silence for DAEMON_SILENCE_LIMIT_MS means the daemon is dead.
 */
export const KEEP_ALIVE_MS = 1000;
/** How long a client waits for any line (an answer, or a keep-alive) before it gives the daemon up. */
export const DAEMON_SILENCE_LIMIT_MS = 10_000;
/**
 * How long a client waits without a line once the daemon runs its tool (after `go`): the tool may hold the
 * daemon's thread in TypeScript's synchronous calls (a language service loading a large project) longer than
 * DAEMON_SILENCE_LIMIT_MS, and a client that gave up then would run the edit a second time beside it.
 */
export const TOOL_SILENCE_LIMIT_MS = 60_000;

/** Which process keeps the graph: `ts-graph daemon start`, `ts-graph serve`, or `ts-graph index --watch`. */
export type DaemonKind = "daemon" | "serve" | "watch";

/** What a daemon says about itself (the answer to `hello`, and the info file beside the socket). */
export interface DaemonHello {
  readonly protocol: number;
  readonly version: string;
  readonly pid: number;
  readonly kind: DaemonKind;
  readonly root: string;
  readonly dbPath: string;
  /** The tsconfig paths it was given (absolute), or undefined when it discovers them. */
  readonly tsconfigs: readonly string[] | undefined;
  readonly startedAt: number;
  /** When it exits if no request comes before (epoch ms); undefined for serve and watch, which live as long as their client. */
  readonly idleExitAt: number | undefined;
  /** The tools it runs for the CLI (`tool` requests): the edit tools, on its warm language session; none for index --watch. */
  readonly tools: readonly string[];
}

/** What a tool answered (its text and its structured answer), as the daemon sends it back. */
export interface DaemonToolAnswer {
  readonly text: string;
  readonly structured: Readonly<Record<string, unknown>>;
}

export type DaemonRequest =
  | { readonly op: "hello" }
  /**
   * Bring the graph up to date with the files on disk (`--force`: re-extract every file); answers the run's
   * summary. `rename`: the rename the client just wrote, for this run alone (RunOptions.rename).
   */
  | { readonly op: "update"; readonly force: boolean; readonly rename?: RenameHint }
  /**
   * Run a tool of `hello.tools` on the daemon's graph and language session. The daemon answers `ready` when it
   * is its turn (or `declined`: the client runs the tool itself), and runs it only on the client's `go`: a
   * client that gave up waiting has closed the connection by then, and the tool never runs twice.
   */
  | {
      readonly op: "tool";
      /** The root and database the client resolved: a daemon of another one declines. */
      readonly root: string;
      readonly dbPath: string;
      readonly tool: string;
      /** The tool's input as the client validated it; the daemon validates it again. */
      readonly input: Readonly<Record<string, unknown>>;
    }
  /** After `ready`: run it now; answered with the tool's answer or its failure. */
  | { readonly op: "go" }
  | { readonly op: "stop" };

export interface DaemonFailure {
  readonly name: string;
  readonly message: string;
  /** What a tool's error carries besides its message (ToolInputError's details, ToolUnavailableError's why and fix, an OS error's code and path). */
  readonly details?: Readonly<Record<string, unknown>>;
  readonly why?: string;
  readonly fix?: string;
  readonly code?: string;
  readonly path?: string;
}

export type DaemonReply =
  | { readonly ok: true; readonly hello: DaemonHello }
  | { readonly ok: true; readonly summary: IndexSummary }
  | { readonly ok: true; readonly stopping: true }
  | { readonly ok: true; readonly ready: true }
  | { readonly ok: true; readonly answer: DaemonToolAnswer }
  /** The daemon does not run this tool request (another root, a tool it does not run): nothing was done. */
  | { readonly ok: false; readonly declined: string }
  | { readonly ok: false; readonly error: DaemonFailure };

/** Not an answer: the update goes on (KEEP_ALIVE_MS). */
export interface DaemonKeepAlive {
  readonly working: true;
}

/** One message per line, JSON. */
export function encodeMessage(message: DaemonRequest | DaemonReply | DaemonKeepAlive): string {
  return `${JSON.stringify(message)}\n`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One file of an `update` request's rename, or undefined when the value is not one. */
function renamedFileOf(value: unknown): RenamedFile | undefined {
  if (!isRecord(value)) return undefined;
  const { path, hashBefore, hashAfter, edits } = value;
  if (typeof path !== "string" || typeof hashBefore !== "string" || typeof hashAfter !== "string") return undefined;
  if (!Array.isArray(edits)) return undefined;
  const valid = edits.every(
    (edit) =>
      isRecord(edit) &&
      Number.isSafeInteger(edit.start) &&
      Number.isSafeInteger(edit.length) &&
      typeof edit.text === "string",
  );
  if (!valid) return undefined;
  const checked = edits as { start: number; length: number; text: string }[];
  return {
    path,
    hashBefore,
    hashAfter,
    edits: checked.map(({ start, length, text }) => ({ start, length, text })),
  };
}

/** The rename of an `update` request, or undefined when the value is not one. */
function renameHintOf(value: unknown): RenameHint | undefined {
  if (!isRecord(value)) return undefined;
  const { oldName, newName, files } = value;
  if (typeof oldName !== "string" || typeof newName !== "string" || !Array.isArray(files)) return undefined;
  const parsed = files.map(renamedFileOf);
  if (!parsed.every((file): file is RenamedFile => file !== undefined)) return undefined;
  return { oldName, newName, files: parsed };
}

/** A request line, or undefined when the line is not one (an `update` whose `rename` is malformed included). */
export function parseRequest(line: string): DaemonRequest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  if (value.op === "hello" || value.op === "stop" || value.op === "go") return { op: value.op };
  if (value.op === "update") {
    const force = value.force === true;
    if (value.rename === undefined) return { op: "update", force };
    const rename = renameHintOf(value.rename);
    return rename === undefined ? undefined : { op: "update", force, rename };
  }
  if (value.op === "tool") {
    const { root, dbPath, tool, input } = value;
    if (typeof root !== "string" || typeof dbPath !== "string" || typeof tool !== "string" || !isRecord(input))
      return undefined;
    return { op: "tool", root, dbPath, tool, input };
  }
  return undefined;
}

/** The hello of a ts-graph daemon, or undefined when the value is something else (a socket that is not ours). */
export function parseHello(value: unknown): DaemonHello | undefined {
  if (!isRecord(value)) return undefined;
  const { protocol, version, pid, kind, root, dbPath, tsconfigs, startedAt, idleExitAt, tools } = value;
  const validKind = kind === "daemon" || kind === "serve" || kind === "watch";
  const validTsconfigs =
    tsconfigs === undefined ||
    tsconfigs === null ||
    (Array.isArray(tsconfigs) && tsconfigs.every((item) => typeof item === "string"));
  if (typeof protocol !== "number" || typeof version !== "string" || typeof pid !== "number" || !validKind)
    return undefined;
  if (typeof root !== "string" || typeof dbPath !== "string" || typeof startedAt !== "number" || !validTsconfigs)
    return undefined;
  return {
    protocol,
    version,
    pid,
    kind,
    root,
    dbPath,
    tsconfigs: Array.isArray(tsconfigs) ? (tsconfigs as string[]) : undefined,
    startedAt,
    idleExitAt: typeof idleExitAt === "number" ? idleExitAt : undefined,
    // An older daemon says nothing of tools: it runs none.
    tools: Array.isArray(tools) ? tools.filter((tool): tool is string => typeof tool === "string") : [],
  };
}

/** Whether a reply line is a keep-alive (the answer is still to come). */
export function isKeepAlive(reply: Record<string, unknown> | undefined): boolean {
  return reply?.working === true && reply.ok === undefined;
}

/** A reply line: its parsed object, or undefined when the line is no JSON object. */
export function parseReply(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
