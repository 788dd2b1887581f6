import { formatLine } from "./logger.js";

export function formatsALine(): boolean {
  return formatLine("info", "x") === "[info] x";
}
