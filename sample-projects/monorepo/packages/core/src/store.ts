import { groupBy, uniqueBy } from '@mono/utils';
import { Article, type ArticleInput } from './article';

/** In-memory article store keyed by slug. */
export class ArticleStore {
  private readonly bySlug = new Map<string, Article>();

  create(input: ArticleInput): Article {
    const article = Article.fromInput(input);
    if (this.bySlug.has(article.slug)) {
      throw new Error(`duplicate slug: ${article.slug}`);
    }
    this.bySlug.set(article.slug, article);
    return article;
  }

  find(slug: string): Article | undefined {
    return this.bySlug.get(slug);
  }

  published(): Article[] {
    return [...this.bySlug.values()].filter((article) => article.status === 'published');
  }

  byStatus(): Map<string, Article[]> {
    return groupBy([...this.bySlug.values()], (article) => article.status);
  }

  allTags(): string[] {
    const tags = [...this.bySlug.values()].flatMap((article) => article.tags);
    return uniqueBy(tags, (tag) => tag.toLowerCase());
  }
}
