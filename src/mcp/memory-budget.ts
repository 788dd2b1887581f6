/**
 * The server's memory rules (docs/mcp.md, Memory), pure: the default budget, and which roots release what
 * they keep warm (TypeScript programs, the edit tools' language service) when the process is over its budget
 * or a root has been idle too long.
 */

const MIB = 1024 * 1024;

/**
 * A served root's programs: not built (before the first warm-up); building (the warm-up runs); kept (every
 * project's whole program); released (by these rules: the next change builds what it needs); as needed (since a
 * release, the narrow programs the changes built, kept).
 */
export type ProgramsState = "not built" | "building" | "kept" | "released" | "as needed";

/**
 * What a served root keeps warm: its indexer's TypeScript programs (in the indexing thread) and the edit tools'
 * language service (in the server's thread). The status tool reports it (tools/status/memory-view.ts).
 */
export interface RootMemory {
  readonly programs: ProgramsState;
  /** The indexing thread's JavaScript heap after its last task (its programs, mostly); absent when unknown. */
  readonly indexerHeapBytes?: number | undefined;
  /** Whether the edit tools' language service is loaded (it holds every project of the root once used). */
  readonly editLanguageService: boolean;
  /** When a call last answered from this root, or a change was applied (ISO 8601). */
  readonly lastUsed: string;
}

/** The server process's memory and the limits these rules apply. The status tool reports it. */
export interface ServerMemory {
  /** Resident set size of the whole process (every thread). */
  readonly rssBytes: number;
  /** Above this RSS, the least recently used roots release their programs. */
  readonly budgetBytes: number;
  /** A root unused this long releases its programs; 0 means never. */
  readonly idleReleaseMinutes: number;
}

export interface MemorySettings {
  /** Above this RSS (bytes), the least recently used roots release their programs. */
  readonly budgetBytes: number;
  /** A root unused this long (ms) releases its programs; 0 means never. */
  readonly idleReleaseMs: number;
}

export const DEFAULT_IDLE_RELEASE_MINUTES = 30;

/**
 * A quarter of the machine's memory, or of the process's memory limit (a container's cgroup) when it has a
 * lower one: room for the other programs a developer runs beside an agent.
 */
export function defaultBudgetBytes(totalBytes: number, constrainedBytes: number | undefined): number {
  const available =
    constrainedBytes !== undefined && constrainedBytes > 0 ? Math.min(totalBytes, constrainedBytes) : totalBytes;
  return Math.floor(available / 4);
}

export function megabytes(bytes: number): number {
  return Math.round(bytes / MIB);
}

export function bytesOfMegabytes(value: number): number {
  return Math.round(value * MIB);
}

function durationText(ms: number): string {
  return ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`;
}

/** One served root as the rules see it. */
export interface RootUse {
  readonly root: string;
  /** When a call last answered from it, or a change was applied (ms since the epoch). */
  readonly lastUsedMs: number;
  /** The order of those uses across roots (higher: more recent); milliseconds can tie. */
  readonly useOrder: number;
  /** It keeps programs or a language service that a release would free. */
  readonly holdsMemory: boolean;
  /**
   * Its programs are every project's whole program (built ahead of changes), not only what its changes since
   * a release needed (those are never released for the budget while it is the root in use).
   */
  readonly wholePrograms: boolean;
}

export interface Release {
  readonly root: string;
  readonly why: string;
}

/**
 * The roots to release now: every root idle longer than the idle time, and, while the process is over its
 * budget, the least recently used root that holds memory, one per check (the next check sees what the
 * release gave back). The root used last is released for the budget only when no other root holds anything
 * and it keeps whole programs: once released, it keeps only what its changes need (narrow programs, rebuilt
 * by the changes themselves), and those it keeps even over the budget. So a root that alone passes the
 * budget is released once, never released and rebuilt call after call.
 */
export function rootsToRelease(
  roots: readonly RootUse[],
  rssBytes: number,
  settings: MemorySettings,
  nowMs: number,
): Release[] {
  const holding = roots.filter((root) => root.holdsMemory);
  const idle =
    settings.idleReleaseMs > 0 ? holding.filter((root) => nowMs - root.lastUsedMs >= settings.idleReleaseMs) : [];
  const releases: Release[] = idle.map((root) => ({
    root: root.root,
    why: `unused for ${durationText(nowMs - root.lastUsedMs)}`,
  }));
  if (rssBytes <= settings.budgetBytes) return releases;
  const latest = Math.max(...roots.map((root) => root.useOrder));
  const candidates = holding
    .filter((root) => root.useOrder !== latest && !idle.includes(root))
    .sort((a, b) => a.useOrder - b.useOrder);
  const over = `the server's RSS ${megabytes(rssBytes)} MB is over its budget of ${megabytes(settings.budgetBytes)} MB`;
  const oldest = candidates[0];
  if (oldest !== undefined) releases.push({ root: oldest.root, why: over });
  else {
    const inUse = holding.find((root) => root.useOrder === latest && !idle.includes(root));
    if (inUse?.wholePrograms === true)
      releases.push({
        root: inUse.root,
        why: `${over} with this root's programs alone; its changes now build only what they need`,
      });
  }
  return releases;
}
