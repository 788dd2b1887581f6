import { RootsListChangedNotificationSchema, type Root, type Server } from "../vendor/mcp-sdk.js";
import { fileURLToPath } from "node:url";
import type { Workspace } from "./workspace.js";

/** How long the server waits for the client to answer roots/list. */
const LIST_ROOTS_TIMEOUT_MS = 5000;

export interface ClientRoots {
  /** Resolves once the roots to serve are known: the client's (when it offers roots) or the command line's. */
  settled(): Promise<void>;
}

/** The local folders among the client's roots (file: URIs); any other URI is logged and skipped. */
export function rootPaths(roots: readonly Pick<Root, "uri">[], log: (message: string) => void): string[] {
  return roots.flatMap((root) => {
    try {
      return [fileURLToPath(root.uri)];
    } catch {
      log(`the client offered a root that is not a local folder (${root.uri}); ignored`);
      return [];
    }
  });
}

/**
 * Honours the roots the client offers when no -r was given: asked once the client is initialized and has its
 * first tool answer (Workspace.afterFirstAnswer), or at the first call, and again on each
 * notifications/roots/list_changed. Opening the roots waits as long: the tool list is answered first.
 */
export function createClientRoots(server: Server, workspace: Workspace, log: (message: string) => void): ClientRoots {
  let first: Promise<void> | undefined;

  async function offered(): Promise<string[] | undefined> {
    // Roots given with -r are pinned: the client is not even asked.
    if (!workspace.followsClientRoots || server.getClientCapabilities()?.roots === undefined) return undefined;
    try {
      const { roots } = await server.listRoots(undefined, { timeout: LIST_ROOTS_TIMEOUT_MS });
      return rootPaths(roots, log);
    } catch (error) {
      log(
        `the client's roots could not be listed (${error instanceof Error ? error.message : String(error)}); serving the command-line roots`,
      );
      return undefined;
    }
  }

  function settled(): Promise<void> {
    first ??= offered().then((roots) => workspace.useRoots(roots));
    return first;
  }

  server.oninitialized = () => workspace.afterFirstAnswer(() => void settled());
  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
    await settled();
    const roots = await offered();
    if (roots !== undefined) await workspace.useRoots(roots);
  });
  return { settled };
}
