export { slugify, truncate, wordCount } from './strings';
export * from './collections';
