import fs from "node:fs";
import path from "node:path";
import { removeQuietly, syncFolder, temporaryPathFor } from "../file-writes/durable-files.js";
import type { OutputTarget } from "./output-target.js";

/**
 * Where `ts-graph export` streams its parts. A file is written to a temporary file beside it and renamed into
 * place only once the whole export is written (commit), so a failed export leaves the old file or none, never half
 * of one. Text is gathered into chunks of CHUNK_CHARS before each write.
 */
export interface ExportOutput {
  write(part: string, text: string): void;
  /** Every part is written: the temporary files are flushed and renamed into place. */
  commit(): void;
  /** The export failed: the temporary files are removed, nothing is renamed. */
  abort(): void;
}

const CHUNK_CHARS = 1 << 16;

interface PartWriter {
  write(text: string): void;
  flush(): void;
  commit(): void;
  abort(): void;
}

function chunked(writeBytes: (text: string) => void): Pick<PartWriter, "write" | "flush"> {
  let pending: string[] = [];
  let size = 0;
  const flush = (): void => {
    if (size === 0) return;
    writeBytes(pending.join(""));
    pending = [];
    size = 0;
  };
  return {
    write(text) {
      pending.push(text);
      size += text.length;
      if (size >= CHUNK_CHARS) flush();
    },
    flush,
  };
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  for (let written = 0; written < bytes.length; ) written += fs.writeSync(fd, bytes, written);
}

/** A regular file, replaced whole: the temporary file is created exclusively, flushed, then renamed over it. */
function fileWriter(absolute: string): PartWriter {
  fs.mkdirSync(path.dirname(absolute), { recursive: true });
  const existing = fs.statSync(absolute, { throwIfNoEntry: false });
  const mode = existing === undefined ? 0o644 : existing.mode & 0o7777;
  const temporary = temporaryPathFor(absolute);
  let fd: number | undefined = fs.openSync(temporary, "wx", mode);
  const chunks = chunked((text) => writeAll(fd ?? -1, text));
  const close = (): void => {
    if (fd !== undefined) fs.closeSync(fd);
    fd = undefined;
  };
  return {
    ...chunks,
    commit() {
      chunks.flush();
      if (fd !== undefined) fs.fsyncSync(fd);
      close();
      fs.renameSync(temporary, absolute);
      syncFolder(path.dirname(absolute));
    },
    abort() {
      try {
        close();
      } finally {
        removeQuietly(temporary);
      }
    },
  };
}

/** stdout, stderr, an open descriptor, a FIFO or a device: written as the text comes, nothing to rename. */
function streamWriter(target: Exclude<OutputTarget, { kind: "file" }>): PartWriter {
  let fd: number | undefined;
  const writeBytes = (text: string): void => {
    if (target.kind === "fd" && target.fd === 1) process.stdout.write(text);
    else if (target.kind === "fd" && target.fd === 2) process.stderr.write(text);
    else {
      fd ??= target.kind === "fd" ? target.fd : fs.openSync(target.path, "a");
      writeAll(fd, text);
    }
  };
  const closeOwn = (): void => {
    if (target.kind === "stream" && fd !== undefined) fs.closeSync(fd);
    fd = undefined;
  };
  const chunks = chunked(writeBytes);
  return {
    ...chunks,
    commit() {
      chunks.flush();
      closeOwn();
    },
    abort: closeOwn,
  };
}

/** The writers of an export's parts: one target per part (`graph`, or the CSV pair's `nodes` and `edges`). */
export function openExportOutput(targets: ReadonlyMap<string, OutputTarget>): ExportOutput {
  const writers = new Map<string, PartWriter>();
  try {
    for (const [part, target] of targets)
      writers.set(part, target.kind === "file" ? fileWriter(target.path) : streamWriter(target));
  } catch (error) {
    for (const writer of writers.values()) writer.abort();
    throw error;
  }
  return {
    write(part, text) {
      const writer = writers.get(part);
      if (writer === undefined) throw new Error(`export wrote a part it has no target for: ${part}`);
      writer.write(text);
    },
    commit() {
      // Every part is flushed before any is renamed: a failure in one leaves none of them replaced.
      for (const writer of writers.values()) writer.flush();
      for (const writer of writers.values()) writer.commit();
    },
    abort() {
      for (const writer of writers.values()) writer.abort();
    },
  };
}
