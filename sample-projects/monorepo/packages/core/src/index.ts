export { Article, type ArticleInput, type ArticleStatus } from './article';
export { ArticleStore } from './store';
