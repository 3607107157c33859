import OpenAI from 'openai';
import { z } from 'zod';
import { isoCountry } from '../countryCodes.js';
import type { Engine, EngineAnswer, EngineRequest, RunOptions } from '../engine.js';
import { EngineResponseError } from '../errors.js';
import { rankCitations, type CitedSource } from '../citations.js';
import { callWithDeadline } from './failures.js';
import { SDK_TIMEOUT_SLACK_MS, type AdapterOptions } from './options.js';
import { SdkAdapter } from './sdkAdapter.js';
import { distinctQueries, parseBody } from './parse.js';
import { classifyStainlessError } from './sdkErrors.js';

/**
 * Perplexity's Sonar API: OpenAI-compatible chat completions at api.perplexity.ai, so the OpenAI SDK does the
 * transport. Its documented extras are top-level: `citations` (URLs, numbered as the `[n]` markers in the
 * answer) and `search_results` (`{title, url, date}` for the same sources). The queries Sonar ran appear
 * only as `message.reasoning_steps[].web_search.search_keywords`, which Pro Search fills; a plain Sonar
 * answer has none, and `webSearchQuery` then stays empty (the fan-out source asks the Agent API instead).
 */

const DEFAULT_BASE_URL = 'https://api.perplexity.ai';
const DEFAULT_MODEL = 'sonar';

/** Perplexity's own request shape: `user_location` is flat, unlike OpenAI's `approximate` wrapper. */
interface SonarRequest {
  model: string;
  messages: Array<{ role: 'user'; content: string }>;
  web_search_options: { user_location: { country: string } };
}

const reasoningStepSchema = z.looseObject({
  web_search: z.looseObject({ search_keywords: z.array(z.string()).nullish() }).nullish(),
});

const completionSchema = z.object({
  model: z.string().optional(),
  choices: z.array(
    z.looseObject({
      message: z.looseObject({
        content: z.string().nullable(),
        // A step of an unfamiliar shape is skipped rather than failing an answer already in hand.
        reasoning_steps: z.array(reasoningStepSchema.catch({})).nullish().catch(undefined),
      }),
    }),
  ),
  citations: z.array(z.string()).nullish(),
  search_results: z.array(z.looseObject({ title: z.string().nullish(), url: z.string() })).nullish(),
});

type Completion = z.infer<typeof completionSchema>;

export class PerplexityEngine extends SdkAdapter<OpenAI> implements Engine {
  readonly id = 'perplexity' as const;

  constructor(options: AdapterOptions) {
    super(options, { model: DEFAULT_MODEL, client: perplexityClient });
  }

  async run(request: EngineRequest, options: RunOptions = {}): Promise<EngineAnswer> {
    const body: SonarRequest = {
      model: this.model,
      messages: [{ role: 'user', content: request.prompt }],
      web_search_options: { user_location: { country: isoCountry(request.country) } },
    };
    const response = await callWithDeadline(
      this.id,
      this.timeoutMs,
      options.signal,
      (signal) => this.client.post<unknown>('/chat/completions', { body, signal }),
      classifyStainlessError(OpenAI.APIError),
    );
    const completion = parseBody(this.id, completionSchema, response);
    const [choice] = completion.choices;
    if (choice === undefined) throw new EngineResponseError(this.id, 'no choice in the completion');
    return {
      content: choice.message.content ?? '',
      citations: rankCitations(sources(completion)),
      webSearchQuery: distinctQueries((choice.message.reasoning_steps ?? []).flatMap((step) => step.web_search?.search_keywords ?? [])),
      ads: [],
      shopping: [],
      overviewAvailable: true,
      producedBy: 'api',
      model: completion.model ?? this.model,
    };
  }
}

/** The OpenAI SDK pointed at api.perplexity.ai, retries left to the caller (see ChatGptEngine). */
export function perplexityClient(options: AdapterOptions, timeoutMs: number): OpenAI {
  return new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl ?? DEFAULT_BASE_URL, maxRetries: 0, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });
}

/** `citations` fixes the order (it is what `[1]`, `[2]` refer to); `search_results` lends the titles. */
function sources(completion: Completion): CitedSource[] {
  const results = completion.search_results ?? [];
  const titles = new Map(results.map((result) => [result.url, result.title ?? '']));
  const urls = completion.citations ?? results.map((result) => result.url);
  return urls.map((url) => ({ title: titles.get(url) ?? '', link: url }));
}
