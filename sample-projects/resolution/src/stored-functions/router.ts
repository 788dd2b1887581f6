// A function stored in a property or variable is referenced by that property or variable too, so that the
// calls through it reach the function: `impact getPath` reaches Router.getPath, then Router.match.

// expect: REFERENCES src/stored-functions/router.ts:Router.getPath -> src/stored-functions/router.ts:getPath
// expect: REFERENCES src/stored-functions/router.ts:Router.getPath -> src/stored-functions/router.ts:getPathNoStrict
// expect: REFERENCES src/stored-functions/router.ts:Router.constructor -> src/stored-functions/router.ts:getPath
// expect: CALLS src/stored-functions/router.ts:Router.match -> src/stored-functions/router.ts:Router.getPath
// expect: REFERENCES src/stored-functions/router.ts:decode -> src/stored-functions/router.ts:safeDecode
// expect: READS src/stored-functions/router.ts:parseQuery -> src/stored-functions/router.ts:decode
// expect: REFERENCES src/stored-functions/router.ts:Router.normalise -> src/stored-functions/router.ts:trimSlashes
// expect: REFERENCES src/stored-functions/router.ts:handler -> src/stored-functions/router.ts:safeDecode

export interface RouterOptions {
  strict?: boolean;
  getPath?: (url: string) => string;
}

export function getPath(url: string): string {
  return url.split('?')[0] ?? url;
}

export function getPathNoStrict(url: string): string {
  return getPath(url).replace(/\/$/, '');
}

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export const decode = safeDecode;

export let handler: ((text: string) => string) | undefined;

export function install(): void {
  handler = safeDecode;
}

export function parseQuery(query: string, decoder: (text: string) => string = decode): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of query.split('&')) {
    const [key = '', value = ''] = pair.split('=');
    result[decoder(key)] = decoder(value);
  }
  return result;
}

export class Router {
  private readonly getPath: (url: string) => string;
  private normalise: (path: string) => string = (path) => path;

  constructor(options: RouterOptions = {}) {
    this.getPath = options.strict ? (options.getPath ?? getPath) : getPathNoStrict;
    this.normalise ||= trimSlashes;
  }

  match(url: string): string {
    return this.normalise(this.getPath(url));
  }
}

export function startRouter(): string {
  return new Router({ strict: true }).match('/a/b?x=1');
}
