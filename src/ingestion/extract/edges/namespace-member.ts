import { ts } from "../../../engine/ts6/typescript6.js";
import type { CheckerPort, PortSymbol } from "../checker-port.js";

/**
 * The export `ns.name` names when `ns` is a namespace import of a source file (`import * as ns from "./m"`): the
 * property of the module's namespace object, looked up as the checker's `getSymbolAtLocation` does it, but without
 * computing that property's type on the way. The type of an `export const x = …` is inferred from its whole
 * initializer, and a file that names many such exports (effect's `Effect.ts`: `export const x = core.x`) paid for
 * inferring every one of them at each extraction, with a fresh checker after every change. Undefined (ask the
 * checker) for anything else.
 */
export function moduleExportNamed(checker: CheckerPort, access: ts.PropertyAccessExpression): PortSymbol | undefined {
  if (!ts.isIdentifier(access.expression) || !ts.isIdentifier(access.name)) return undefined;
  const namespace = checker.getSymbolAtLocation(access.expression);
  if (namespace === undefined || (namespace.flags & ts.SymbolFlags.Alias) === 0) return undefined;
  const declaration = namespace.declarations?.[0];
  if (namespace.declarations?.length !== 1 || declaration === undefined || !ts.isNamespaceImport(declaration))
    return undefined;
  const module = checker.getAliasedSymbol(namespace);
  if (
    (module.flags & ts.SymbolFlags.ValueModule) === 0 ||
    module.declarations?.length !== 1 ||
    !module.declarations.every(ts.isSourceFile)
  )
    return undefined;
  // The namespace object's properties are the module's exports that are values (type-only exports left out).
  return checker.getPropertyOfType(checker.getTypeOfSymbol(module), access.name.text);
}
