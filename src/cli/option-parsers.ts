import { InvalidArgumentError } from "../vendor/commander.js";

/** Commander's parser of an option that takes a whole number of at least 1. */
export function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError("give a whole number of at least 1");
  return number;
}

/** Commander's parser of a TCP port (1 to 65535). */
export function portNumber(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65_535)
    throw new InvalidArgumentError("give a port from 1 to 65535");
  return number;
}
