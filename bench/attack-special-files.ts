/**
 * The special-file part of the attack run: the built CLI given a FIFO, a character device (when this process
 * may make one: root), a link to one, a folder and /proc/version as `--db` or `--out`. Every special file is
 * made in a temp folder; the machine's own /dev is never named. A case is damaged when the file it names is
 * no longer the kind of file it was (a device or a FIFO replaced by a regular file, a link replaced, a folder
 * gone), hung when the command did not end within the bound.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { copySampleProject, makeTempDir } from "../src/test-support/fixtures.js";
import { CLI_JS } from "./tsgraph.js";

export interface SpecialFileOutcome {
  readonly case: string;
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly damaged: boolean;
  readonly hung: boolean;
  readonly note: string;
}

const BOUND_MS = 60_000;

type FileKind = "fifo" | "character device" | "link" | "folder" | "regular file" | "missing";

function kindOf(file: string): FileKind {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch {
    return "missing";
  }
  if (stat.isSymbolicLink()) return "link";
  if (stat.isFIFO()) return "fifo";
  if (stat.isCharacterDevice()) return "character device";
  if (stat.isDirectory()) return "folder";
  return "regular file";
}

interface SpecialCase {
  readonly name: string;
  readonly file: string;
  readonly args: readonly string[];
  /** A reader on a FIFO, as a shell pipeline would have. */
  readonly readFifo?: boolean;
}

async function runBounded(
  args: readonly string[],
  fifoToRead: string | undefined,
): Promise<{ code: number | null; signal: string | null; hung: boolean; stderr: string }> {
  const reader =
    fifoToRead === undefined ? undefined : spawn("sh", ["-c", `cat "${fifoToRead}" > /dev/null`], { stdio: "ignore" });
  const child = spawn(process.execPath, [CLI_JS, ...args], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  let hung = false;
  const timer = setTimeout(() => {
    hung = true;
    child.kill("SIGKILL");
  }, BOUND_MS);
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
    child.on("exit", (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
  );
  clearTimeout(timer);
  reader?.kill("SIGKILL");
  return { code, signal, hung, stderr };
}

function makeDevice(file: string): boolean {
  return spawnSync("mknod", [file, "c", "1", "3"]).status === 0;
}

export async function attackSpecialFiles(): Promise<SpecialFileOutcome[]> {
  const root = copySampleProject("web-app");
  const dir = makeTempDir("ts-graph-attack-special-");
  const fifo = path.join(dir, "fifo");
  spawnSync("mkfifo", [fifo]);
  const device = path.join(dir, "null-device");
  const haveDevice = makeDevice(device);
  const deviceLink = path.join(dir, "device-link");
  if (haveDevice) fs.symlinkSync(device, deviceLink);
  const folder = path.join(dir, "a-folder");
  fs.mkdirSync(folder);
  const cases: SpecialCase[] = [
    {
      name: "snapshot --out FIFO (read by another process)",
      file: fifo,
      args: ["snapshot", root, "--out", fifo],
      readFifo: true,
    },
    { name: "index --db FIFO", file: fifo, args: ["index", root, "--quiet", "--db", fifo] },
    { name: "snapshot --out folder", file: folder, args: ["snapshot", root, "--out", folder] },
    { name: "index --db folder", file: folder, args: ["index", root, "--quiet", "--db", folder] },
    {
      name: "index --db /proc/version",
      file: "/proc/version",
      args: ["index", root, "--quiet", "--db", "/proc/version"],
    },
    ...(haveDevice
      ? [
          { name: "snapshot --out character device", file: device, args: ["snapshot", root, "--out", device] },
          {
            name: "snapshot --out link to a character device",
            file: deviceLink,
            args: ["snapshot", root, "--out", deviceLink],
          },
          { name: "index --db character device", file: device, args: ["index", root, "--quiet", "--db", device] },
          {
            name: "index --db link to a character device",
            file: deviceLink,
            args: ["index", root, "--quiet", "--db", deviceLink],
          },
        ]
      : []),
  ];
  const outcomes: SpecialFileOutcome[] = [];
  for (const special of cases) {
    const before = kindOf(special.file);
    const result = await runBounded(special.args, special.readFifo === true ? special.file : undefined);
    const after = kindOf(special.file);
    const firstError =
      result.stderr.split("\n").find((line) => line.trim() !== "" && !line.startsWith("indexed ")) ?? "";
    outcomes.push({
      case: special.name,
      exitCode: result.code,
      signal: result.signal,
      damaged: before !== after,
      hung: result.hung,
      note: before === after ? firstError.slice(0, 140) : `${before} became ${after}`,
    });
  }
  if (!haveDevice)
    outcomes.push({
      case: "character devices",
      exitCode: null,
      signal: null,
      damaged: false,
      hung: false,
      note: "not tried: mknod needs root",
    });
  return outcomes;
}
