import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDirs } from "../test-support/fixtures.js";
import { createPathValidator } from "../tools/inputs/path-validator.js";
import { ToolInputError } from "../tools/tool-errors.js";
import { pickRoot } from "./root-selection.js";

afterAll(removeTempDirs);

function roots(): { a: string; b: string } {
  const base = makeTempDir();
  const a = path.join(base, "app");
  const b = path.join(base, "lib");
  for (const root of [a, b]) fs.mkdirSync(path.join(root, "src"), { recursive: true });
  fs.writeFileSync(path.join(a, "src", "shared.ts"), "");
  fs.writeFileSync(path.join(b, "src", "shared.ts"), "");
  fs.writeFileSync(path.join(b, "src", "only-lib.ts"), "");
  return { a, b };
}

function refusal(action: () => unknown): ToolInputError {
  try {
    action();
  } catch (error) {
    if (error instanceof ToolInputError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

const none = { root: undefined, input: {}, workspaceWide: false };

describe(pickRoot.name, () => {
  it("takes the only root without a hint", () => {
    const { a } = roots();
    expect(pickRoot([a], none, createPathValidator([a]))).toBe(a);
  });

  it("takes the root input as a root's path, a path inside it, or its folder name", () => {
    const { a, b } = roots();
    const paths = createPathValidator([a, b]);
    expect(pickRoot([a, b], { ...none, root: b }, paths)).toBe(b);
    expect(pickRoot([a, b], { ...none, root: path.join(b, "src") }, paths)).toBe(b);
    expect(pickRoot([a, b], { ...none, root: "lib" }, paths)).toBe(b);
    expect(refusal(() => pickRoot([a, b], { ...none, root: "nope" }, paths)).message).toMatch(
      /"nope" is not a root; pass one of/,
    );
    expect(refusal(() => pickRoot([a, b], { ...none, root: `${a}/../../..` }, paths)).message).toMatch(
      /outside the workspace/,
    );
  });

  it("follows path inputs: an absolute path's root, or the one root where a relative path exists", () => {
    const { a, b } = roots();
    const paths = createPathValidator([a, b]);
    expect(pickRoot([a, b], { ...none, input: { path: path.join(a, "src", "new.ts") } }, paths)).toBe(a);
    expect(pickRoot([a, b], { ...none, input: { files: ["src/only-lib.ts"] } }, paths)).toBe(b);
    expect(refusal(() => pickRoot([a, b], { ...none, input: { path: "src/shared.ts" } }, paths)).details).toEqual({
      roots: [a, b],
    });
    expect(
      refusal(() => pickRoot([a, b], { ...none, input: { paths: [path.join(a, "x"), path.join(b, "y")] } }, paths))
        .message,
    ).toMatch(/several roots/);
  });

  it("never picks silently among several roots, except for a workspace-wide tool", () => {
    const { a, b } = roots();
    const paths = createPathValidator([a, b]);
    const error = refusal(() => pickRoot([a, b], { ...none, input: { symbol: "src/shared.ts:x" } }, paths));
    expect(error.message).toBe(
      `this server serves several roots and the call does not say which; pass "root" with one of: ${a}, ${b}.`,
    );
    expect(pickRoot([a, b], { ...none, workspaceWide: true }, paths)).toBe(a);
    expect(refusal(() => pickRoot([], none, createPathValidator([]))).message).toMatch(/No workspace root is served/);
  });
});
