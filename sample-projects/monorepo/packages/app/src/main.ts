import { ArticleStore, type Article } from '@mono/core';
import { truncate } from '@mono/utils';

function renderListItem(article: Article): string {
  return `- ${truncate(article.title, 40)} (${article.readingMinutes()} min) /${article.slug}`;
}

/** Seeds a store, publishes one article and returns the rendered index page. */
export function renderIndex(): string {
  const store = new ArticleStore();
  store.create({ title: 'Hello, Monorepo!', body: 'Project references keep packages honest.', tags: ['ts'] });
  const draft = store.create({ title: 'Drafts & Ideas', body: 'Not ready yet.', tags: ['TS', 'notes'] });
  store.find('hello-monorepo')?.publish();
  const lines = store.published().map(renderListItem);
  lines.push(`drafts: ${draft.excerpt(10)}`, `tags: ${store.allTags().join(', ')}`);
  return lines.join('\n');
}
