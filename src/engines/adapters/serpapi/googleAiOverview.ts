import { z } from 'zod';
import type { EngineAnswer, EngineRequest } from '../../engine.js';
import { parseBody } from '../parse.js';
import { foundNothing, SerpApiEngine, type SerpApiBody, type SerpApiSearch } from './client.js';
import { ads, shopping } from './commerce.js';
import { answerBlocksSchema, referenceCitations, renderTextBlocks, type AnswerBlocks } from './textBlocks.js';

/**
 * Google AI Overviews through SerpApi's Google Search engine. The overview is the `ai_overview` object of the
 * search result; when Google loads it separately, SerpApi returns only `ai_overview.page_token`, and the
 * overview itself comes from a second request to the `google_ai_overview` engine with that token (which
 * expires within minutes, so it is fetched at once). A search without an overview is a completed run with
 * `overviewAvailable: false`: that absence is itself what a brand team tracks.
 */

const aiOverviewSchema = answerBlocksSchema.extend({ page_token: z.string().optional(), error: z.string().optional() });

type AiOverview = z.infer<typeof aiOverviewSchema>;

export class GoogleAiOverviewEngine extends SerpApiEngine {
  readonly id = 'google' as const;

  protected async answer(request: EngineRequest, search: SerpApiSearch): Promise<EngineAnswer> {
    // gl takes SerpApi's documented Google country codes, which use `uk` for the United Kingdom as geolens does.
    const serp = await search({ engine: 'google', q: request.prompt, gl: request.country });
    const overview = await this.overviewOf(serp, search);
    const content = overview === undefined ? '' : renderTextBlocks(overview.text_blocks);
    return {
      content,
      citations: overview === undefined ? [] : referenceCitations(overview.references),
      webSearchQuery: [],
      ads: ads(serp),
      shopping: shopping(serp),
      overviewAvailable: content !== '',
      producedBy: 'api',
    };
  }

  private async overviewOf(serp: SerpApiBody, search: SerpApiSearch): Promise<AnswerBlocks | undefined> {
    if (foundNothing(serp) || serp['ai_overview'] === undefined) return undefined;
    const overview: AiOverview = parseBody(this.id, aiOverviewSchema, serp['ai_overview']);
    if (overview.text_blocks !== undefined || overview.page_token === undefined) return overview;
    const deferred = await search({ engine: 'google_ai_overview', page_token: overview.page_token });
    if (foundNothing(deferred) || deferred['ai_overview'] === undefined) return undefined;
    return parseBody(this.id, answerBlocksSchema, deferred['ai_overview']);
  }
}
