import { createRequire } from "node:module";

/**
 * Tokens as a language model counts them: the o200k_base encoding (GPT-4o and later), through gpt-tokenizer.
 * The encoder takes a few hundred milliseconds to load, so it is loaded on first need only: an answer whose
 * UTF-8 length is within the budget fits without it (every token covers at least one byte).
 */
type CountTokens = (text: string) => number;

let encoder: CountTokens | undefined;

function loadEncoder(): CountTokens {
  if (encoder === undefined) {
    const module = createRequire(import.meta.url)("gpt-tokenizer/encoding/o200k_base") as { countTokens: CountTokens };
    encoder = module.countTokens;
  }
  return encoder;
}

/** The exact o200k token count of a text. */
export function countTokens(text: string): number {
  return loadEncoder()(text);
}

/** Whether a text holds at most `budget` o200k tokens; counts only when its byte length says it may not. */
export function fitsInTokens(text: string, budget: number): boolean {
  return Buffer.byteLength(text, "utf8") <= budget || countTokens(text) <= budget;
}
