import { echoed } from "../answer/text.js";
import { ToolInputError } from "../tool-errors.js";

/**
 * Operating-system errors that the input causes (a path too long, through a file, in a link loop; arguments
 * too long to start a process), as the front ends report them: an input error naming the argument, not a
 * crash. Each tool already checks what it can (path-validator.ts, the zod limits); this is the net under them.
 */
const INPUT_CAUSED: Readonly<Record<string, string>> = {
  ENAMETOOLONG: "a path or file name is longer than the file system allows; give a shorter path",
  ENOTDIR: "a part of the path is a file, not a folder; give the path of an existing file or folder",
  ELOOP: "the path goes through a symbolic link loop; give the real path",
  E2BIG: "the arguments are too long for the system to pass on; shorten them",
};

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The arguments the error's path ends with, else every string argument. */
function culprits(error: NodeJS.ErrnoException, input: Readonly<Record<string, unknown>>): string[] {
  const failed = error.path ?? "";
  const named = Object.entries(input).filter(([, value]) =>
    stringsOf(value).some((text) => text !== "" && failed !== "" && failed.endsWith(text)),
  );
  const chosen = named.length > 0 ? named : Object.entries(input).filter(([, value]) => stringsOf(value).length > 0);
  return chosen.map(([name]) => name);
}

/** The input error an OS error caused by `input` stands for, or undefined for any other error. */
export function inputErrorOf(error: unknown, input: Readonly<Record<string, unknown>>): ToolInputError | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code === undefined ? undefined : INPUT_CAUSED[code];
  if (reason === undefined) return undefined;
  const names = culprits(error as NodeJS.ErrnoException, input);
  const subject = names.length === 0 ? "The input" : names.map((name) => echoed(name)).join(", ");
  return new ToolInputError(`${subject}: ${reason} (${code}).`, { code, arguments: names });
}
