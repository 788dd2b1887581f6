// expect: IMPORTS src/path-alias/post.ts -> src/path-alias/lib/strings.ts
// expect: IMPORTS src/path-alias/post.ts -> src/path-alias/lib/dates.ts
// expect: CALLS src/path-alias/post.ts:permalink -> src/path-alias/lib/strings.ts:slugify
// expect: CALLS src/path-alias/post.ts:permalink -> src/path-alias/lib/dates.ts:isoDay
// expect: CALLS src/path-alias/post.ts:headline -> src/path-alias/lib/strings.ts:capitalize
import { isoDay } from '@lib/dates';
import { capitalize, slugify } from '@lib/strings';

export function permalink(title: string, published: Date): string {
  return `/${isoDay(published)}/${slugify(title)}`;
}

export function headline(title: string): string {
  return capitalize(title.trim());
}
