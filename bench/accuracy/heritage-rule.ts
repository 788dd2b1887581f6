import ts from "typescript-6";

/**
 * Why the compiler's find-references (and so its call hierarchy) does not relate a member to the member it
 * overrides: it walks base types only through heritage types that have a class or interface symbol, and
 * ts-graph's OVERRIDES follows any heritage type the checker sees members of.
 */
export type UnfollowedHeritage = "heritage type is a type alias of an intersection" | "heritage expression is a call";

/**
 * The declarations a class or interface reaches through its heritage clauses the way find-references walks
 * them (TypeScript's `getPropertySymbolsFromBaseTypes`): each heritage type's symbol, and on through the
 * heritage clauses of those that are classes or interfaces. Also the heritage types it met that it does not
 * walk through: a type with no symbol (`implements MetricKeyType.Counter<A>` where `Counter` is an
 * intersection), or an expression that is a call (`extends TaggedError("E")<…>`). Read from the heritage
 * clauses' syntax and the types the checker gives them; calls play no part in it.
 */
export function heritageReach(
  container: ts.Node,
  checker: ts.TypeChecker,
): { readonly bases: ReadonlySet<ts.Node>; readonly unfollowed: ReadonlySet<UnfollowedHeritage> } {
  const bases = new Set<ts.Node>();
  const unfollowed = new Set<UnfollowedHeritage>();
  const seen = new Set<ts.Symbol>();
  const queue: ts.Node[] = [container];
  while (queue.length > 0) {
    const declaration = queue.pop() as ts.Node;
    if (!(ts.isClassLike(declaration) || ts.isInterfaceDeclaration(declaration))) continue;
    for (const clause of declaration.heritageClauses ?? []) {
      for (const typeNode of clause.types) {
        let expression: ts.Expression = typeNode.expression;
        while (ts.isParenthesizedExpression(expression)) expression = expression.expression;
        if (ts.isCallExpression(expression)) {
          unfollowed.add("heritage expression is a call");
          continue;
        }
        const symbol = checker.getTypeAtLocation(typeNode).getSymbol();
        if (symbol === undefined) {
          unfollowed.add("heritage type is a type alias of an intersection");
          continue;
        }
        for (const base of symbol.declarations ?? []) bases.add(base);
        if (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface) && !seen.has(symbol)) {
          seen.add(symbol);
          queue.push(...(symbol.declarations ?? []));
        }
      }
    }
  }
  return { bases, unfollowed };
}
