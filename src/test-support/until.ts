import { HANG_MS } from "./patience.js";

/** Polls `condition` until it holds; throws, naming `what`, after `timeoutMs` (a hang). For tests that wait on a background step. */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = HANG_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
