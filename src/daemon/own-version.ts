import { createRequire } from "node:module";

/** This ts-graph's version (package.json): a daemon of another version is never used. */
export const OWN_VERSION: string = (createRequire(import.meta.url)("../../package.json") as { version: string })
  .version;
