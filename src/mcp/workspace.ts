import fs from "node:fs";
import path from "node:path";
import { createPathValidator, type PathValidator } from "../tools/path-validator.js";
import type { RootState } from "../tools/tool-contract.js";
import { openServedRoot, type RootSpec, type ServedRoot, type ServedRootHooks } from "./served-root.js";

/** How long after the roots are known the first runs start, unless a tool call starts them sooner. */
const FIRST_RUN_DELAY_MS = 100;

export interface WorkspaceOptions {
  /** Roots given on the command line (or the working directory when none was). */
  readonly roots: readonly RootSpec[];
  /** The roots are only the default (no -r was given): roots the client offers replace them rather than join them. */
  readonly rootsAreDefault: boolean;
  readonly hooks: ServedRootHooks;
}

/** Every root the server answers for, and the one path validator that guards them all. */
export interface Workspace {
  readonly paths: PathValidator;
  /** The roots served now, in order: the command line's, then the client's. */
  served(): readonly ServedRoot[];
  states(): readonly RootState[];
  /**
   * Serves the command-line roots plus these roots offered by the client (`roots/list`), or only these
   * when the command-line roots are the default. undefined or [] means the command-line roots alone.
   * Roots no longer wanted are closed; new ones are opened and their first run starts.
   */
  useRoots(clientRoots: readonly string[] | undefined): Promise<void>;
  close(): Promise<void>;
}

/** The roots to serve: the command line's, joined or replaced by the client's. Pure. */
export function wantedRoots(options: Pick<WorkspaceOptions, "roots" | "rootsAreDefault">, clientRoots: readonly string[] | undefined): RootSpec[] {
  if (clientRoots === undefined || clientRoots.length === 0) return [...options.roots];
  const offered = clientRoots.map((root) => ({ root }));
  return options.rootsAreDefault ? offered : [...options.roots, ...offered];
}

function canonicalDirectory(root: string): string | undefined {
  try {
    const real = fs.realpathSync.native(path.resolve(root));
    return fs.statSync(real).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

export function createWorkspace(options: WorkspaceOptions): Workspace {
  const { hooks } = options;
  const paths = createPathValidator([]);
  let served: ServedRoot[] = [];
  let changing: Promise<void> = Promise.resolve();
  let closed = false;

  const states = (): readonly RootState[] => served.map((root) => root.state());

  async function apply(clientRoots: readonly string[] | undefined): Promise<void> {
    if (closed) return;
    const wanted = new Map<string, RootSpec>();
    for (const spec of wantedRoots(options, clientRoots)) {
      const canonical = canonicalDirectory(spec.root);
      if (canonical === undefined) hooks.log(`${spec.root}: not a directory; not served`);
      else if (!wanted.has(canonical)) wanted.set(canonical, { ...spec, root: canonical });
    }
    const kept = served.filter((root) => wanted.has(root.root));
    const dropped = served.filter((root) => !wanted.has(root.root));
    const next = [...wanted.values()].map(
      (spec) => kept.find((root) => root.root === spec.root) ?? openServedRoot(spec, paths, hooks, states),
    );
    served = next;
    paths.setRoots(
      next.map((root) => root.root),
      next.map((root) => root.dbPath),
    );
    for (const root of dropped) hooks.log(`${root.root}: no longer served`);
    await Promise.all(dropped.map((root) => root.close()));
    // First runs go on in the background once the client's first requests (tools/list) are answered;
    // a tool call starts its root's at once and waits for it.
    setTimeout(() => {
      for (const root of next) void root.start();
    }, FIRST_RUN_DELAY_MS).unref();
  }

  return {
    paths,
    served: () => served,
    states,
    useRoots(clientRoots) {
      changing = changing.catch(() => undefined).then(() => apply(clientRoots));
      return changing;
    },
    async close() {
      closed = true;
      await changing.catch(() => undefined);
      await Promise.all(served.map((root) => root.close()));
      served = [];
    },
  };
}
