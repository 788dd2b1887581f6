import { ts } from "../../engine/ts6/typescript6.js";
import type { CheckerPort, PortSignature, PortType } from "./checker-port.js";

/**
 * The members an object literal passed to a call sets are those of the parameter it is passed for. The
 * contextual type the checker gives the literal is that parameter's type with the call's type arguments
 * inferred: `getContextualType` resolves the whole call, inferring its type arguments and checking every
 * other argument (callbacks included), work the lazy edge extraction otherwise never asks for (ADR 0007).
 *
 * An edge only needs the declarations of the member a key names, and those do not depend on the type
 * arguments when the parameter's declared type is an object type whose members are its own: an interface,
 * a class, a type literal, or a generic one of them (`Options<A>`: the members of `Options`). So the
 * declared type stands for the contextual type when the call has one signature that can take its number of
 * arguments, the literal is passed as itself (not spread, not through `as` or `satisfies`), for a parameter
 * that is not a rest parameter, and the parameter's type (without `undefined`) is such an object type.
 * Anything else (a type parameter, an indexed access, a conditional or mapped type, a union of object types,
 * whose discriminants may depend on the type arguments, overloads that fit the same arguments) is left to
 * the checker: `undefined` here.
 */
export function declaredArgumentType(checker: CheckerPort, literal: ts.ObjectLiteralExpression): PortType | undefined {
  const call = literal.parent;
  if (!(ts.isCallExpression(call) || ts.isNewExpression(call)) || call.expression.kind === ts.SyntaxKind.SuperKeyword)
    return undefined;
  const args = call.arguments ?? ts.factory.createNodeArray();
  const index = args.indexOf(literal);
  if (index < 0 || args.some((arg) => ts.isSpreadElement(arg))) return undefined;
  const calleeType = checker.getTypeAtLocation(call.expression);
  const signatures = ts.isNewExpression(call) ? calleeType.getConstructSignatures() : calleeType.getCallSignatures();
  const fitting = signatures.filter((signature) => canTake(checker, signature, args.length));
  const [only] = fitting;
  if (only === undefined || fitting.length > 1) return undefined;
  const parameter = only.getParameters()[index];
  const declaration = parameter?.valueDeclaration;
  if (
    parameter === undefined ||
    declaration === undefined ||
    !ts.isParameter(declaration) ||
    declaration.dotDotDotToken !== undefined
  )
    return undefined;
  const type = withoutUndefined(checker.getTypeOfSymbol(parameter));
  return type !== undefined && hasOwnMembers(type) ? type : undefined;
}

/**
 * Whether a signature may take `count` arguments. The least it needs is counted low (it stops at the first
 * parameter that is optional, has a default, or whose type could accept `void`), so that a signature the
 * checker could choose is never ruled out: two that fit leave the call to the checker.
 */
function canTake(checker: CheckerPort, signature: PortSignature, count: number): boolean {
  const parameters = signature.getParameters();
  let required = 0;
  let rest = false;
  for (const parameter of parameters) {
    const declaration = parameter.valueDeclaration;
    if (declaration === undefined || !ts.isParameter(declaration)) return true;
    if (declaration.dotDotDotToken !== undefined) {
      rest = true;
      break;
    }
    if (
      declaration.questionToken !== undefined ||
      declaration.initializer !== undefined ||
      mayAcceptVoid(checker.getTypeOfSymbol(parameter))
    )
      break;
    required += 1;
  }
  return count >= required && (rest || count <= parameters.length);
}

function mayAcceptVoid(type: PortType): boolean {
  const open = ts.TypeFlags.Void | ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Instantiable;
  return (type.flags & open) !== 0 || (type.isUnion() && type.types.some(mayAcceptVoid));
}

function withoutUndefined(type: PortType): PortType | undefined {
  if (!type.isUnion()) return type;
  const defined = type.types.filter((member) => (member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) === 0);
  return defined.length === 1 ? defined[0] : undefined;
}

/** An object type whose members are declared by itself (or its bases), whatever its type arguments. */
function hasOwnMembers(type: PortType): boolean {
  if ((type.flags & ts.TypeFlags.Object) === 0) return false;
  const objectFlags = type.objectFlags ?? 0;
  return (objectFlags & (ts.ObjectFlags.Mapped | ts.ObjectFlags.ReverseMapped)) === 0;
}
