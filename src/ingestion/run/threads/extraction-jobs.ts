import type { WorkRange } from "./work-claims.js";

/**
 * How many threads a run extracts with (`--jobs`), and which files each starts with. Pure: the caller
 * reads the cores and the memory.
 *
 * Every thread builds (parses, binds) the whole program of the files it extracts, so a thread costs a
 * program's memory and the build's time again: on effect@3.22.4 the build is about a fifth of a full index
 * on one thread, and the checker work that several files need (the types of a module they all use) is
 * done again in each thread. Each thread's heap also keeps V8's helper threads busy (concurrent marking,
 * sweeping, compilation): about a third of the CPU of a full index on one thread. So a thread is worth
 * starting only when two cores are free for it (docs/performance.md, Parallel extraction).
 */

/** Cores one extraction thread keeps busy: its own, and about as much again for V8's helper threads. */
const CORES_PER_JOB = 2;

/** A run that extracts fewer files than this per thread is not worth another program. */
export const MIN_FILES_PER_JOB = 64;

/** Bytes of memory one thread's program takes per byte of the source files it indexes (measured on effect@3.22.4, zod, rxjs), and what it takes besides. */
const PROGRAM_BYTES_PER_SOURCE_BYTE = 100;
const PROGRAM_BASE_BYTES = 192 * 1024 * 1024;

export interface MachineCapacity {
  /** Threads the machine can run at once (`os.availableParallelism()`). */
  readonly cores: number;
  /** Memory that can still be used (the free memory, or what is left under a cgroup's limit). */
  readonly availableBytes: number;
}

/** The memory a thread that builds a program of these sources needs, about. */
export function programBytes(sourceBytes: number): number {
  return PROGRAM_BASE_BYTES + PROGRAM_BYTES_PER_SOURCE_BYTE * sourceBytes;
}

/**
 * The default `--jobs`: one thread per CORES_PER_JOB cores, no more threads than the memory holds programs
 * (the thread that writes builds one too), and no thread with fewer than MIN_FILES_PER_JOB files; at least 1.
 */
export function defaultJobs(machine: MachineCapacity, files: number, sourceBytes: number): number {
  const byCores = Math.floor(machine.cores / CORES_PER_JOB);
  const byMemory = Math.floor(machine.availableBytes / programBytes(sourceBytes));
  const byFiles = Math.floor(files / MIN_FILES_PER_JOB);
  return Math.max(1, Math.min(byCores, byMemory, byFiles));
}

/**
 * Splits items (in the order they are written) into at most `parts` contiguous ranges of about the same
 * total weight, none empty; fewer ranges when there are fewer items.
 */
export function partitionByWeight(weights: readonly number[], parts: number): WorkRange[] {
  const count = Math.max(1, Math.min(Math.floor(parts), weights.length));
  if (weights.length === 0) return [];
  const total = weights.reduce((sum, weight) => sum + Math.max(0, weight), 0);
  const ranges: WorkRange[] = [];
  let start = 0;
  let passed = 0;
  for (let part = 1; part < count; part++) {
    const target = (total * part) / count;
    // Leave at least one item for each range still to come, and take at least one.
    let end = start + 1;
    passed += Math.max(0, weights[start] ?? 0);
    while (end < weights.length - (count - part) && passed + Math.max(0, weights[end] ?? 0) / 2 <= target) {
      passed += Math.max(0, weights[end] ?? 0);
      end += 1;
    }
    ranges.push({ start, end });
    start = end;
  }
  ranges.push({ start, end: weights.length });
  return ranges;
}
