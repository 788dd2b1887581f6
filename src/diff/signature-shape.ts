import { ts } from "../engine/ts6/typescript6.js";

/** A parameter as written in a signature. */
export interface ParameterShape {
  readonly name: string;
  /** The annotated type as written, or undefined when it is inferred. */
  readonly type: string | undefined;
  readonly optional: boolean;
  readonly rest: boolean;
}

/** What the API rules read of a declaration's one-line signature (docs/ci.md, "Breaking changes"). */
export type SignatureShape =
  | {
      readonly form: "callable";
      readonly typeParameters: string;
      readonly parameters: readonly ParameterShape[];
      readonly returnType: string | undefined;
    }
  | {
      readonly form: "property";
      readonly type: string | undefined;
      readonly optional: boolean;
      readonly readonly: boolean;
    }
  | { readonly form: "alias"; readonly typeParameters: string; readonly type: string }
  | { readonly form: "other" };

const CALLABLE_KINDS = new Set(["Function", "Method", "Constructor"]);

/** Parses a signature as written in the graph (one line, no body); undefined when it does not parse whole (cut at 240 characters, say). */
export function signatureShape(kind: string, signature: string): SignatureShape | undefined {
  if (signature.endsWith("…")) return undefined;
  if (kind === "TypeAlias") return aliasShape(signature);
  if (kind === "Property") return propertyShape(signature);
  if (!CALLABLE_KINDS.has(kind)) return { form: "other" };
  const isMember = kind !== "Function";
  const body = signature.trimEnd().endsWith("=>")
    ? " {}"
    : signature.includes("=") && !signature.includes("(")
      ? ""
      : " {}";
  const text = isMember ? `class __ { ${signature}${body} }` : `${signature}${body}`;
  const file = parse(text);
  if (file === undefined) return undefined;
  let found: ts.SignatureDeclaration | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined) return;
    if (ts.isFunctionLike(node) && !ts.isClassDeclaration(node)) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(file);
  if (found === undefined) return undefined;
  const callable = found;
  // `const f: Handler = (x) => …`: the annotation is the signature, not the arrow's parameters.
  if (ts.isVariableDeclaration(callable.parent) && callable.parent.type !== undefined) return { form: "other" };
  return {
    form: "callable",
    typeParameters: (callable.typeParameters ?? []).map((parameter) => parameter.getText(file)).join(", "),
    parameters: callable.parameters.map((parameter) => ({
      name: parameter.name.getText(file),
      type: parameter.type?.getText(file),
      optional: parameter.questionToken !== undefined || parameter.initializer !== undefined,
      rest: parameter.dotDotDotToken !== undefined,
    })),
    returnType: callable.type?.getText(file),
  };
}

function parse(text: string): ts.SourceFile | undefined {
  const file = ts.createSourceFile("signature.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const diagnostics = (file as unknown as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics ?? [];
  return diagnostics.length === 0 ? file : undefined;
}

function propertyShape(signature: string): SignatureShape | undefined {
  const file = parse(`class __ { ${signature.replace(/\s*=\s*$/, "")}; }`);
  const member =
    file?.statements[0] !== undefined && ts.isClassDeclaration(file.statements[0])
      ? file.statements[0].members[0]
      : undefined;
  if (file === undefined || member === undefined || !ts.isPropertyDeclaration(member)) return undefined;
  return {
    form: "property",
    type: member.type?.getText(file),
    optional: member.questionToken !== undefined,
    readonly: (ts.getModifiers(member) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ReadonlyKeyword),
  };
}

function aliasShape(signature: string): SignatureShape | undefined {
  const file = parse(signature);
  const alias = file?.statements[0];
  if (file === undefined || alias === undefined || !ts.isTypeAliasDeclaration(alias)) return undefined;
  return {
    form: "alias",
    typeParameters: (alias.typeParameters ?? []).map((parameter) => parameter.getText(file)).join(", "),
    type: alias.type.getText(file),
  };
}
