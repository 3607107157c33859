import type { EngineAnswer, EngineRequest } from '../../engine.js';
import { parseBody } from '../parse.js';
import { foundNothing, SerpApiEngine, type SerpApiSearch } from './client.js';
import { ads, shopping } from './commerce.js';
import { answerBlocksSchema, referenceCitations, renderTextBlocks } from './textBlocks.js';

/**
 * Google AI Mode through SerpApi's `google_ai_mode` engine: the answer's `text_blocks` and `references` sit at
 * the top level of the result, beside `shopping_results` when AI Mode shows products.
 */
export class GoogleAiModeEngine extends SerpApiEngine {
  readonly id = 'google_ai_mode' as const;

  protected async answer(request: EngineRequest, search: SerpApiSearch): Promise<EngineAnswer> {
    const body = await search({ engine: 'google_ai_mode', q: request.prompt, gl: request.country });
    const blocks = foundNothing(body) ? {} : parseBody(this.id, answerBlocksSchema, body);
    const content = renderTextBlocks(blocks.text_blocks);
    return {
      content,
      citations: referenceCitations(blocks.references),
      webSearchQuery: [],
      ads: ads(body),
      shopping: shopping(body),
      overviewAvailable: content !== '',
      producedBy: 'api',
    };
  }
}
