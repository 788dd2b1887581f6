/**
 * Which thread extracts which file of a parallel run (`--jobs`, parallel-extraction.ts), over shared memory:
 * every thread starts with a contiguous range of the run's files and takes them from its front, one at a
 * time; a thread whose range is empty takes the last file of the range with the most files left (that it
 * can extract: its program must hold the file). So threads finish together even when a few files cost most
 * of the run, and each file is claimed exactly once. Claims take a lock word for a few instructions;
 * a failing thread raises the abort word, after which nobody claims anything.
 */

export interface WorkRange {
  readonly start: number;
  readonly end: number;
}

/** Int32 words: the lock, the abort flag, then `next` and `end` of each range. */
const LOCK = 0;
const ABORT = 1;
const HEADER = 2;

/** The shared board of a run's claims: one per run, given to every thread that extracts. */
export type ClaimBoard = Int32Array;

export function createClaimBoard(ranges: readonly WorkRange[]): ClaimBoard {
  const board = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * (HEADER + 2 * ranges.length)));
  ranges.forEach((range, index) => {
    board[HEADER + 2 * index] = range.start;
    board[HEADER + 2 * index + 1] = range.end;
  });
  return board;
}

/** The board over a buffer another thread created. */
export function claimBoardOf(buffer: SharedArrayBuffer): ClaimBoard {
  return new Int32Array(buffer);
}

function rangeCount(board: ClaimBoard): number {
  return (board.length - HEADER) / 2;
}

function withLock<T>(board: ClaimBoard, work: () => T): T {
  while (Atomics.compareExchange(board, LOCK, 0, 1) !== 0) {
    // Held for a few instructions by another thread: wait a moment for it.
    Atomics.wait(board, LOCK, 1, 1);
  }
  try {
    return work();
  } finally {
    Atomics.store(board, LOCK, 0);
    Atomics.notify(board, LOCK);
  }
}

/**
 * The next file for the thread that owns range `own`: the front of its range, else the back of the range with
 * the most files left whose last file `canTake` accepts; -1 when there is none, or the run was aborted.
 */
export function claimNext(board: ClaimBoard, own: number, canTake: (item: number) => boolean): number {
  return withLock(board, () => {
    if (Atomics.load(board, ABORT) !== 0) return -1;
    const next = HEADER + 2 * own;
    const front = board[next] ?? 0;
    if (front < (board[next + 1] ?? 0)) {
      board[next] = front + 1;
      return front;
    }
    let victim = -1;
    let most = 0;
    for (let range = 0; range < rangeCount(board); range++) {
      const left = (board[HEADER + 2 * range + 1] ?? 0) - (board[HEADER + 2 * range] ?? 0);
      if (range !== own && left > most && canTake((board[HEADER + 2 * range + 1] ?? 0) - 1)) {
        victim = range;
        most = left;
      }
    }
    if (victim < 0) return -1;
    const end = HEADER + 2 * victim + 1;
    board[end] = (board[end] ?? 0) - 1;
    return board[end] ?? -1;
  });
}

/** Stops every thread's claims: each finishes the file it has and takes no other. */
export function abortClaims(board: ClaimBoard): void {
  Atomics.store(board, ABORT, 1);
}

/** Whether some thread aborted the run. */
export function claimsAborted(board: ClaimBoard): boolean {
  return Atomics.load(board, ABORT) !== 0;
}

/**
 * Extracts claimed files until none is left for this thread: `enter(group)` prepares a group's program (a
 * project's) before its first file, and a thread takes from other ranges only files of the group it is in,
 * since taking another would cost the build of another program.
 */
export function workThroughClaims(
  board: ClaimBoard,
  own: number,
  groupOf: (item: number) => number,
  enter: (group: number) => void,
  work: (item: number) => void,
): void {
  let current = -1;
  for (;;) {
    const item = claimNext(board, own, (candidate) => groupOf(candidate) === current);
    if (item < 0) return;
    const group = groupOf(item);
    if (group !== current) {
      enter(group);
      current = group;
    }
    work(item);
  }
}
