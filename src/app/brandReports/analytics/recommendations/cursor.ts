import { z } from 'zod';
import { PAGE_SIZE } from '../../../shared/paging.js';
import { recommendationOrder, type RankedRecommendation, type RecommendationPlace } from './recommend.js';

/**
 * Cursor paging of recommendations: pages of 25 in their order (priority, score, id).
 * The cursor is the last item's place in that order, not an offset, so a page stays right when evidence
 * arriving meanwhile adds or moves items before it.
 */
const positionSchema = z.object({ list: z.literal('recommendations'), priority: z.number(), score: z.number(), id: z.string().min(1) }).strict();
type Position = RecommendationPlace;

const encode = ({ priority, score, id }: Position): string =>
  Buffer.from(JSON.stringify({ list: 'recommendations', priority, score, id })).toString('base64url');

function decode(text: string): Position | null {
  try {
    const parsed = positionSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const recommendationCursorSchema = z
  .string()
  .min(1)
  .transform((text, context): Position => {
    const position = decode(text);
    if (position) return position;
    context.addIssue({ code: 'custom', message: 'Invalid cursor: send back the nextCursor of a previous response of this list' });
    return z.NEVER;
  })
  .describe('`nextCursor` of a previous response; omit for the first page');

/** The page after `cursor` of recommendations already in their order, built (only its own items are). */
export function recommendationPage(ordered: readonly RankedRecommendation[], cursor: Position | undefined) {
  const start = cursor ? ordered.findIndex((item) => recommendationOrder(item, cursor) > 0) : 0;
  const rest = start < 0 ? [] : ordered.slice(start);
  const page = rest.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  const hasMore = rest.length > PAGE_SIZE && last !== undefined;
  return { items: page.map((item) => item.build()), paging: { nextCursor: hasMore ? encode(last) : null, hasMore } };
}
