/**
 * What the rename tool tells the indexer about the files it just wrote, so that the graph can be patched
 * (ingestion/run/rename-patch.ts) instead of re-extracting them: every place it changed in each file, as
 * TypeScript's rename found them. The indexer checks the hint against the files it finds changed and the
 * graph before using it; a hint that does not fit is ignored (the files are then re-extracted as usual).
 */
export interface RenameHint {
  readonly oldName: string;
  readonly newName: string;
  readonly files: readonly RenamedFile[];
}

export interface RenamedFile {
  /** Graph path (relative to the root). */
  readonly path: string;
  /** SHA-1 of the file's text as indexed, and as written. */
  readonly hashBefore: string;
  readonly hashAfter: string;
  /** The replacements, in the text before (without its BOM): `length` characters at `start` became `text`. */
  readonly edits: readonly { readonly start: number; readonly length: number; readonly text: string }[];
}
