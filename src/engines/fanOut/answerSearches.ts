import type { Engine, RunOptions } from '../engine.js';
import { EngineResponseError } from '../errors.js';
import type { FanOutSource, FanOutSourceRequest } from './source.js';

/** A fan-out has no prompt of a workspace behind it; adapters never read the id, the schema requires one. */
const FAN_OUT_PROMPT_ID = 'query-fan-out';

/**
 * The searches an engine ran to answer, read from the answer its adapter maps: ChatGPT's web_search_call
 * actions, Claude's web_search server_tool_use inputs, Gemini's grounding webSearchQueries. The same
 * extraction records a run's `webSearchQuery`, so fan-outs and runs read searches one way.
 */
export class AnswerSearches implements FanOutSource {
  constructor(private readonly adapter: Engine) {}

  get engine(): Engine['id'] {
    return this.adapter.id;
  }

  async searches(request: FanOutSourceRequest, options: RunOptions = {}): Promise<string[]> {
    const answer = await this.adapter.run(
      { engine: this.adapter.id, prompt: request.question, country: request.country, date: request.date, promptId: FAN_OUT_PROMPT_ID },
      options,
    );
    // A simulator here would pass invented searches off as real ones.
    if (answer.producedBy !== 'api') throw new EngineResponseError(this.adapter.id, 'a fan-out source must be a real adapter');
    return answer.webSearchQuery;
  }
}
