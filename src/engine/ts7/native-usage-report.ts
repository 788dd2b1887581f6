import { execFileSync } from "node:child_process";
import fs from "node:fs";

/**
 * For benchmarks only: TypeScript 7's native child process is a process of its own, so the node process's
 * `process.resourceUsage()` (bench/report-rss.cjs) leaves out its memory and CPU. When the bench names its
 * figures file in this variable (bench/measure.ts RSS_ENV_VAR), the session appends one line for its child
 * there before ending it. Without the variable nothing is registered, read or written.
 */
const USAGE_FILE_VARIABLE = "TS_GRAPH_BENCH_RSS_FILE";

/** The line appended: the native child's peak RSS (VmHWM, KiB) and user + system CPU, for the bench to add to its parent's. */
interface NativeUsageLine {
  readonly pid: number;
  /** The process that spawned the child: its worker threads share its pid. */
  readonly ppid: number;
  readonly maxRSSKiB: number;
  /** Null when the clock tick rate is unknown (`getconf CLK_TCK` failed). */
  readonly cpuMs: number | null;
  readonly native: true;
}

/**
 * Arms the report of a native child's usage when the bench's variable is set: it is appended once, by the
 * returned function (call it before ending the child) or, if the process exits first, on exit (`prependListener`:
 * before the API's own exit listener kills the child). Undefined without the variable or a pid: nothing armed.
 */
export function armNativeUsageReport(childPid: number | undefined): (() => void) | undefined {
  const file = process.env[USAGE_FILE_VARIABLE];
  if (file === undefined || file === "" || childPid === undefined) return undefined;
  let reported = false;
  const report = (): void => {
    if (reported) return;
    reported = true;
    process.removeListener("exit", report);
    try {
      const usage = readNativeUsage(childPid);
      if (usage !== undefined) fs.appendFileSync(file, `${JSON.stringify(usage)}\n`);
    } catch {
      // Never let the measurement change what the measured process does.
    }
  };
  process.prependListener("exit", report);
  return report;
}

/** The child's line from /proc (Linux); undefined where there is no /proc or the child is gone. */
function readNativeUsage(pid: number): NativeUsageLine | undefined {
  let status: string;
  let stat: string;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  const peak = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
  if (peak === undefined) return undefined;
  return { pid, ppid: process.pid, maxRSSKiB: Number(peak), cpuMs: cpuMsOfStat(stat), native: true };
}

/**
 * utime + stime (fields 14 and 15 of /proc/<pid>/stat, in clock ticks) in ms. The fields are counted after the
 * command name's closing parenthesis (the name may hold spaces): field 3, the state, comes right after it.
 */
function cpuMsOfStat(stat: string): number | null {
  const ticksPerSecond = clockTicksPerSecond();
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[14 - 3]);
  const stime = Number(fields[15 - 3]);
  if (ticksPerSecond === null || !Number.isFinite(utime) || !Number.isFinite(stime)) return null;
  return Math.round(((utime + stime) * 1000) / ticksPerSecond);
}

let ticksPerSecondOnce: number | null | undefined;

/** The kernel's clock tick rate (`getconf CLK_TCK`), asked once per thread; null if getconf fails. */
function clockTicksPerSecond(): number | null {
  if (ticksPerSecondOnce === undefined) {
    try {
      const rate = Number(
        execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim(),
      );
      ticksPerSecondOnce = Number.isInteger(rate) && rate > 0 ? rate : null;
    } catch {
      ticksPerSecondOnce = null;
    }
  }
  return ticksPerSecondOnce;
}
