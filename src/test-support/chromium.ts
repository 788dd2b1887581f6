import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** Where a Chromium is on this machine: $CHROMIUM_PATH, else the first of Debian's and the usual names on PATH. */
export function findChromium(): string | undefined {
  const named = process.env.CHROMIUM_PATH;
  if (named !== undefined && named !== "") return fs.existsSync(named) ? named : undefined;
  const directories = (process.env.PATH ?? "").split(path.delimiter).filter((directory) => directory !== "");
  for (const name of ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]) {
    for (const directory of directories) {
      const candidate = path.join(directory, name);
      if (fs.existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The arguments Chromium needs here: no sandbox when running as root (CI's containers). */
export const CHROMIUM_ARGS: readonly string[] = process.getuid?.() === 0 ? ["--no-sandbox"] : [];

export interface DecodedPng {
  readonly width: number;
  readonly height: number;
  /** How many different pixel values the image holds (counted up to 10,000). */
  readonly colours: number;
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const toLeft = Math.abs(estimate - left);
  const toUp = Math.abs(estimate - up);
  const toUpLeft = Math.abs(estimate - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

/** Decodes an 8-bit RGB or RGBA PNG (what Chromium's screenshots are): its size and how many colours it has. */
export function decodePng(bytes: Buffer): DecodedPng {
  if (!bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) throw new Error("not a PNG");
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  for (let offset = 8; offset < bytes.length; ) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || (body[9] !== 2 && body[9] !== 6) || body[12] !== 0)
        throw new Error("not an 8-bit RGB(A) non-interlaced PNG");
      channels = body[9] === 6 ? 4 : 3;
    } else if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(data));
  const stride = width * channels;
  let previous = Buffer.alloc(stride);
  const colours = new Set<string>();
  for (let row = 0; row < height; row++) {
    const start = row * (stride + 1);
    const filter = raw[start] ?? 0;
    const line = Buffer.from(raw.subarray(start + 1, start + 1 + stride));
    for (let index = 0; index < stride; index++) {
      const left = index >= channels ? (line[index - channels] ?? 0) : 0;
      const up = previous[index] ?? 0;
      const upLeft = index >= channels ? (previous[index - channels] ?? 0) : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter] ?? 0;
      line[index] = ((line[index] ?? 0) + predictor) & 0xff;
    }
    for (let index = 0; index < stride && colours.size < 10_000; index += channels)
      colours.add(line.subarray(index, index + channels).toString("hex"));
    previous = line;
  }
  return { width, height, colours: colours.size };
}
