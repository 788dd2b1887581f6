import { slugify, truncate, wordCount } from '@mono/utils';

export type ArticleStatus = 'draft' | 'published';

export interface ArticleInput {
  title: string;
  body: string;
  tags?: string[];
}

export class Article {
  readonly slug: string;
  status: ArticleStatus = 'draft';

  constructor(
    readonly title: string,
    readonly body: string,
    readonly tags: readonly string[] = [],
  ) {
    this.slug = slugify(title);
  }

  static fromInput(input: ArticleInput): Article {
    return new Article(input.title.trim(), input.body, input.tags ?? []);
  }

  /** Returns the first `length` characters of the body for list views. */
  excerpt(length = 80): string {
    return truncate(this.body, length);
  }

  readingMinutes(): number {
    return Math.max(1, Math.round(wordCount(this.body) / 200));
  }

  publish(): void {
    this.status = 'published';
  }
}
