/**
 * Sets one `[table.name]` of a TOML file (Codex's `[mcp_servers.<name>]`) and leaves every other line as it
 * was. Only the form setup writes is edited: a table header of its own. The same entry written another way
 * (inline, or as dotted keys under `[mcp_servers]`) is reported, not rewritten. No IO.
 */

export type TomlScalar = string | readonly string[];

export class TomlEditError extends Error {}

const HEADER = /^\s*\[\[?\s*([^\]]*?)\s*\]\]?\s*(?:#.*)?$/;

/** A dotted key's parts, quotes removed (`mcp_servers."ts-graph"` → mcp_servers, ts-graph). */
function keyParts(key: string): string[] {
  return [...key.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+)/g)].map(
    (match) => match[1] ?? match[2] ?? match[3] ?? "",
  );
}

function startsWith(parts: readonly string[], prefix: readonly string[]): boolean {
  return prefix.every((part, index) => parts[index] === part);
}

function formatValue(value: TomlScalar): string {
  return typeof value === "string"
    ? JSON.stringify(value)
    : `[${value.map((item) => JSON.stringify(item)).join(", ")}]`;
}

/** `name` as a bare key when TOML allows it, else quoted. */
function formatKey(name: string): string {
  return /^[A-Za-z0-9_-]+$/.test(name) ? name : JSON.stringify(name);
}

function tomlTable(table: readonly string[], values: Readonly<Record<string, TomlScalar>>, newline = "\n"): string {
  const lines = [
    `[${table.map(formatKey).join(".")}]`,
    ...Object.entries(values).map(([key, value]) => `${formatKey(key)} = ${formatValue(value)}`),
  ];
  return lines.join(newline) + newline;
}

export interface TomlEdit {
  readonly text: string;
  readonly previous?: string;
  readonly unchanged: boolean;
}

interface Section {
  /** Index of the header line. */
  readonly first: number;
  /** Index after the section's last key line (trailing blank and comment lines stay where they are). */
  readonly end: number;
}

/** The lines of `[table]` and its sub-tables (`[table.env]`), up to the next other header. */
function findSection(lines: readonly string[], table: readonly string[]): Section | undefined {
  const first = lines.findIndex((line) => {
    const header = HEADER.exec(line);
    return header !== null && keyParts(header[1] ?? "").join("\0") === table.join("\0");
  });
  if (first < 0) return undefined;
  let next = first + 1;
  for (; next < lines.length; next++) {
    const header = HEADER.exec(lines[next] ?? "");
    if (header !== null && !startsWith(keyParts(header[1] ?? ""), table)) break;
  }
  let end = next;
  while (end > first + 1 && /^\s*(?:#.*)?$/.test(lines[end - 1] ?? "")) end--;
  return { first, end };
}

/** The entry written in a form this editor does not rewrite (inline table or dotted keys), if any. */
function otherForm(lines: readonly string[], table: readonly string[]): string | undefined {
  let current: string[] = [];
  for (const line of lines) {
    const header = HEADER.exec(line);
    if (header !== null) {
      current = keyParts(header[1] ?? "");
      continue;
    }
    const assignment = /^\s*([^=#]+?)\s*=/.exec(line);
    if (assignment === null) continue;
    const full = [...current, ...keyParts(assignment[1] ?? "")];
    if (startsWith(full, table) || (startsWith(table, full) && /\{/.test(line))) return line.trim();
  }
  return undefined;
}

/**
 * Sets `[table]` to `values`: replaces that table (and its sub-tables) when the file has it, else appends it
 * at the end. Every other line stays byte for byte.
 */
export function setTomlTable(
  text: string,
  table: readonly string[],
  values: Readonly<Record<string, TomlScalar>>,
): TomlEdit {
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const block = tomlTable(table, values, newline);
  const lines = text.split(/\r?\n/);
  const section = findSection(lines, table);
  if (section === undefined) {
    const inline = otherForm(lines, table);
    if (inline !== undefined) {
      throw new TomlEditError(
        `the file already sets ${table.join(".")} as \`${inline.slice(0, 120)}\`; setup edits only a [${table.join(".")}] table: change that line by hand, or remove it and run setup again`,
      );
    }
    const separator = text === "" ? "" : text.endsWith("\n") ? newline : newline + newline;
    return { text: text + separator + block, unchanged: false };
  }
  const previous = lines.slice(section.first, section.end).join(newline) + newline;
  if (previous === block) return { text, previous, unchanged: true };
  const before = lines.slice(0, section.first).join(newline);
  const after = lines.slice(section.end).join(newline);
  const edited = (section.first === 0 ? "" : before + newline) + block + after;
  return { text: edited, previous, unchanged: false };
}
