import { describe, expect, it } from "vitest";
import { memoryGraph } from "../../test-support/memory-graph.js";
import { editDistance, nameScore, requireSymbol, resolveSymbol, type SymbolResolution } from "./symbol-address.js";
import { ToolInputError } from "../tool-errors.js";

const db = memoryGraph([
  { key: "src/cart.ts:Cart", kind: "Class", start: 3, end: 20 },
  { key: "src/cart.ts:Cart.total", kind: "Method", start: 10, end: 12 },
  { key: "src/invoice.ts:Invoice", kind: "Class", start: 1, end: 30 },
  { key: "src/invoice.ts:Invoice.total", kind: "Method", start: 5, end: 9 },
  { key: "src/money.ts:Money", kind: "Interface", start: 1, end: 3 },
  { key: "src/money.ts:Money#namespace", kind: "Namespace", start: 5, end: 7 },
  { key: "src/wallet.ts:Wallet.balance", kind: "Method", start: 2, end: 2 },
  { key: "src/wallet.ts:Wallet.balance#set", kind: "Method", start: 3, end: 3 },
  { key: "src/format.ts:formatPrice", kind: "Function", start: 1, end: 4 },
  { key: "lib/format.ts:formatDate", kind: "Function", start: 1, end: 4 },
]);

function keyOf(resolution: SymbolResolution): string | undefined {
  return resolution.status === "found" ? resolution.node.key : undefined;
}

function keysOf(resolution: SymbolResolution): string[] {
  if (resolution.status === "ambiguous") return resolution.candidates.map((node) => node.key);
  if (resolution.status === "not-found") return resolution.suggestions.map((node) => node.key);
  return [];
}

