import fs from "node:fs";
import { RankTable } from "./o200k-table.js";

/**
 * Tokens as a language model counts them: the o200k_base encoding (GPT-4o and later), with the count
 * gpt-tokenizer gives. A budget is first checked against two bounds that need no table: o200k splits a text
 * into pieces with one regular expression and encodes each piece apart, so the text has at least one token
 * per piece, and at most one per UTF-8 byte (every token covers at least one byte). Only when the budget lies
 * between the two is the text counted exactly (`fitsInTokens`), by byte-pair merging over the rank table
 * that `npm run build` writes into dist/ (o200k-table.ts): a 4 MB file read once, in a few milliseconds.
 */

/**
 * o200k's split (tiktoken's `o200k_base` pattern, as gpt-tokenizer writes it): a word, with at most one
 * leading character that is neither a letter, a digit nor a line break, in either of two case shapes (lower
 * case letters last, or upper case first), each with an optional English contraction; 1 to 3 digits; a run
 * of punctuation with an optional leading space and trailing line breaks or slashes; line breaks with the
 * blanks before them; blanks not followed by a non-blank; any other blanks.
 * token-count.test.ts checks that it splits as gpt-tokenizer's expression does.
 */
const CONTRACTION = "(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?";
const UPPER_OR_OTHER = String.raw`[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`;
const LOWER_OR_OTHER = String.raw`[\p{Ll}\p{Lm}\p{Lo}\p{M}]`;
const LEAD = String.raw`[^\r\n\p{L}\p{N}]?`;
const O200K_SPLIT = new RegExp(
  [
    `${LEAD}${UPPER_OR_OTHER}*${LOWER_OR_OTHER}+${CONTRACTION}`,
    `${LEAD}${UPPER_OR_OTHER}+${LOWER_OR_OTHER}*${CONTRACTION}`,
    String.raw`\p{N}{1,3}`,
    String.raw` ?[^\s\p{L}\p{N}]+[\r\n/]*`,
    String.raw`\s*[\r\n]+`,
    String.raw`\s+(?!\S)`,
    String.raw`\s+`,
  ].join("|"),
  "gu",
);

/**
 * The table, next to the build's output: dist/o200k-ranks.bin is three folders up from dist/tools/answer/token-count.js,
 * and from src/tools/answer/token-count.ts too (tests and benches run the sources against the last build's table).
 */
const TABLE_FILE = new URL("../../../dist/o200k-ranks.bin", import.meta.url);

let table: RankTable | undefined;

function loadTable(): RankTable {
  if (table === undefined) {
    let file: Buffer;
    try {
      file = fs.readFileSync(TABLE_FILE);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`ts-graph's token table cannot be read (${reason}); \`npm run build\` writes it`);
    }
    table = RankTable.read(file);
  }
  return table;
}

const NO_RANK = 0x7fffffff;
/** Scratch space of the merge, grown to the longest piece seen. */
let pieceBytes = Buffer.allocUnsafe(256);
let partStarts = new Int32Array(257);
let pairRanks = new Int32Array(257);

/** Whether bytes[start, end) is well-formed UTF-8 (no overlong form, surrogate or code point past U+10FFFF). */
function isUtf8(bytes: Uint8Array, start: number, end: number): boolean {
  let index = start;
  while (index < end) {
    const lead = bytes[index] as number;
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead < 0xe0
          ? 2
          : lead >= 0xe0 && lead < 0xf0
            ? 3
            : lead >= 0xf0 && lead < 0xf5
              ? 4
              : 0;
    if (length === 0 || index + length > end) return false;
    let codePoint = length === 1 ? lead : lead & (0xff >> (length + 1));
    for (let next = index + 1; next < index + length; next++) {
      const byte = bytes[next] as number;
      if ((byte & 0xc0) !== 0x80) return false;
      codePoint = (codePoint << 6) | (byte & 0x3f);
    }
    if ((length === 3 && codePoint < 0x800) || (length === 4 && codePoint < 0x10000)) return false;
    if ((codePoint >= 0xd800 && codePoint <= 0xdfff) || codePoint > 0x10ffff) return false;
    index += length;
  }
  return true;
}

