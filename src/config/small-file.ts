import fs from "node:fs";

/** Larger than this, a project config file (package.json, a test runner's config) is not read: they are kilobytes. */
const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

/**
 * A small project file's text, or why it is not read: not a regular file (a FIFO would block the read, so the file
 * is opened without blocking and checked before it is read), larger than `maxBytes`, or unreadable. Follows
 * symbolic links: the caller decides where a file may lead.
 */
export function readSmallFile(
  file: string,
  maxBytes = MAX_CONFIG_FILE_BYTES,
): { readonly text: string } | { readonly unreadable: string } {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { unreadable: `it cannot be read (${error instanceof Error ? error.message : String(error)})` };
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return { unreadable: "it is not a regular file" };
    if (stat.size > maxBytes) return { unreadable: `it is larger than ${maxBytes / 1024 / 1024} MB` };
    return { text: fs.readFileSync(fd, "utf8") };
  } catch (error) {
    return { unreadable: `it cannot be read (${error instanceof Error ? error.message : String(error)})` };
  } finally {
    fs.closeSync(fd);
  }
}
