import type { EditLanguage, EditSupport } from "../../tools/tool-contract.js";
import { createEditLanguage } from "./edit-language.js";
import { EDIT_SYNTAX } from "./edit-syntax.js";

/**
 * What the edit tools need of TypeScript, for one root. The front ends import this module dynamically on
 * the first edit, so that no query loads TypeScript; the language service is built on first use and kept.
 */
export function openEditSupport(root: string, tsconfigs?: readonly string[]): EditSupport {
  let language: EditLanguage | undefined;
  return {
    syntax: EDIT_SYNTAX,
    language() {
      language ??= createEditLanguage(root, tsconfigs);
      return language;
    },
  };
}
