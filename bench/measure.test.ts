import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runTreeMeasured } from "./measure.js";
import { HANG_MS } from "../src/test-support/patience.js";

const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-graph-measure-test-"));
afterAll(() => fs.rmSync(tmpDir, { recursive: true, force: true }));

const CHILD_MIB = 256;

describe(runTreeMeasured.name, () => {
  it("reports the peak RSS of the largest process of the tree (a child the launcher waits for), and the launcher's own", async () => {
    const child = path.join(tmpDir, "child.cjs");
    fs.writeFileSync(child, `const b = Buffer.alloc(${CHILD_MIB} * 1024 * 1024, 1); process.stdout.write(String(b[b.length - 1]));\n`);
    const launcher = path.join(tmpDir, "launcher.cjs");
    fs.writeFileSync(launcher, `require("node:child_process").execFileSync(process.execPath, [${JSON.stringify(child)}], { stdio: "inherit" });\n`);
    const result = await runTreeMeasured(launcher, [], { tmpDir, timeoutMs: HANG_MS });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe("1");
    expect(result.maxRssKiB).toBeGreaterThan(CHILD_MIB * 1024);
    expect(result.rootRssKiB).not.toBeNull();
    expect(result.rootRssKiB).toBeLessThan(CHILD_MIB * 1024);
    expect(result.cpuMs).not.toBeNull();
  });
});
