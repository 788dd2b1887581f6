import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "../config/config-error.js";
import { describeSpecialFile, isKernelPath, resolveWritePath } from "../db/graph-db-path.js";
import { writeFileWhole } from "../file-writes/durable-files.js";
import { inputErrorOf } from "../tools/inputs/os-input-errors.js";

/**
 * Where `--out` of snapshot, diff and merge writes, decided before any work:
 * - `fd`: an open file descriptor of this process (`-` and `/dev/stdout` are 1, `/dev/stderr` 2, `/dev/fd/N`
 *   and `/proc/self/fd/N` are N), written as it is, whatever it leads to;
 * - `stream`: a FIFO or a character device (`/dev/null`, a terminal), opened and written, never replaced;
 * - `file`: a regular file, or none yet, replaced whole (a temporary file renamed into place) at its real
 *   path: a symbolic link to it is written through and stays a link.
 * A folder, a socket, a block device, a link to nothing or a file of /proc or /sys is refused (exit 2).
 */
export type OutputTarget =
  | { readonly kind: "fd"; readonly fd: number }
  | { readonly kind: "stream"; readonly path: string }
  | { readonly kind: "file"; readonly path: string };

const DESCRIPTOR_PATHS: readonly [RegExp, (match: RegExpExecArray) => number][] = [
  [/^\/dev\/stdout$/, () => 1],
  [/^\/dev\/stderr$/, () => 2],
  [/^\/dev\/fd\/(\d+)$/, (match) => Number(match[1])],
  [/^\/proc\/self\/fd\/(\d+)$/, (match) => Number(match[1])],
];

const GIVE_INSTEAD = "give the path of a file, or - for stdout";

/** Where `out` (a path as given on the command line) is written; throws ConfigError for what cannot be written. */
export function outputTargetOf(out: string): OutputTarget {
  try {
    return targetOf(out);
  } catch (error) {
    // A path through a file, too long a name, a link loop: the path given is wrong, not the run (exit 2).
    const input = inputErrorOf(error, { "--out": out });
    if (input !== undefined) throw new ConfigError(input.message);
    throw error;
  }
}

function targetOf(out: string): OutputTarget {
  if (out === "-") return { kind: "fd", fd: 1 };
  const absolute = path.resolve(out);
  if (process.platform !== "win32") {
    for (const [pattern, fdOf] of DESCRIPTOR_PATHS) {
      const match = pattern.exec(absolute);
      if (match !== null) return { kind: "fd", fd: fdOf(match) };
    }
  }
  const stat = fs.statSync(absolute, { throwIfNoEntry: false });
  if (stat === undefined) {
    if (fs.lstatSync(absolute, { throwIfNoEntry: false })?.isSymbolicLink() === true) {
      throw new ConfigError(
        `--out ${out} is a symbolic link to nothing (${fs.readlinkSync(absolute)}); ${GIVE_INSTEAD}`,
      );
    }
    return { kind: "file", path: resolveWritePath(absolute) };
  }
  if (stat.isFIFO() || stat.isCharacterDevice()) return { kind: "stream", path: absolute };
  if (!stat.isFile()) throw new ConfigError(`--out ${out} is ${describeSpecialFile(stat)}; ${GIVE_INSTEAD}`);
  const real = fs.realpathSync.native(absolute);
  if (isKernelPath(real))
    throw new ConfigError(
      `--out ${out} is a file of the kernel (${real}), not one to write a report to; ${GIVE_INSTEAD}`,
    );
  return { kind: "file", path: real };
}

/** Writes text to the target outputTargetOf chose. */
export function writeOutput(target: OutputTarget, text: string): void {
  if (target.kind === "file") {
    fs.mkdirSync(path.dirname(target.path), { recursive: true });
    writeFileWhole(target.path, text);
  } else if (target.kind === "stream") fs.writeFileSync(target.path, text, { flag: "a" });
  else if (target.fd === 1) process.stdout.write(text);
  else if (target.fd === 2) process.stderr.write(text);
  else {
    const bytes = Buffer.from(text);
    for (let written = 0; written < bytes.length; ) written += fs.writeSync(target.fd, bytes, written);
  }
}