const startsWithByteOrderMark = (bytes: Uint8Array, at: number, end: number): boolean =>
  end - at >= 3 && bytes[at] === 0xef && bytes[at + 1] === 0xbb && bytes[at + 2] === 0xbf;

/**
 * The rank of bytes[start, end) as gpt-tokenizer finds it: it decodes well-formed UTF-8 to a string first,
 * and its decoder drops a leading byte-order mark (U+FEFF), so such a sequence gets the rank of what follows
 * the mark, and none when that is empty or starts with another mark.
 */
function rankOf(ranks: RankTable, bytes: Uint8Array, start: number, end: number): number {
  if (startsWithByteOrderMark(bytes, start, end) && isUtf8(bytes, start, end)) {
    if (end - start === 3 || startsWithByteOrderMark(bytes, start + 3, end)) return -1;
    return ranks.rankOf(bytes, start + 3, end);
  }
  return ranks.rankOf(bytes, start, end);
}

function pairRank(ranks: RankTable, start: number, end: number): number {
  const rank = rankOf(ranks, pieceBytes, start, end);
  return rank < 0 ? NO_RANK : rank;
}

/**
 * The tokens of the piece's `length` bytes in `pieceBytes`: starting from single bytes, the adjacent pair
 * whose joined bytes have the lowest rank (the leftmost of equals) is merged until no pair is a token.
 */
function mergedTokens(ranks: RankTable, length: number): number {
  if (partStarts.length < length + 1) {
    partStarts = new Int32Array(length + 1);
    pairRanks = new Int32Array(length + 1);
  }
  for (let index = 0; index <= length; index++) partStarts[index] = index;
  for (let index = 0; index + 1 < length; index++) pairRanks[index] = pairRank(ranks, index, index + 2);
  let parts = length;
  while (parts > 1) {
    let lowest = NO_RANK;
    let at = -1;
    for (let index = 0; index + 1 < parts; index++) {
      const rank = pairRanks[index] as number;
      if (rank < lowest) {
        lowest = rank;
        at = index;
      }
    }
    if (at < 0) break;
    partStarts.copyWithin(at + 1, at + 2, parts + 1);
    pairRanks.copyWithin(at, at + 1, parts - 1);
    parts--;
    if (at + 1 < parts) pairRanks[at] = pairRank(ranks, partStarts[at] as number, partStarts[at + 2] as number);
    if (at > 0) pairRanks[at - 1] = pairRank(ranks, partStarts[at - 1] as number, partStarts[at + 1] as number);
  }
  return parts;
}

/** Above this many bytes a piece is merged with a heap (mergedLongTokens): n log n instead of n². */
const LONG_PIECE_BYTES = 256;
/** A heap key: the pair's rank, then its start, so that the lowest rank and the leftmost of equals come first. */
const START_SPAN = 2 ** 31;

/**
 * The same merges as `mergedTokens`, for a long piece (a run of letters with no break can be thousands of
 * bytes): the parts are a linked list, and each pair's rank is pushed on a min-heap keyed by rank then start.
 * An entry is stale once its start is no part's start or its pair's rank has changed; it is then skipped.
 */
function mergedLongTokens(ranks: RankTable, length: number): number {
  const next = new Int32Array(length + 1);
  const previous = new Int32Array(length + 1);
  const pairAt = new Int32Array(length + 1).fill(NO_RANK);
  const alive = new Uint8Array(length + 1).fill(1);
  const heap = new Float64Array(3 * length + 1);
  let size = 0;
  const push = (rank: number, start: number): void => {
    let at = size++;
    const key = rank * START_SPAN + start;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if ((heap[parent] as number) <= key) break;
      heap[at] = heap[parent] as number;
      at = parent;
    }
    heap[at] = key;
  };
  const pop = (): number => {
    const top = heap[0] as number;
    const last = heap[--size] as number;
    let at = 0;
    for (let child = 1; child < size; child = 2 * at + 1) {
      if (child + 1 < size && (heap[child + 1] as number) < (heap[child] as number)) child++;
      if ((heap[child] as number) >= last) break;
      heap[at] = heap[child] as number;
      at = child;
    }
    heap[at] = last;
    return top;
  };
  const setPair = (start: number, end: number): void => {
    const rank = end < length ? pairRank(ranks, start, next[end] as number) : NO_RANK;
    pairAt[start] = rank;
    if (rank !== NO_RANK) push(rank, start);
  };
  for (let index = 0; index <= length; index++) {
    next[index] = index + 1;
    previous[index] = index - 1;
  }
  for (let index = 0; index + 1 < length; index++) setPair(index, index + 1);
  let parts = length;
  while (size > 0) {
    const key = pop();
    const start = key % START_SPAN;
    if (alive[start] === 0 || pairAt[start] !== (key - start) / START_SPAN) continue;
    const right = next[start] as number;
    const end = next[right] as number;
    alive[right] = 0;
    next[start] = end;
    previous[end] = start;
    parts--;
    setPair(start, end);
    const before = previous[start] as number;
    if (before >= 0) setPair(before, start);
  }
  return parts;
}

