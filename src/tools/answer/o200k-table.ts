/**
 * The o200k rank table as one binary file: every token's bytes and an open-addressing hash table over them,
 * read whole into a Buffer and looked up in place, with no JavaScript object per token. `npm run build`
 * writes it (scripts/build-token-table.ts) from the o200k_base vocabulary of the installed gpt-tokenizer
 * package (a development dependency); the product reads it with `RankTable.read` (token-count.ts).
 *
 * Layout, unsigned 32-bit little-endian words, then bytes:
 * - header: MAGIC, FORMAT_VERSION, the token count N, the hash table's size as a power of two B, the bytes' length;
 * - N + 1 offsets into the bytes, in rank order: token r is bytes[offsets[r], offsets[r + 1]);
 * - 2^B slots: 0 for an empty one, else (tag << RANK_BITS) | (rank + 1), the tag being the key's hash's top bits,
 *   so that a probe compares bytes only when the tags agree;
 * - the tokens' bytes, concatenated in rank order.
 */

const MAGIC = 0x4b30324f; // "O20K"
const FORMAT_VERSION = 1;
const HEADER_WORDS = 5;
/** Rank + 1 in a slot's low bits: o200k has 199,998 ranks. */
const RANK_BITS = 18;
const RANK_MASK = (1 << RANK_BITS) - 1;
/** Twice the slots the tokens need, rounded up to a power of two: a missing pair (most lookups) ends in ~2 probes. */
const MIN_SLOTS_PER_TOKEN = 2;

/** FNV-1a over the bytes, then murmur3's finalizer so that the low bits (the slot) depend on every byte. */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) {
    hash = Math.imul(hash ^ (bytes[index] as number), 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/**
 * The table file of a tiktoken vocabulary (`<base64 bytes> <rank>` a line, as gpt-tokenizer's
 * data/o200k_base.tiktoken). Ranks must run from 0 without holes.
 */
export function buildRankTable(vocabulary: string): Uint8Array {
  const tokens: Buffer[] = [];
  for (const line of vocabulary.split("\n")) {
    if (line === "") continue;
    const [base64, rankText] = line.split(" ");
    if (base64 === undefined || rankText === undefined || Number(rankText) !== tokens.length) {
      throw new Error(
        `the vocabulary's line ${tokens.length + 1} is not "<base64> ${tokens.length}": ${line.slice(0, 80)}`,
      );
    }
    tokens.push(Buffer.from(base64, "base64"));
  }
  if (tokens.length + 1 > RANK_MASK)
    throw new Error(`${tokens.length} tokens do not fit the table's ${RANK_BITS}-bit ranks`);
  let slotBits = 1;
  while (1 << slotBits < tokens.length * MIN_SLOTS_PER_TOKEN) slotBits++;
  const dataLength = tokens.reduce((sum, token) => sum + token.length, 0);
  const words = HEADER_WORDS + tokens.length + 1 + (1 << slotBits);
  const file = new Uint8Array(words * 4 + dataLength);
  const view = new DataView(file.buffer);
  const setWord = (index: number, value: number): void => view.setUint32(index * 4, value, true);
  for (const [index, value] of [MAGIC, FORMAT_VERSION, tokens.length, slotBits, dataLength].entries())
    setWord(index, value);
  const slotsAt = HEADER_WORDS + tokens.length + 1;
  const data = file.subarray(words * 4);
  const mask = (1 << slotBits) - 1;
  let offset = 0;
  tokens.forEach((token, rank) => {
    setWord(HEADER_WORDS + rank, offset);
    data.set(token, offset);
    offset += token.length;
    const hash = hashBytes(token, 0, token.length);
    let slot = hash & mask;
    while (view.getUint32((slotsAt + slot) * 4, true) !== 0) slot = (slot + 1) & mask;
    setWord(slotsAt + slot, (((hash >>> RANK_BITS) << RANK_BITS) | (rank + 1)) >>> 0);
  });
  setWord(HEADER_WORDS + tokens.length, offset);
  return file;
}

/** A table file read into memory: the rank of a byte sequence, by hashing it and probing. */
export class RankTable {
  private constructor(
    private readonly offsets: Uint32Array,
    private readonly slots: Uint32Array,
    private readonly data: Uint8Array,
  ) {}

  /** Wraps the bytes of a table file (no copy when they are 4-byte aligned); throws on any other file. */
  static read(file: Uint8Array): RankTable {
    if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1)
      throw new Error("the o200k table is read on little-endian machines only");
    const aligned = file.byteOffset % 4 === 0 ? file : file.slice();
    const wordCount = Math.floor(aligned.byteLength / 4);
    const words = new Uint32Array(aligned.buffer, aligned.byteOffset, wordCount);
    const [magic, version, tokenCount = 0, slotBits = 0, dataLength = 0] = words.subarray(0, HEADER_WORDS);
    const slotsAt = HEADER_WORDS + tokenCount + 1;
    const dataAt = (slotsAt + 2 ** slotBits) * 4;
    if (magic !== MAGIC || version !== FORMAT_VERSION || slotBits > 30 || dataAt + dataLength !== aligned.byteLength) {
      throw new Error("not an o200k table file of this version");
    }
    return new RankTable(
      words.subarray(HEADER_WORDS, slotsAt),
      words.subarray(slotsAt, slotsAt + 2 ** slotBits),
      aligned.subarray(dataAt),
    );
  }

  /** The rank of bytes[start, end), or -1 when the vocabulary has no such token. */
  rankOf(bytes: Uint8Array, start: number, end: number): number {
    const hash = hashBytes(bytes, start, end);
    const tag = hash >>> RANK_BITS;
    const mask = this.slots.length - 1;
    const length = end - start;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] as number;
      if (entry === 0) return -1;
      if (entry >>> RANK_BITS !== tag) continue;
      const rank = (entry & RANK_MASK) - 1;
      const from = this.offsets[rank] as number;
      if ((this.offsets[rank + 1] as number) - from === length && this.sameBytes(from, bytes, start, length))
        return rank;
    }
  }

  private sameBytes(from: number, bytes: Uint8Array, start: number, length: number): boolean {
    for (let index = 0; index < length; index++) {
      if (this.data[from + index] !== bytes[start + index]) return false;
    }
    return true;
  }
}
