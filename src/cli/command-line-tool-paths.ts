import fs from "node:fs";
import path from "node:path";
import type { PathInputKind } from "../tools/inputs/input-limits.js";
import { isInside } from "../tools/inputs/path-validator.js";
import { echoed } from "../tools/answer/text.js";
import type { ToolDefinition } from "../tools/tool-contract.js";
import { ToolInputError } from "../tools/tool-errors.js";
import type { CliInput } from "./tool-inputs.js";

/** The real path of the nearest existing ancestor, with the missing tail appended. */
function canonical(absolute: string): string {
  const tail: string[] = [];
  let existing = absolute;
  for (;;) {
    try {
      return path.join(fs.realpathSync.native(existing), ...tail.reverse());
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return absolute;
      tail.push(path.basename(existing));
      existing = parent;
    }
  }
}

/** `absolute` relative to the root with `/` separators, "." for the root itself; undefined when it lies outside. */
function underRoot(root: string, absolute: string): string | undefined {
  const inside = isInside(root, absolute)
    ? absolute
    : isInside(root, canonical(absolute))
      ? canonical(absolute)
      : undefined;
  if (inside === undefined) return undefined;
  return path.relative(root, inside).split(path.sep).join("/") || ".";
}

function outsideRoot(input: string, value: string, absolute: string, root: string, cwd: string): ToolInputError {
  return new ToolInputError(
    `${input} ${echoed(value)} is ${absolute}, outside the root ${root}: a relative path on the command line is relative to ` +
      `the working directory (${cwd}). Give a path inside the root, relative to the working directory or absolute.`,
    { outside: value },
  );
}

/**
 * One path given on the command line, for a tool: resolved against the working directory, then made relative
 * to the root (the tools take root-relative paths, as over MCP). A `pathOrName` input is a path only when it
 * names a file or folder from the working directory; otherwise it is passed as written (a package name, a
 * declaration), unless it reads as a path under the root that is not one under the working directory.
 */
function commandLineToolPath(kind: PathInputKind, input: string, value: string, root: string, cwd: string): string {
  const absolute = path.resolve(cwd, value);
  if (kind === "pathOrName" && !fs.existsSync(absolute)) {
    if (path.resolve(cwd) !== root && value.includes("/") && fs.existsSync(path.resolve(root, value))) {
      throw new ToolInputError(
        `${input} ${echoed(value)} is not a file or folder under the working directory (${cwd}), but is one under the root ${root}: ` +
          `a relative path on the command line is relative to the working directory. Give ${path.relative(cwd, path.resolve(root, value)) || "."}, or run from the root.`,
      );
    }
    return value;
  }
  const relative = underRoot(root, absolute);
  if (relative === undefined) throw outsideRoot(input, value, absolute, root, cwd);
  return relative;
}

/**
 * The inputs of a tool run from the command line, with every path input given there (a string or a list of
 * them) made relative to the root (commandLineToolPath). A default (list's and zoom's `.`) stays the root's.
 */
export function commandLineToolInputs<Input extends Record<string, unknown>>(
  tool: Pick<ToolDefinition, "positional">,
  inputs: ReadonlyMap<string, CliInput>,
  input: Input,
  given: ReadonlySet<string>,
  place: { readonly root: string; readonly cwd: string },
): Input {
  const resolved: Record<string, unknown> = { ...input };
  for (const [name, value] of Object.entries(input)) {
    const kind = given.has(name) ? inputs.get(name)?.pathKind : undefined;
    if (kind === undefined) continue;
    const label = tool.positional.includes(name) ? `<${name}>` : (inputs.get(name)?.flag ?? name);
    const one = (item: unknown): unknown =>
      typeof item === "string" ? commandLineToolPath(kind, label, item, place.root, place.cwd) : item;
    resolved[name] = Array.isArray(value) ? value.map(one) : one(value);
  }
  return resolved as Input;
}
