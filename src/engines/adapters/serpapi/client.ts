import { z } from 'zod';
import type { Engine, EngineAnswer, EngineId, EngineRequest, RunOptions } from '../../engine.js';
import { EngineResponseError } from '../../errors.js';
import { callWithDeadline, errorForStatus } from '../failures.js';
import { DEFAULT_TIMEOUT_MS, type AdapterOptions } from '../options.js';
import { parseBody } from '../parse.js';

/**
 * SerpApi over plain HTTP: `GET /search.json?engine=…&api_key=…`. Every documented answer carries a
 * `search_metadata` object; a search that found nothing comes back as 200 with an `error` message instead.
 */

const DEFAULT_BASE_URL = 'https://serpapi.com';

/** SerpApi's words for "the search ran and Google/Bing showed nothing", which is a result, not a failure. */
const NOTHING_FOUND = /hasn't returned any results|returned no results|no results found/i;

const serpApiBodySchema = z
  .looseObject({
    error: z.string().optional(),
    search_metadata: z.looseObject({ status: z.string().optional() }).optional(),
  })
  .refine((body) => body.error !== undefined || body.search_metadata !== undefined, 'no search_metadata');

export type SerpApiBody = z.infer<typeof serpApiBodySchema>;

export type SerpApiSearch = (params: Record<string, string>) => Promise<SerpApiBody>;

export abstract class SerpApiEngine implements Engine {
  abstract readonly id: EngineId;
  readonly kind = 'api' as const;
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(options: AdapterOptions) {
    this.apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  run(request: EngineRequest, options: RunOptions = {}): Promise<EngineAnswer> {
    return callWithDeadline(this.id, this.timeoutMs, options.signal, (signal) =>
      this.answer(request, (params) => this.search(params, signal)),
    );
  }

  /** One engine's requests (one, or two for a deferred AI Overview) and the mapping of what they return. */
  protected abstract answer(request: EngineRequest, search: SerpApiSearch): Promise<EngineAnswer>;

  private async search(params: Record<string, string>, signal: AbortSignal): Promise<SerpApiBody> {
    const url = new URL(`${this.baseUrl}/search.json`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('api_key', this.apiKey);
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal });
    if (!response.ok) throw errorForStatus(this.id, response.status, response.headers);
    const body = parseBody(this.id, serpApiBodySchema, await response.json());
    if (body.error !== undefined && !NOTHING_FOUND.test(body.error)) {
      throw new EngineResponseError(this.id, `SerpApi error: ${body.error}`);
    }
    return body;
  }
}

/** True when SerpApi ran the search but the engine showed no result for it. */
export function foundNothing(body: SerpApiBody): boolean {
  return body.error !== undefined;
}
