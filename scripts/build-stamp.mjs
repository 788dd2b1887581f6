// The build's freshness, so that `npm test` builds only when something the build reads changed since the last build
// (CI builds once, at `npm install`). `node scripts/build-stamp.mjs clean` empties dist/ (the build's first step, so
// that a module moved or removed in src/ leaves no stale output behind); `node scripts/build-stamp.mjs write` records a finished build (the last step of
// `npm run build`); `node scripts/build-stamp.mjs build-if-stale` runs `npm run build` unless dist/ is newer than every
// input (src/, scripts/ and their folders, package.json, package-lock.json, the tsconfig files) and holds every output.
// Not seen: a file whose time an unpacker or `cp -p` kept older, and a change inside node_modules without a lockfile
// change (run `npm run build` then).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STAMP = path.join(REPO_ROOT, "dist", ".build-stamp");
const INPUT_FOLDERS = ["src", "scripts"];
const INPUT_FILES = ["package.json", "package-lock.json", "tsconfig.json", "tsconfig.build.json"];
/** What a finished build leaves besides the compiled modules; a build without one of them is not finished. */
const OUTPUTS = ["cli.js", "o200k-ranks.bin", path.join("mcp", "tool-list.json")];

/** The newest modification time among the build's inputs, and the file that has it. */
function newestInput() {
  let newest = { time: 0, file: "" };
  const consider = (file) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat !== undefined && stat.mtimeMs > newest.time) newest = { time: stat.mtimeMs, file };
  };
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        // A folder's own time changes when a file in it is added, removed or renamed.
        consider(full);
        walk(full);
      } else consider(full);
    }
  };
  for (const folder of INPUT_FOLDERS) {
    consider(path.join(REPO_ROOT, folder));
    walk(path.join(REPO_ROOT, folder));
  }
  for (const file of INPUT_FILES) consider(path.join(REPO_ROOT, file));
  return newest;
}

const mode = process.argv[2];
if (mode === "clean") {
  fs.rmSync(path.join(REPO_ROOT, "dist"), { recursive: true, force: true });
} else if (mode === "write") {
  fs.writeFileSync(STAMP, `${new Date().toISOString()}\n`);
} else if (mode === "build-if-stale") {
  const built = fs.statSync(STAMP, { throwIfNoEntry: false });
  const newest = newestInput();
  const missing = OUTPUTS.find((output) => !fs.existsSync(path.join(REPO_ROOT, "dist", output)));
  if (built !== undefined && missing === undefined && built.mtimeMs >= newest.time) {
    process.stdout.write(
      `dist/ is newer than every source (built ${fs.readFileSync(STAMP, "utf8").trim()}): no build needed\n`,
    );
  } else {
    const reason =
      built === undefined
        ? "no finished build in dist/"
        : missing !== undefined
          ? `dist/${missing} is missing`
          : `${path.relative(REPO_ROOT, newest.file) || "."} changed since the last build`;
    process.stdout.write(`building: ${reason}\n`);
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const result = spawnSync(npm, ["run", "build"], {
      cwd: REPO_ROOT,
      stdio: "inherit",
      shell: process.platform === "win32",
    });
    process.exit(result.status ?? 1);
  }
} else {
  process.stderr.write("usage: node scripts/build-stamp.mjs clean | write | build-if-stale\n");
  process.exit(2);
}
