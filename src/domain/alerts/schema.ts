import { z } from 'zod';
import { engineSchema } from '../shared/engines.js';

/** What a watch looks for. */
export const WATCH_KINDS = ['coverage_drop', 'coverage_rise', 'competitor_surge', 'negative_sentiment', 'new_untracked_brand', 'crawler_blocked', 'agent_visits_drop'] as const;

export const watchKindSchema = z.enum(WATCH_KINDS).describe('What the watch looks for');
export type WatchKind = z.output<typeof watchKindSchema>;

/** The default threshold in percentage points. */
export const DEFAULT_THRESHOLD = 5;

/** The fields of `POST …/watches`; `engines` restricts the runs counted (default all). */
export const addWatchFields = {
  kind: watchKindSchema,
  engines: z.array(engineSchema).min(1).optional().describe('Engines whose runs are counted; all when omitted'),
  threshold: z.number().min(0).max(100).default(DEFAULT_THRESHOLD).describe('Smallest change in percentage points that is raised (0..100, default 5)'),
  competitor: z.string().trim().min(1).max(200).optional().describe("A tracked competitor's name; only for competitor_surge (default: every competitor)"),
};

/** `competitor` only for `competitor_surge`: a rule across fields, kept apart so an operation can add its own fields. */
export function checkWatchCompetitor(watch: { kind: WatchKind; competitor?: string | undefined }, context: z.RefinementCtx): void {
  if (watch.competitor !== undefined && watch.kind !== 'competitor_surge') {
    context.addIssue({ code: 'custom', path: ['competitor'], message: `competitor applies only to competitor_surge, not to ${watch.kind}` });
  }
}

export const addWatchInputSchema = z.object(addWatchFields).superRefine(checkWatchCompetitor);

export type AddWatchInput = z.output<typeof addWatchInputSchema>;
