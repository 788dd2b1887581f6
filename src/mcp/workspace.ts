import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPathValidator, type PathValidator } from "../tools/inputs/path-validator.js";
import type { RootState } from "../tools/tool-contract.js";
import {
  DEFAULT_IDLE_RELEASE_MINUTES,
  defaultBudgetBytes,
  rootsToRelease,
  type MemorySettings,
  type ServerMemory,
} from "./memory-budget.js";
import type { ToolRequest } from "./first-answers.js";
import type { RootSpec, ServedRoot, ServedRootHooks } from "./served-root.js";

/**
 * The first runs (the check of the graph against the files, the watcher, then the TypeScript programs) start
 * once the client has the answer to its first tool call (`firstToolAnswered`), or this long after its first
 * tools/list answer or after the roots are known, if no call comes: a client that calls right after listing
 * gets its first answer without that work on the same thread and cores. A call on a root without a graph
 * starts the root's first run at once and waits for it.
 */
const FIRST_RUN_FALLBACK_MS = 1000;

/** How often the memory rules are checked besides after each call (idle roots, a budget passed while no call came). */
const MEMORY_CHECK_INTERVAL_MS = 10_000;

export interface WorkspaceOptions {
  /** Roots given on the command line (or the working directory when none was). */
  readonly roots: readonly RootSpec[];
  /**
   * The roots are only the default (no -r was given): roots the client offers replace them. Otherwise the
   * roots are pinned: the client's are never served (nor indexed, nor given a `.ts-graph/` folder).
   */
  readonly rootsAreDefault: boolean;
  readonly hooks: ServedRootHooks;
  /**
   * The memory budget and idle time (docs/mcp.md, Memory); checked after each call and every `checkIntervalMs`.
   * Default: machineMemorySettings().
   */
  readonly memory?: MemorySettings & { readonly checkIntervalMs?: number };
}

/** Every root the server answers for, and the one path validator that guards them all. */
export interface Workspace {
  readonly paths: PathValidator;
  /** The roots served now: the command line's, or the client's when no -r was given. */
  served(): readonly ServedRoot[];
  /** Whether roots the client offers are served (no -r was given). */
  readonly followsClientRoots: boolean;
  states(): readonly RootState[];
  /**
   * Serves these roots offered by the client (`roots/list`) instead of the default root; roots given with -r
   * stay as they are. undefined or [] means the command-line roots. Roots no longer wanted are closed; new
   * ones are opened and their first run starts.
   */
  useRoots(clientRoots: readonly string[] | undefined): Promise<void>;
  /**
   * The client has its first answer of this kind: after a tool call's, the roots' first runs start, now and for
   * roots opened later; after tools/list's, they start FIRST_RUN_FALLBACK_MS later unless a call's answer comes first.
   */
  firstToolAnswered(request: ToolRequest): void;
  /**
   * Runs `task` once the client has its first tool answer (tools/list's or a call's), or FIRST_RUN_FALLBACK_MS
   * from now if none comes first; at once after that. The client's roots are asked for then, so that opening
   * them (the indexer's modules, SQLite) never delays the tool list.
   */
  afterFirstAnswer(task: () => void): void;
  /**
   * A call answered from these roots: they become the most recently used at once (before its answer reaches the
   * client), and the memory rules are checked after the answer.
   */
  used(roots: readonly ServedRoot[]): Promise<void>;
  /**
   * Applies the memory rules now: releases idle roots, and the least recently used one while over the budget
   * (`budgetBytes` instead of the server's, for this check only: tests that release at a chosen moment).
   */
  checkMemory(budgetBytes?: number): Promise<void>;
  memory(): ServerMemory;
  close(): Promise<void>;
}

/** The roots to serve: the command line's (-r pins them), or the client's instead of the default root. Pure. */
export function wantedRoots(
  options: Pick<WorkspaceOptions, "roots" | "rootsAreDefault">,
  clientRoots: readonly string[] | undefined,
): RootSpec[] {
  if (!options.rootsAreDefault || clientRoots === undefined || clientRoots.length === 0) return [...options.roots];
  return clientRoots.map((root) => ({ root }));
}

