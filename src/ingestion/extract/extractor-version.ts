/** Bump when extraction changes what it writes: every database made before is then re-extracted in full. */
export const EXTRACTOR_VERSION = 11;
