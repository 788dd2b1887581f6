// Preload for benchmark child processes: `node --require bench/report-rss.cjs script.js ...`.
// On exit it appends one JSON line {pid, ppid, maxRSSKiB, cpuMs} to the file named by
// TS_GRAPH_BENCH_RSS_FILE. Lines are appended (not overwritten) so that a child
// process that re-uses the preload cannot clobber its parent's figure; the harness
// picks the line whose pid is the process it spawned.
// process.resourceUsage().maxRSS is in KiB (getrusage ru_maxrss) on Linux; cpuMs is the user and system
// CPU time of the whole process (every thread: worker threads and the garbage collector's included).
"use strict";
const fs = require("node:fs");
const target = process.env.TS_GRAPH_BENCH_RSS_FILE;
if (target) {
  process.on("exit", () => {
    try {
      const usage = process.resourceUsage();
      const line = JSON.stringify({
        pid: process.pid,
        ppid: process.ppid,
        maxRSSKiB: usage.maxRSS,
        cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000),
      });
      fs.appendFileSync(target, `${line}\n`);
    } catch {
      // Never let the measurement change the measured process's exit.
    }
  });
}
