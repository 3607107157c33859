import type { HttpMethod } from './route.js';

/** What a table finds for a request: the entry and its path parameters, decoded. */
export interface RouteMatch<T> {
  entry: T;
  params: Record<string, string>;
}

type Segment = { literal: string } | { parameter: string };

interface Candidate<T> {
  segments: readonly Segment[];
  entry: T;
}

/** Thrown for a path parameter that is not valid percent-encoding: a 400, as express answers it. */
export class MalformedPathError extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'path.parameter.malformed';
}

const segmentsOf = (openApiPath: string): Segment[] =>
  openApiPath
    .split('/')
    .filter((part) => part !== '')
    .map((part) => {
      const parameter = /^\{(\w+)\}$/.exec(part)?.[1];
      return parameter === undefined ? { literal: part.toLowerCase() } : { parameter };
    });

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new MalformedPathError(`Failed to decode path parameter "${value}"`);
  }
};

/**
 * Finds the route of a method and path in one map lookup (method and number of segments) and a compare of the
 * few candidates left, where express's router tries each mounted route's regular expression in turn. Matching
 * follows express's defaults: case-insensitive literals, an optional trailing slash, HEAD answered by GET,
 * parameters percent-decoded, OPTIONS answered with the methods the path takes. Among candidates, the one registered first wins, as in express.
 */
export class RouteTable<T> {
  private readonly byShape = new Map<string, Candidate<T>[]>();

  add(method: HttpMethod, openApiPath: string, entry: T): void {
    const segments = segmentsOf(openApiPath);
    const key = `${method.toUpperCase()} ${segments.length}`;
    const candidates = this.byShape.get(key) ?? [];
    candidates.push({ segments, entry });
    this.byShape.set(key, candidates);
  }

  match(method: string, pathname: string): RouteMatch<T> | undefined {
    const parts = pathParts(pathname);
    const candidates = this.byShape.get(`${method === 'HEAD' ? 'GET' : method} ${parts.length}`);
    const found = candidates?.find(({ segments }) => matches(segments, parts));
    if (found === undefined) return undefined;
    const params: Record<string, string> = {};
    found.segments.forEach((segment, index) => {
      if ('parameter' in segment) params[segment.parameter] = decode(parts[index] as string);
    });
    return { entry: found.entry, params };
  }

  /** The methods some route takes at this path (with HEAD beside GET): what an OPTIONS request is answered. */
  methodsAt(pathname: string): string[] {
    const parts = pathParts(pathname);
    const methods = new Set<string>();
    for (const [key, candidates] of this.byShape) {
      const [method, count] = key.split(' ');
      if (Number(count) !== parts.length || !candidates.some(({ segments }) => matches(segments, parts))) continue;
      methods.add(method as string);
      if (method === 'GET') methods.add('HEAD');
    }
    return [...methods].sort();
  }
}

/** The segments of a path: a leading slash gives an empty first part, a trailing one an empty last part. */
function pathParts(pathname: string): string[] {
  const parts = pathname.split('/');
  const from = parts[0] === '' ? 1 : 0;
  const to = parts.length > from && parts[parts.length - 1] === '' ? parts.length - 1 : parts.length;
  return parts.slice(from, to);
}

function matches(segments: readonly Segment[], parts: readonly string[]): boolean {
  return segments.every((segment, index) => {
    const part = parts[index] as string;
    return 'literal' in segment ? part.length === segment.literal.length && part.toLowerCase() === segment.literal : part !== '';
  });
}