function canonicalDirectory(root: string): string | undefined {
  try {
    const real = fs.realpathSync.native(path.resolve(root));
    return fs.statSync(real).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The defaults: a quarter of the machine's memory (or of the process's limit), and 30 minutes idle. */
export function machineMemorySettings(): MemorySettings {
  const limit = (process as { constrainedMemory?: () => number | undefined }).constrainedMemory?.();
  return {
    budgetBytes: defaultBudgetBytes(os.totalmem(), limit),
    idleReleaseMs: DEFAULT_IDLE_RELEASE_MINUTES * 60_000,
  };
}

/** Tasks held until the client's first tool answer (`open`), or FIRST_RUN_FALLBACK_MS after each is queued. */
function firstAnswerGate(): { after(task: () => void): void; open(): void } {
  let opened = false;
  const waiting: (() => void)[] = [];
  const open = (): void => {
    opened = true;
    for (const task of waiting.splice(0)) task();
  };
  return {
    after(task) {
      if (opened) {
        task();
        return;
      }
      waiting.push(task);
      setTimeout(open, FIRST_RUN_FALLBACK_MS).unref();
    },
    open,
  };
}

export function createWorkspace(options: WorkspaceOptions): Workspace {
  const { hooks } = options;
  const settings = options.memory ?? machineMemorySettings();
  const paths = createPathValidator([]);
  let served: ServedRoot[] = [];
  let changing: Promise<void> = Promise.resolve();
  let closed = false;
  let answered = false;
  const firstAnswer = firstAnswerGate();
  const startFirstRuns = (roots: readonly ServedRoot[]): void => {
    if (closed) return;
    for (const root of roots) void root.start();
  };

  const states = (): readonly RootState[] => served.map((root) => root.state());
  const memory = (): ServerMemory => ({
    rssBytes: process.memoryUsage.rss(),
    budgetBytes: settings.budgetBytes,
    idleReleaseMinutes: settings.idleReleaseMs / 60_000,
  });
  let checking: Promise<void> = Promise.resolve();
  /** One check at a time: a release waits for the indexing thread to stop. */
  function checkMemory(budgetBytes = settings.budgetBytes): Promise<void> {
    checking = checking.then(async () => {
      if (closed) return;
      const releases = rootsToRelease(
        served.map((root) => root.usage()),
        process.memoryUsage.rss(),
        { ...settings, budgetBytes },
        Date.now(),
      );
      for (const { root, why } of releases) {
        try {
          await served.find((candidate) => candidate.root === root)?.release(why);
        } catch (error) {
          hooks.log(
            `${root}: could not release its programs: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
    });
    return checking;
  }
  const checker = setInterval(() => void checkMemory(), options.memory?.checkIntervalMs ?? MEMORY_CHECK_INTERVAL_MS);
  checker.unref();

  async function apply(clientRoots: readonly string[] | undefined): Promise<void> {
    if (closed) return;
    const wanted = new Map<string, RootSpec>();
    for (const spec of wantedRoots(options, clientRoots)) {
      const canonical = canonicalDirectory(spec.root);
      if (canonical === undefined) hooks.log(`${spec.root}: not a directory; not served`);
      else if (!wanted.has(canonical)) wanted.set(canonical, { ...spec, root: canonical });
    }
    // Loaded with the first roots: the indexer, SQLite and the watcher are not needed to list the tools.
    const { openServedRoot } = await import("./served-root.js");
    if (closed) return;
    const kept = served.filter((root) => wanted.has(root.root));
    const dropped = served.filter((root) => !wanted.has(root.root));
    const next = [...wanted.values()].map(
      (spec) => kept.find((root) => root.root === spec.root) ?? openServedRoot(spec, paths, hooks, { states, memory }),
    );
    served = next;
    paths.setRoots(
      next.map((root) => root.root),
      next.map((root) => root.dbPath),
    );
    for (const root of dropped) hooks.log(`${root.root}: no longer served`);
    await Promise.all(dropped.map((root) => root.close()));
    // First runs go on in the background once the client's first tool call is answered (a call on a root
    // without a graph starts its root's at once and waits for it).
    if (answered) setImmediate(() => startFirstRuns(next));
    else setTimeout(() => startFirstRuns(next), FIRST_RUN_FALLBACK_MS).unref();
  }

  return {
    paths,
    served: () => served,
    followsClientRoots: options.rootsAreDefault,
    states,
    useRoots(clientRoots) {
      changing = changing.catch(() => undefined).then(() => apply(clientRoots));
      return changing;
    },
    afterFirstAnswer: firstAnswer.after,
    firstToolAnswered(request) {
      firstAnswer.open();
      if (answered) return;
      if (request === "tools/list") {
        setTimeout(() => startFirstRuns(served), FIRST_RUN_FALLBACK_MS).unref();
        return;
      }
      answered = true;
      setImmediate(() => startFirstRuns(served));
    },
    used(roots) {
      for (const root of roots) root.markUsed();
      // The memory rules run once the answer is written (a release stops the indexing thread).
      return new Promise<void>((resolve) => setImmediate(() => resolve(checkMemory())));
    },
    checkMemory,
    memory,
    async close() {
      closed = true;
      clearInterval(checker);
      await changing.catch(() => undefined);
      await checking.catch(() => undefined);
      await Promise.all(served.map((root) => root.close()));
      served = [];
    },
  };
}
