import { loadConfig } from "../../config/config-file.js";
import type { EditLanguage, EditSupport } from "../../model/edit-ports.js";
import { DEFAULT_ENGINE } from "../run/indexer.js";
import type { EngineName } from "../run/extraction-engine.js";
import { createEditLanguage } from "./edit-language.js";
import { createTs7EditLanguage } from "./edit-language-ts7.js";
import { EDIT_SYNTAX } from "./edit-syntax.js";

/**
 * What the edit tools need of TypeScript, for one root. The front ends import this module dynamically on
 * the first edit, so that no query loads TypeScript; the language is built on first use and kept. It runs on
 * the engine indexing uses: `engine` if given, else the config's `engine`, else DEFAULT_ENGINE (TypeScript 7's
 * session, a child process: `close()` ends it).
 */
export function openEditSupport(root: string, tsconfigs?: readonly string[], engine?: EngineName): EditSupport {
  let language: EditLanguage | undefined;
  return {
    syntax: EDIT_SYNTAX,
    language() {
      if (language === undefined) {
        const chosen = engine ?? loadConfig(root).config.engine ?? DEFAULT_ENGINE;
        language = chosen === "ts7" ? createTs7EditLanguage(root, tsconfigs) : createEditLanguage(root, tsconfigs);
      }
      return language;
    },
    close() {
      language?.close?.();
      language = undefined;
    },
  };
}
