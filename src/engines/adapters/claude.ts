import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import { z } from 'zod';
import { isoCountry } from '../countryCodes.js';
import type { Engine, EngineAnswer, EngineRequest, RunOptions } from '../engine.js';
import { rankCitations, type CitedSource } from '../citations.js';
import { callWithDeadline } from './failures.js';
import { SDK_TIMEOUT_SLACK_MS, type AdapterOptions } from './options.js';
import { SdkAdapter } from './sdkAdapter.js';
import { distinctQueries, parseBody } from './parse.js';
import { classifyStainlessError } from './sdkErrors.js';

/**
 * Claude through the Anthropic Messages API with the `web_search_20250305` server tool. The documented
 * response interleaves `server_tool_use` blocks (the query Claude searched), `web_search_tool_result` blocks
 * (what the search returned) and `text` blocks, whose `citations` of type `web_search_result_location` name
 * the sources the answer actually relies on. Only those cited sources become citations.
 */

const DEFAULT_MODEL = 'claude-sonnet-4-6';
const MAX_TOKENS = 4096;
const MAX_SEARCHES = 5;

const blockSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  name: z.string().optional(),
  input: z.looseObject({ query: z.string().optional() }).optional(),
  citations: z
    .array(z.looseObject({ type: z.string(), url: z.string().optional(), title: z.string().nullish() }))
    .nullish(),
});

const messageSchema = z.object({ model: z.string().optional(), content: z.array(blockSchema) });

type Block = z.infer<typeof blockSchema>;

const anthropicClient = (options: AdapterOptions, timeoutMs: number): Anthropic =>
  new Anthropic({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 0, timeout: timeoutMs + SDK_TIMEOUT_SLACK_MS });

export class ClaudeEngine extends SdkAdapter<Anthropic> implements Engine {
  readonly id = 'claude' as const;

  constructor(options: AdapterOptions) {
    super(options, { model: DEFAULT_MODEL, client: anthropicClient });
  }

  async run(request: EngineRequest, options: RunOptions = {}): Promise<EngineAnswer> {
    const params: MessageCreateParamsNonStreaming = {
      model: this.model,
      max_tokens: MAX_TOKENS,
      messages: [{ role: 'user', content: request.prompt }],
      tools: [
        {
          type: 'web_search_20250305',
          name: 'web_search',
          max_uses: MAX_SEARCHES,
          user_location: { type: 'approximate', country: isoCountry(request.country) },
        },
      ],
    };
    const body = await callWithDeadline(
      this.id,
      this.timeoutMs,
      options.signal,
      (signal) => this.client.messages.create(params, { signal }),
      classifyStainlessError(Anthropic.APIError),
    );
    const message = parseBody(this.id, messageSchema, body);
    const answerBlocks = blocksAfterLastSearch(message.content);
    return {
      content: answerBlocks.map((block) => (block.type === 'text' ? (block.text ?? '') : '')).join(''),
      citations: rankCitations(citedSources(answerBlocks)),
      webSearchQuery: distinctQueries(searchQueries(message.content)),
      ads: [],
      shopping: [],
      overviewAvailable: true,
      producedBy: 'api',
      model: message.model ?? this.model,
    };
  }
}

/**
 * Text before a search is Claude announcing it ("I'll search for the best CRMs"), not the answer; counting
 * it would credit brands the answer never recommends.
 */
function blocksAfterLastSearch(blocks: Block[]): Block[] {
  const lastResult = blocks.findLastIndex((block) => block.type === 'web_search_tool_result');
  return blocks.slice(lastResult + 1);
}

function* searchQueries(blocks: Block[]): Generator<string> {
  for (const block of blocks) {
    if (block.type === 'server_tool_use' && block.name === 'web_search' && block.input?.query) yield block.input.query;
  }
}

function* citedSources(blocks: Block[]): Generator<CitedSource> {
  for (const block of blocks) {
    for (const citation of block.citations ?? []) {
      if (citation.type === 'web_search_result_location') yield { title: citation.title ?? '', link: citation.url ?? '' };
    }
  }
}
