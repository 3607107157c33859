/**
 * Every read endpoint of the API, found in its OpenAPI document (each GET operation), called with the ids of
 * seeded data: what two deployments holding the same log must answer byte for byte (a PDF: the text it prints).
 */
import { execFileSync } from 'node:child_process';
import type { OpenApiDocument } from '../../../src/api/http/openapi.js';
import type { TestApi } from '../../api/support/testApi.js';

/** The values a path parameter takes: by `{name}`, or by the path itself where a name means several things. */
export type PathValues = Record<string, readonly string[]>;

export interface Walk {
  /** Path parameter values; a parameter without values gets one unknown id (its 404 is compared too). */
  values: PathValues;
  /** Values of required query parameters (analytics windows): each operation is called once per window. */
  windows: ReadonlyArray<Record<string, string>>;
  /** `url` of the citation endpoints that require one. */
  url: string;
  /** API keys: every request is made once with each. */
  keys: readonly string[];
}

/**
 * The health answer names the store kinds and the projections' lag, which are the deployment's and not the
 * data's: it is left out. Every other GET operation is walked.
 */
const NOT_DATA = new Set(['/v1/health']);

const UNKNOWN_ID = 'unknown-id';

function expand(path: string, values: PathValues): string[] {
  const parameter = /\{(\w+)\}/.exec(path);
  if (!parameter) return [path];
  const [placeholder, name] = parameter as unknown as [string, string];
  const ofPath = values[`${path.slice(0, parameter.index)}${placeholder}`] ?? values[name] ?? [UNKNOWN_ID];
  return ofPath.flatMap((value) => expand(path.replace(placeholder, encodeURIComponent(value)), values));
}

function queriesOf(operation: { parameters?: Array<{ in: string; name: string; required?: boolean }> }, walk: Walk): string[] {
  const required = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required).map(({ name }) => name);
  if (required.length === 0) return [''];
  const queries = walk.windows.map((window) => `?${new URLSearchParams(required.map((name): [string, string] => [name, name === 'url' ? walk.url : (window[name] ?? '')]))}`);
  return [...new Set(queries)];
}

/** `GET path?query` of every read operation, in the document's order. */
export function readRequests(document: OpenApiDocument, walk: Walk): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) => {
    const get = (operations as Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean }> }>).get;
    if (!get || NOT_DATA.has(path)) return [];
    const queries = queriesOf(get, walk);
    return expand(path, walk.values).flatMap((expanded) => queries.map((query) => `${expanded}${query}`));
  });
}

/**
 * A body as compared: a PDF by the text it prints (pdftotext), since its bytes carry the time it was printed
 * (CreationDate, ModDate), which differs between two servers printing the same report.
 */
async function bodyOf(response: Response): Promise<string> {
  if (!(response.headers.get('content-type') ?? '').startsWith('application/pdf')) return response.text();
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(await response.arrayBuffer()), encoding: 'utf8' });
}

/** Status, content type and body text of each request with each key, keyed by key index and request. */
export async function readAnswers(api: TestApi, requests: readonly string[], keys: readonly string[]): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const [index, key] of keys.entries()) {
    for (const request of requests) {
      const response = await fetch(`${api.url}${request}`, { headers: { authorization: `Bearer ${key}` } });
      answers.set(`key ${index} GET ${request}`, `${response.status} ${response.headers.get('content-type')}\n${await bodyOf(response)}`);
    }
  }
  return answers;
}
