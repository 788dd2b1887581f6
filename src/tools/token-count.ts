import { createRequire } from "node:module";
import { O200K_TOKEN_SPLIT_REGEX } from "gpt-tokenizer/encodingParams/constants";

/**
 * Tokens as a language model counts them: the o200k_base encoding (GPT-4o and later), through gpt-tokenizer.
 * Its table takes 150 to 250 ms and about 70 MB to load, so a budget is first checked against two bounds that
 * need no table: o200k splits a text into pieces with one regular expression and encodes each piece apart,
 * so the text has at least one token per piece, and at most one per UTF-8 byte (every token covers at least
 * one byte). The table is loaded only when the budget lies between the two (`fitsInTokens`).
 */
type CountTokens = (text: string, options: { readonly disallowedSpecial: ReadonlySet<string> }) => number;

let encoder: CountTokens | undefined;

function loadEncoder(): CountTokens {
  if (encoder === undefined) {
    const module = createRequire(import.meta.url)("gpt-tokenizer/encoding/o200k_base") as { countTokens: CountTokens };
    encoder = module.countTokens;
  }
  return encoder;
}

/** No text is refused: `<|endoftext|>` in a file name is counted as the text it is, as a model's API reads it. */
const NO_SPECIAL_TOKENS = { disallowedSpecial: new Set<string>() };

/** The exact o200k token count of a text. */
export function countTokens(text: string): number {
  return loadEncoder()(text, NO_SPECIAL_TOKENS);
}

/** What the o200k count of a text lies between, from its pieces and bytes alone. */
export interface TokenBounds {
  /** The number of pieces o200k's split makes: no piece shares a token with another. */
  readonly lower: number;
  /** Its UTF-8 bytes, with each piece that is always one token (ONE_TOKEN_PIECE) counted as 1. */
  readonly upper: number;
}

/**
 * A piece that is always one o200k token, because the table holds it whole: one to three ASCII digits, a run
 * of up to 79 spaces (indentation), up to 8 line breaks. token-count.test.ts checks every one against the table.
 */
const ONE_TOKEN_PIECE = /^(?:[0-9]{1,3}| {1,79}|\n{1,8})$/;

/** Bounds of a text's o200k token count without the encoder's table. */
export function tokenBounds(text: string): TokenBounds {
  let lower = 0;
  let upper = 0;
  for (const [piece] of text.matchAll(O200K_TOKEN_SPLIT_REGEX)) {
    lower++;
    upper += ONE_TOKEN_PIECE.test(piece) ? 1 : Buffer.byteLength(piece, "utf8");
  }
  return { lower, upper };
}

/**
 * Whether a text holds at most `budget` o200k tokens. Decided by the bounds when the budget lies outside them
 * (the text fits when even its upper bound does, and does not when even its lower bound is over); counted
 * exactly, loading the encoder, only when the budget lies between them.
 */
export function fitsInTokens(text: string, budget: number): boolean {
  if (Buffer.byteLength(text, "utf8") <= budget) return true;
  const bounds = tokenBounds(text);
  if (bounds.upper <= budget) return true;
  if (bounds.lower > budget) return false;
  return countTokens(text) <= budget;
}
