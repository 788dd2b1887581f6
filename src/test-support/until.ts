import { HANG_MS } from "./patience.js";

/** After this long, a wait says on stderr what it is waiting for, so that a hang shows in the test run's output. */
const SAY_AFTER_MS = 60_000;

/** Polls `condition` until it holds; throws, naming `what`, after `timeoutMs` (a hang). For tests that wait on a background step. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = HANG_MS,
): Promise<void> {
  const started = Date.now();
  let said = false;
  while (!(await condition())) {
    const waited = Date.now() - started;
    if (waited > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    if (!said && waited > SAY_AFTER_MS) {
      process.stderr.write(`still waiting for ${what} after ${Math.round(waited / 1000)} s\n`);
      said = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
