import type { IndexProgress } from "../ingestion/run/indexer.js";

export interface ProgressReporter {
  update(progress: IndexProgress): void;
  finish(): void;
}

const BAR_WIDTH = 24;
const TTY_INTERVAL_MS = 100;

function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return "?";
  return seconds >= 60 ? `${Math.floor(seconds / 60)}m${Math.round(seconds % 60)}s` : `${Math.round(seconds)}s`;
}

/** Rate and remaining time from elapsed milliseconds and progress. */
export function progressFigures(progress: IndexProgress, elapsedMs: number): { rate: number; etaSeconds: number } {
  const rate = elapsedMs > 0 ? (progress.done * 1000) / elapsedMs : 0;
  const etaSeconds = rate > 0 ? (progress.total - progress.done) / rate : Number.POSITIVE_INFINITY;
  return { rate, etaSeconds };
}

export function progressBarLine(progress: IndexProgress, elapsedMs: number, columns: number): string {
  const { rate, etaSeconds } = progressFigures(progress, elapsedMs);
  const filled = progress.total === 0 ? BAR_WIDTH : Math.round((progress.done / progress.total) * BAR_WIDTH);
  const bar = `${"█".repeat(filled)}${"░".repeat(BAR_WIDTH - filled)}`;
  const line = `${bar} ${progress.done}/${progress.total} files  ${rate.toFixed(0)} files/s  ETA ${formatSeconds(etaSeconds)}  ${progress.file}`;
  return line.length > columns - 1 ? line.slice(0, columns - 1) : line;
}

export function progressPlainLine(progress: IndexProgress, elapsedMs: number): string {
  const { rate, etaSeconds } = progressFigures(progress, elapsedMs);
  const percent = Math.floor((progress.done / Math.max(progress.total, 1)) * 100);
  return `indexed ${progress.done}/${progress.total} files (${percent}%), ${rate.toFixed(0)} files/s, ETA ${formatSeconds(etaSeconds)}`;
}

/** A bar redrawn in place on a terminal; a line every tenth of the way otherwise; nothing when quiet. */
export function createProgressReporter(stream: NodeJS.WriteStream, quiet: boolean): ProgressReporter {
  if (quiet) return { update: () => undefined, finish: () => undefined };
  const startedAt = performance.now();
  let lastDraw = 0;
  let lastTenth = -1;
  let drewBar = false;
  return {
    update(progress) {
      const elapsed = performance.now() - startedAt;
      if (stream.isTTY) {
        if (elapsed - lastDraw < TTY_INTERVAL_MS && progress.done !== progress.total) return;
        lastDraw = elapsed;
        stream.write(`\r${progressBarLine(progress, elapsed, stream.columns ?? 80)}\u001b[K`);
        drewBar = true;
        return;
      }
      const tenth = Math.floor((progress.done / Math.max(progress.total, 1)) * 10);
      if (tenth === lastTenth || tenth === 0 || progress.total < 20) return;
      lastTenth = tenth;
      stream.write(`${progressPlainLine(progress, elapsed)}\n`);
    },
    finish() {
      if (drewBar) stream.write("\r\u001b[K");
    },
  };
}
