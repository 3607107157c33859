import { z } from 'zod';
import type { EngineAnswer, EngineRequest } from '../../engine.js';
import { parseBody } from '../parse.js';
import { foundNothing, SerpApiEngine, type SerpApiSearch } from './client.js';
import { ads, shopping } from './commerce.js';
import { answerBlocksSchema, referenceCitations, renderTextBlocks } from './textBlocks.js';

/**
 * Microsoft Copilot Search through SerpApi's `bing_copilot` engine: a `header` line, then `text_blocks` and
 * `references`. The engine documents no location or language parameter, so a Copilot run is answered from
 * SerpApi's default location whatever the prompt's country.
 */

const copilotSchema = answerBlocksSchema.extend({ header: z.string().optional() });

export class CopilotEngine extends SerpApiEngine {
  readonly id = 'copilot' as const;

  protected async answer(request: EngineRequest, search: SerpApiSearch): Promise<EngineAnswer> {
    const body = await search({ engine: 'bing_copilot', q: request.prompt });
    const answer = foundNothing(body) ? {} : parseBody(this.id, copilotSchema, body);
    const text = renderTextBlocks(answer.text_blocks);
    return {
      content: text === '' ? '' : [answer.header, text].filter(Boolean).join('\n\n'),
      citations: referenceCitations(answer.references),
      webSearchQuery: [],
      ads: ads(body),
      shopping: shopping(body),
      overviewAvailable: text !== '',
      producedBy: 'api',
    };
  }
}