describe(resolveSymbol.name, () => {
  it("finds a node by its key, its qualified name or a unique name", () => {
    expect(keyOf(resolveSymbol(db, { symbol: "src/cart.ts:Cart.total" }))).toBe("src/cart.ts:Cart.total");
    expect(keyOf(resolveSymbol(db, { symbol: "Cart.total" }))).toBe("src/cart.ts:Cart.total");
    expect(keyOf(resolveSymbol(db, { symbol: "formatPrice" }))).toBe("src/format.ts:formatPrice");
  });

  it("returns every candidate with file and lines when a name is ambiguous", () => {
    const resolution = resolveSymbol(db, { symbol: "total" });
    expect(resolution.status).toBe("ambiguous");
    expect(resolution.status === "ambiguous" && resolution.candidates).toEqual([
      {
        key: "src/cart.ts:Cart.total",
        kind: "Method",
        file: "src/cart.ts",
        qualifiedName: "Cart.total",
        startLine: 10,
        endLine: 12,
      },
      {
        key: "src/invoice.ts:Invoice.total",
        kind: "Method",
        file: "src/invoice.ts",
        qualifiedName: "Invoice.total",
        startLine: 5,
        endLine: 9,
      },
    ]);
  });

  it("narrows an ambiguous name with a file", () => {
    expect(keyOf(resolveSymbol(db, { symbol: "total", file: "src/invoice.ts" }))).toBe("src/invoice.ts:Invoice.total");
  });

  it("prefers the exact qualified name over later declarations of the same name", () => {
    expect(keyOf(resolveSymbol(db, { symbol: "Money" }))).toBe("src/money.ts:Money");
    expect(keyOf(resolveSymbol(db, { symbol: "Money#namespace" }))).toBe("src/money.ts:Money#namespace");
  });

  it("does not prefer a top-level declaration over members for a bare name", () => {
    const withMember = memoryGraph([
      { key: "src/server.ts:login" },
      { key: "src/users.ts:Users.login", kind: "Method" },
    ]);
    expect(keysOf(resolveSymbol(withMember, { symbol: "login" }))).toEqual([
      "src/server.ts:login",
      "src/users.ts:Users.login",
    ]);
    expect(keyOf(resolveSymbol(withMember, { symbol: "src/server.ts:login" }))).toBe("src/server.ts:login");
  });

  it("treats an accessor pair as two candidates for their shared name", () => {
    expect(keysOf(resolveSymbol(db, { symbol: "balance" }))).toEqual([
      "src/wallet.ts:Wallet.balance",
      "src/wallet.ts:Wallet.balance#set",
    ]);
    expect(keyOf(resolveSymbol(db, { symbol: "Wallet.balance" }))).toBe("src/wallet.ts:Wallet.balance");
  });

  it("finds a file by its path or, when unique, its name", () => {
    expect(keyOf(resolveSymbol(db, { symbol: "src/cart.ts" }))).toBe("src/cart.ts");
    expect(keyOf(resolveSymbol(db, { symbol: "./src/cart.ts" }))).toBe("src/cart.ts");
    expect(keyOf(resolveSymbol(db, { symbol: "cart.ts" }))).toBe("src/cart.ts");
    expect(keysOf(resolveSymbol(db, { symbol: "format.ts" }))).toEqual(["lib/format.ts", "src/format.ts"]);
  });

  it("suggests close names, case-insensitive matches and prefixes when nothing matches", () => {
    expect(keysOf(resolveSymbol(db, { symbol: "totl" }))).toEqual([
      "src/cart.ts:Cart.total",
      "src/invoice.ts:Invoice.total",
    ]);
    expect(keysOf(resolveSymbol(db, { symbol: "cart" }))[0]).toBe("src/cart.ts:Cart");
    expect(keysOf(resolveSymbol(db, { symbol: "format" }))).toEqual([
      "lib/format.ts",
      "src/format.ts",
      "lib/format.ts:formatDate",
      "src/format.ts:formatPrice",
    ]);
    expect(keysOf(resolveSymbol(db, { symbol: "zzzzzz" }))).toEqual([]);
  });

  it("suggests the name in other files when the file given does not declare it", () => {
    const resolution = resolveSymbol(db, { symbol: "formatPrice", file: "lib/format.ts" });
    expect(resolution.status).toBe("not-found");
    expect(keysOf(resolution)[0]).toBe("src/format.ts:formatPrice");
  });

  it("does not take a key whose file contradicts the file given", () => {
    expect(resolveSymbol(db, { symbol: "src/cart.ts:Cart.total", file: "src/invoice.ts" }).status).toBe("not-found");
  });
});

describe(requireSymbol.name, () => {
  function failure(symbol: string): ToolInputError {
    try {
      requireSymbol(db, { symbol });
    } catch (error) {
      if (error instanceof ToolInputError) return error;
    }
    throw new Error("expected a ToolInputError");
  }

  it("lists the candidates of an ambiguous address in the message and the details", () => {
    const error = failure("total");
    expect(error.message).toContain('"total" matches 2 declarations');
    expect(error.message).toContain("src/cart.ts:Cart.total (Method, lines 10-12)");
    expect(error.details.reason).toBe("ambiguous");
    expect(error.details.candidates).toHaveLength(2);
  });

  it("lists the closest names when nothing matches", () => {
    const error = failure("Cart.totl");
    expect(error.message).toContain('No declaration "Cart.totl"');
    expect(error.message).toContain("src/cart.ts:Cart.total (Method, lines 10-12)");
    expect(error.details.reason).toBe("not-found");
  });
});

describe(editDistance.name, () => {
  it("counts edits and gives up past the limit", () => {
    expect(editDistance("total", "totl", 2)).toBe(1);
    expect(editDistance("kitten", "sitting", 3)).toBe(3);
    expect(editDistance("kitten", "sitting", 2)).toBe(Infinity);
  });
});

describe(nameScore.name, () => {
  it("ranks equal, then prefix, then substring, then near names", () => {
    const scores = ["Total", "totalize", "grandTotal", "totl"].map((name) => nameScore(name, "total") ?? Infinity);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
    expect(nameScore("unrelated", "total")).toBeUndefined();
  });
});
