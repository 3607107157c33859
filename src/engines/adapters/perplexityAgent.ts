import OpenAI from 'openai';
import { z } from 'zod';
import { isoCountry } from '../countryCodes.js';
import type { RunOptions } from '../engine.js';
import { EngineResponseError } from '../errors.js';
import type { FanOutSource, FanOutSourceRequest } from '../fanOut/source.js';
import { callWithDeadline } from './failures.js';
import type { AdapterOptions } from './options.js';
import { SdkAdapter } from './sdkAdapter.js';
import { distinctQueries, parseBody } from './parse.js';
import { perplexityClient } from './perplexity.js';
import { classifyStainlessError } from './sdkErrors.js';

/**
 * Perplexity's searches through its Agent API (`POST /v1/responses`): Sonar with the `web_search` tool. Unlike
 * Sonar chat completions, whose plain answers never list their searches, every documented Agent response
 * carries `search_results` output items with the `queries` the model ran. The API is strict (an unknown
 * field is a 400) and reports a failed run as HTTP 200 with `status: "failed"` and an `error`.
 */

const DEFAULT_MODEL = 'perplexity/sonar';

const responseSchema = z.object({
  status: z.string(),
  error: z.looseObject({ message: z.string().optional() }).nullish(),
  output: z.array(z.looseObject({ type: z.string(), queries: z.array(z.string()).nullish().catch(undefined) })),
});

export class PerplexityAgentSearches extends SdkAdapter<OpenAI> implements FanOutSource {
  readonly engine = 'perplexity' as const;

  constructor(options: AdapterOptions) {
    super(options, { model: DEFAULT_MODEL, client: perplexityClient });
  }

  async searches(request: FanOutSourceRequest, options: RunOptions = {}): Promise<string[]> {
    const body = {
      model: this.model,
      input: request.question,
      tools: [{ type: 'web_search', user_location: { country: isoCountry(request.country) } }],
    };
    const response = await callWithDeadline(
      this.engine,
      this.timeoutMs,
      options.signal,
      (signal) => this.client.post<unknown>('/v1/responses', { body, signal }),
      classifyStainlessError(OpenAI.APIError),
    );
    const { status, error, output } = parseBody(this.engine, responseSchema, response);
    if (status === 'failed' || status === 'cancelled') {
      throw new EngineResponseError(this.engine, `response ${status}${error?.message ? `: ${error.message}` : ''}`);
    }
    return distinctQueries(output.flatMap((item) => (item.type === 'search_results' ? (item.queries ?? []) : [])));
  }
}