/** A lone surrogate: a piece holding one is never a whole token (its bytes hold U+FFFD instead). */
const LONE_SURROGATE = /\p{Cs}/u;
/** Pieces already counted; cleared when full. A cut answer is counted several times over as it is narrowed. */
const counted = new Map<string, number>();
const COUNTED_LIMIT = 50_000;

function pieceTokens(ranks: RankTable, piece: string): number {
  if (piece.length === 1 && piece.charCodeAt(0) < 0x80) return 1;
  const known = counted.get(piece);
  if (known !== undefined) return known;
  const length = Buffer.byteLength(piece, "utf8");
  if (pieceBytes.length < length) pieceBytes = Buffer.allocUnsafe(Math.max(length, pieceBytes.length * 2));
  pieceBytes.write(piece, 0, "utf8");
  // A piece the vocabulary holds whole is one token (gpt-tokenizer looks the string up; no key starts with U+FEFF).
  const whole =
    piece.charCodeAt(0) !== 0xfeff && !LONE_SURROGATE.test(piece) && ranks.rankOf(pieceBytes, 0, length) >= 0;
  const tokens = whole ? 1 : length > LONG_PIECE_BYTES ? mergedLongTokens(ranks, length) : mergedTokens(ranks, length);
  if (counted.size >= COUNTED_LIMIT) counted.clear();
  counted.set(piece, tokens);
  return tokens;
}

/** The exact o200k token count of a text; `<|endoftext|>` and the other special tokens count as the text they are. */
export function countTokens(text: string): number {
  const ranks = loadTable();
  let tokens = 0;
  for (const [piece] of text.matchAll(O200K_SPLIT)) tokens += pieceTokens(ranks, piece);
  return tokens;
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

/** Bounds of a text's o200k token count without the table. */
export function tokenBounds(text: string): TokenBounds {
  let lower = 0;
  let upper = 0;
  for (const [piece] of text.matchAll(O200K_SPLIT)) {
    lower++;
    upper += ONE_TOKEN_PIECE.test(piece) ? 1 : Buffer.byteLength(piece, "utf8");
  }
  return { lower, upper };
}

/**
 * Whether a text holds at most `budget` o200k tokens. Decided by the bounds when the budget lies outside them
 * (the text fits when even its upper bound does, and does not when even its lower bound is over); counted
 * exactly, reading the table, only when the budget lies between them.
 */
export function fitsInTokens(text: string, budget: number): boolean {
  if (Buffer.byteLength(text, "utf8") <= budget) return true;
  const bounds = tokenBounds(text);
  if (bounds.upper <= budget) return true;
  if (bounds.lower > budget) return false;
  return countTokens(text) <= budget;
}

/**
 * A counter of many renderings of one answer: a text's tokens as the sum of its lines' o200k counts, each
 * distinct line counted once (cached), plus one per line break. Above the exact count by the few line breaks that
 * merge (0.5 to 3 % on the text answers of impact and callers, more on JSON); rarely below it by a token or two,
 * where a line starting with punctuation merges with the break before it (byte-pair merging is not additive), so
 * callers count exactly near a budget.
 */
export function lineTokenEstimate(): (text: string) => number {
  const counted = new Map<string, number>();
  return (text) => {
    const lines = text.split("\n");
    let total = lines.length - 1;
    for (const line of lines) {
      if (line === "") continue;
      let tokens = counted.get(line);
      if (tokens === undefined) {
        tokens = countTokens(line);
        counted.set(line, tokens);
      }
      total += tokens;
    }
    return total;
  };
}
