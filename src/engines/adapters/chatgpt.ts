import OpenAI from 'openai';
import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';
import { z } from 'zod';
import { isoCountry } from '../countryCodes.js';
import type { Engine, EngineAnswer, EngineRequest, RunOptions } from '../engine.js';
import { rankCitations, type CitedSource } from '../citations.js';
import { callWithDeadline } from './failures.js';
import { SDK_TIMEOUT_SLACK_MS, type AdapterOptions } from './options.js';
import { SdkAdapter } from './sdkAdapter.js';
import { classifyStainlessError } from './sdkErrors.js';
import { distinctQueries, parseBody } from './parse.js';

/**
 * ChatGPT search through the OpenAI Responses API with the hosted `web_search` tool. The documented output
 * is a list of items: `web_search_call` items carry the queries the model ran (`action.queries`, or the
 * older single `action.query`), `message` items carry `output_text` parts whose `url_citation` annotations
 * name the sources in the order the answer cites them.
 */

const DEFAULT_MODEL = 'gpt-5-mini';

const responseSchema = z.object({
  model: z.string().optional(),
  output: z.array(z.looseObject({ type: z.string() })),
});

const webSearchCallSchema = z.object({
  action: z
    .looseObject({ type: z.string(), query: z.string().nullish(), queries: z.array(z.string()).nullish() })
    .nullish(),
});

const annotationSchema = z.looseObject({
  type: z.string(),
  url: z.string().optional(),
  title: z.string().nullish(),
  start_index: z.number().optional(),
});

const messageSchema = z.object({
  content: z.array(
    z.looseObject({ type: z.string(), text: z.string().optional(), annotations: z.array(annotationSchema).optional() }),
  ),
});

type ResponseBody = z.infer<typeof responseSchema>;
type MessageItem = z.infer<typeof messageSchema>;

const openAiClient = (options: AdapterOptions, timeoutMs: number): OpenAI =>
  new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 0, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });

export class ChatGptEngine extends SdkAdapter<OpenAI> implements Engine {
  readonly id = 'chatgpt' as const;

  constructor(options: AdapterOptions) {
    super(options, { model: DEFAULT_MODEL, client: openAiClient });
  }

  async run(request: EngineRequest, options: RunOptions = {}): Promise<EngineAnswer> {
    const params: ResponseCreateParamsNonStreaming = {
      model: this.model,
      input: request.prompt,
      tools: [{ type: 'web_search', user_location: { type: 'approximate', country: isoCountry(request.country) } }],
    };
    const body = await callWithDeadline(
      this.id,
      this.timeoutMs,
      options.signal,
      (signal) => this.client.responses.create(params, { signal }),
      classifyStainlessError(OpenAI.APIError),
    );
    return this.toAnswer(parseBody(this.id, responseSchema, body));
  }

  private toAnswer(body: ResponseBody): EngineAnswer {
    const queries: string[] = [];
    const texts: string[] = [];
    const sources: CitedSource[] = [];
    for (const item of body.output) {
      if (item.type === 'web_search_call') queries.push(...searchQueries(item));
      if (item.type === 'message') collectMessage(parseBody(this.id, messageSchema, item), texts, sources);
    }
    return {
      content: texts.join(''),
      citations: rankCitations(sources),
      webSearchQuery: distinctQueries(queries),
      ads: [],
      shopping: [],
      overviewAvailable: true,
      producedBy: 'api',
      model: body.model ?? this.model,
    };
  }
}

/**
 * Both fields: `queries` is the documented list, but `query` (deprecated, still sent) can be the only one
 * filled, with `queries` empty or absent. Duplicates are dropped later.
 */
function searchQueries(item: unknown): string[] {
  const action = webSearchCallSchema.safeParse(item).data?.action;
  if (action?.type !== 'search') return [];
  return [...(action.query ? [action.query] : []), ...(action.queries ?? [])];
}

function collectMessage(message: MessageItem, texts: string[], sources: CitedSource[]): void {
  for (const part of message.content) {
    if (part.type !== 'output_text' || part.text === undefined) continue;
    texts.push(part.text);
    const annotations = (part.annotations ?? []).filter((annotation) => annotation.type === 'url_citation');
    annotations.sort((left, right) => (left.start_index ?? 0) - (right.start_index ?? 0));
    for (const annotation of annotations) sources.push({ title: annotation.title ?? '', link: annotation.url ?? '' });
  }
}
