/**
 * The order a file's edges are written in, made independent of the checker's history. One site can create
 * several edges at once: `that._tag` on a union reads the `_tag` of each member type, and the checker lists
 * a union's members in the order it happened to create their types, which depends on what it checked
 * before. A run on one thread and a run on several (`--jobs`), or a narrow program and a full one, may so
 * list the same edges in another order, and the database's rows would differ in their ids. Edges created
 * together are next to each other and share their source and their first line (not always their kind: a
 * member may be read, another called): each such stretch is put in the order of kind and target. Every
 * other edge keeps its place (the order of its first site).
 */

interface SiteEdge {
  readonly kind: string;
  readonly source: string;
  readonly target: string;
  readonly lines: readonly number[];
}

function sameSite(a: SiteEdge, b: SiteEdge): boolean {
  return a.lines.length > 0 && a.source === b.source && a.lines[0] === b.lines[0];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byKindAndTarget(a: SiteEdge, b: SiteEdge): number {
  return compare(a.kind, b.kind) || compare(a.target, b.target);
}

/** The edges with each stretch created by one site in the order of kind and target; structural edges (no lines) as they are. */
export function inSiteOrder<E extends SiteEdge>(edges: readonly E[]): E[] {
  const ordered: E[] = [];
  let start = 0;
  while (start < edges.length) {
    let end = start + 1;
    const first = edges[start];
    while (first !== undefined && end < edges.length && sameSite(first, edges[end] as E)) end += 1;
    const stretch = edges.slice(start, end);
    if (stretch.length > 1) stretch.sort(byKindAndTarget);
    ordered.push(...stretch);
    start = end;
  }
  return ordered;
}
