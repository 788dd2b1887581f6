/**
 * The exported API's changes classified with the type checker's answers (api-rules.ts, type-relation.ts):
 * the part of `ts-graph diff` that loads TypeScript. It runs in a worker thread of its own (api-worker.ts),
 * beside the reading of the graphs, or in the calling thread where the worker is not built.
 */
import { classifyApiChanges, type ApiChange, type ApiRuleInput } from "./api-rules.js";
import { signatureShape } from "./signature-shape.js";
import { checkAssignability, relationId } from "./type-relation.js";

/** What the rules read: the diff, the declarations of each side they look up (api-rules.ts, nodesReadByRules), and each side's API by its entry points. */
export type ApiClassificationRequest = Pick<ApiRuleInput, "diff" | "baseNodes" | "headNodes" | "surface">;

/** Classifies twice: once to learn which type pairs the rules ask about, then with the checker's answers to all of them at once. */
export function classifyApi(request: ApiClassificationRequest): ApiChange[] {
  const input = { ...request, shapeOf: signatureShape };
  const asked: [string, string][] = [];
  classifyApiChanges({
    ...input,
    assignable: (from, to) => {
      asked.push([from, to]);
      return undefined;
    },
  });
  const answers = checkAssignability(asked);
  return classifyApiChanges({ ...input, assignable: (from, to) => answers.get(relationId(from, to)) });
}
