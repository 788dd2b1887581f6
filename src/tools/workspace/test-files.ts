import picomatch from "picomatch";
import {
  NAME_PATTERN_SCOPE,
  readTestRunnerSetup,
  testRunnerStamp,
  type TestRunnerSetup,
  type TestScope,
} from "../../config/test-runner-config.js";

/**
 * The one test-file rule of every tool (impact, callers, callees, paths, zoom, and the diff's tests to run): a
 * test is a file a test runner runs, by the runner's config where the project has one (vitest, jest, mocha, at
 * the root or in a workspace package; config/test-runner-config.ts reads them), else by its default patterns,
 * else by the usual test file names (`*.test.*`, `*.spec.*`, `__tests__/`). Any other file, in a `test/` folder
 * or not (fixtures, helpers), is code: the walks go through it and list it as a dependant.
 */
export interface TestFiles {
  /** Whether a root-relative, `/`-separated file is a test. */
  readonly isTest: (file: string) => boolean;
  /** What in the runners' configs could not be read literally and what stands for it, one sentence each. */
  readonly notes: readonly string[];
}

type Matcher = (file: string) => boolean;

/** A file's path relative to a root-relative folder, or undefined when it is not under it. */
function under(dir: string, file: string): string | undefined {
  if (dir === "") return file;
  return file.startsWith(`${dir}/`) ? file.slice(dir.length + 1) : undefined;
}

function regexes(patterns: readonly string[], source: string, notes: string[]): RegExp[] {
  return patterns.flatMap((pattern) => {
    try {
      return [new RegExp(pattern)];
    } catch {
      notes.push(`${source}: \`${pattern}\` is not a regular expression JavaScript reads; it is left out`);
      return [];
    }
  });
}

function scopeMatcher(root: string, scope: TestScope, notes: string[]): Matcher {
  if (scope.kind === "globs") {
    const include = picomatch([...scope.include], { dot: true });
    const exclude = scope.exclude.length === 0 ? () => false : picomatch([...scope.exclude], { dot: true });
    return (file) => {
      const relative = under(scope.dir, file);
      return relative !== undefined && include(relative) && !exclude(relative);
    };
  }
  // jest matches absolute paths; a glob written relative (no `**/` or <rootDir>) is also tried against the path from rootDir
  const absoluteRoot = root.replaceAll("\\", "/").replace(/\/$/, "");
  const testRegex = regexes(scope.testRegex, scope.source, notes);
  const ignore = regexes(scope.ignore, scope.source, notes);
  const testMatch = picomatch([...scope.testMatch], { dot: true });
  const relativeGlobs = scope.testMatch.filter(
    (glob) => !glob.startsWith("/") && !glob.startsWith("**") && !glob.startsWith("!"),
  );
  const relativeMatch = relativeGlobs.length === 0 ? () => false : picomatch(relativeGlobs, { dot: true });
  return (file) => {
    if (!scope.roots.some((rootFolder) => under(rootFolder, file) !== undefined)) return false;
    const absolute = `${absoluteRoot}/${file}`;
    if (ignore.some((pattern) => pattern.test(absolute))) return false;
    if (testRegex.length > 0) return testRegex.some((pattern) => pattern.test(absolute));
    const fromRootDir = under(scope.dir, file);
    return testMatch(absolute) || (fromRootDir !== undefined && relativeMatch(fromRootDir));
  };
}

/** The rule of a setup: the deepest folder with scopes that holds a file decides for it. */
function testFilesFrom(setup: TestRunnerSetup): TestFiles {
  const notes = [...setup.notes];
  const folders = setup.folders.map((folder) => ({
    dir: folder.dir,
    matchers: folder.scopes.map((scope) => scopeMatcher(setup.root, scope, notes)),
  }));
  const known = new Map<string, boolean>();
  const isTest = (file: string): boolean => {
    let answer = known.get(file);
    if (answer === undefined) {
      const owner = folders.find((folder) => under(folder.dir, file) !== undefined);
      answer = owner?.matchers.some((matches) => matches(file)) ?? false;
      known.set(file, answer);
    }
    return answer;
  };
  return { isTest, notes };
}

/** The usual test file names alone (`*.test.*`, `*.spec.*`, `__tests__/`): for a graph without its sources at hand. */
export const NAME_PATTERN_TESTS: TestFiles = testFilesFrom({
  root: "/",
  folders: [{ dir: "", scopes: [NAME_PATTERN_SCOPE] }],
  notes: [],
  consulted: [],
});

const byRoot = new Map<
  string,
  { readonly stamp: string; readonly consulted: readonly string[]; readonly files: TestFiles }
>();

/**
 * The test-file rule of a root, read again only when a runner file changed (a listing of the root's and each
 * workspace package's folder, and a look at each project config read: config/test-runner-config.ts `testRunnerStamp`).
 */
export async function testFilesOf(root: string): Promise<TestFiles> {
  const cached = byRoot.get(root);
  if (cached !== undefined && testRunnerStamp(root, cached.consulted) === cached.stamp) return cached.files;
  const before = testRunnerStamp(root, []);
  const setup = await readTestRunnerSetup(root);
  // A runner file changed while it was read: the stamp from before makes the next call read again.
  const unchanged = testRunnerStamp(root, []) === before;
  const files = testFilesFrom(setup);
  byRoot.set(root, {
    stamp: unchanged ? testRunnerStamp(root, setup.consulted) : before,
    consulted: setup.consulted,
    files,
  });
  return files;
}
