/*
 * A stop asked of a thread while it waits for SQLite's write lock. better-sqlite3 cannot throw into a thread
 * being terminated (it aborts the whole process), so a thread inside that wait is asked to leave it instead:
 * it waits in short slices and checks the stop between them. Two shared flags, read with Atomics:
 * STOP (asked by the owner of the thread) and INSIDE (the thread is in a call SQLite may end with an error).
 */

const STOP = 0;
const INSIDE = 1;

/** The thread's side: `enter` before each attempt on the write lock (false: a stop was asked, do not start it), `leave` after. */
export interface WriteStop {
  enter(): boolean;
  leave(): void;
  /** Whether a stop was asked (a wait that got the lock as the stop came gives it back). */
  asked(): boolean;
}

/** A run stopped while it waited for the write lock: nothing was written. */
export class WriteStoppedError extends Error {
  constructor() {
    super("stopped while waiting for the write lock; nothing was written");
    this.name = "WriteStoppedError";
  }
}

/** The flags one thread and its owner share (pass them in workerData). */
export function createStopFlags(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
}

export function writeStopOf(flags: Int32Array): WriteStop {
  return {
    enter() {
      // INSIDE is set before STOP is read: an owner that reads INSIDE as 0 after setting STOP is sure this
      // thread sees STOP, and never enters SQLite again (the order of sequentially consistent Atomics).
      Atomics.store(flags, INSIDE, 1);
      if (Atomics.load(flags, STOP) === 0) return true;
      Atomics.store(flags, INSIDE, 0);
      return false;
    },
    leave() {
      Atomics.store(flags, INSIDE, 0);
    },
    asked: () => Atomics.load(flags, STOP) !== 0,
  };
}

/**
 * The owner's side: asks the thread to stop. True when the thread is inside a wait for the write lock: it
 * leaves it within a slice and must be let finish; false when terminating it is safe (it never enters one again).
 */
export function requestStop(flags: Int32Array): boolean {
  Atomics.store(flags, STOP, 1);
  return Atomics.load(flags, INSIDE) === 1;
}
