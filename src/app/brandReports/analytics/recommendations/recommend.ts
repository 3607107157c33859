import { createHash } from 'node:crypto';
import { citesCompetitor, isGapRun, type EvidenceCitation, type EvidenceRun, type PromptEvidenceTotals } from '../../../../domain/analysis/index.js';
import { ENGINES, type EngineId } from '../../../../domain/shared/engines.js';
import type { Recommendation, RecommendationType } from './schema.js';

/** The newest crawlability check of one of the brand's domains. */
export interface CrawlabilityEvidence {
  checkId: string;
  domain: string;
  url: string;
  completedDate: string;
  robotsTxtAnalysis: Record<string, boolean>;
  serverBotAccess: Record<string, { status: number; ok: boolean }>;
}

export interface RecommendationInput {
  /**
   * The window's completed runs in the country that a recommendation may quote (`isEvidenceRun`; others may be
   * among them and change nothing), measured, oldest first.
   */
  runs: readonly EvidenceRun[];
  /** Each prompt's runs of the window, evidence or not, summed: what the evidence is weighed against. */
  promptTotals: ReadonlyMap<string, PromptEvidenceTotals>;
  /** Every completed run of the window: what a crawler refusal affects. */
  windowRuns: number;
  prompts: ReadonlyMap<string, string>;
  /** Tracked brands in report order (main first) with the brand domain of each. */
  brands: readonly { brand: string; brandDomain: string }[];
  country: string;
  engine: EngineId | null;
  /** Without it there is no crawler_access recommendation. */
  crawlability?: readonly CrawlabilityEvidence[] | undefined;
}

/** Weight of one affected run (or sentence) per type: how much it is likely to move the brand's visibility. */
const WEIGHTS: Record<RecommendationType, number> = {
  content_gap: 1,
  own_site_citations: 0.8,
  content_partnership_opportunities: 0.6,
  sentiment_risk: 1.5,
  crawler_access: 1,
};

/** 1..10 from the share of the relevant runs affected. */
const priorityOf = (affected: number, relevant: number): number => Math.min(10, Math.max(1, Math.ceil((10 * affected) / Math.max(1, relevant))));

function recommendationId(type: RecommendationType, input: RecommendationInput, key: string): string {
  return `rec_${createHash('sha256').update(`${type}|${input.country}|${input.engine ?? ''}|${key}`).digest('hex').slice(0, 20)}`;
}

/**
 * The engine whose answers hold most of the evidence, one entry per piece of it (a run, a quoted sentence);
 * ties go to the earlier engine in the API's order. Null without evidence from runs.
 */
function evidenceEngine(evidence: readonly string[]): EngineId | null {
  const counts = new Map<string, number>();
  for (const engine of evidence) counts.set(engine, (counts.get(engine) ?? 0) + 1);
  let most: EngineId | null = null;
  for (const engine of ENGINES) if ((counts.get(engine) ?? 0) > (most === null ? 0 : (counts.get(most) ?? 0))) most = engine;
  return most;
}

/** What every type shares, given the engine of each run or sentence the recommendation rests on. */
type CommonFields = Pick<Recommendation, 'id' | 'engine' | 'priority' | 'score' | 'state' | 'status'>;

/**
 * A recommendation placed in the order before it is built: a page of 25 builds its own items only, while a
 * report may have thousands of cited pages to rank (the order is priority, score, id).
 */
export interface RankedRecommendation {
  readonly priority: number;
  readonly score: number;
  readonly id: string;
  build(): Recommendation;
}

/** Ranks a recommendation of `type` on `affected` of `relevant` runs; `build` gets what every type shares. */
function ranked(
  input: RecommendationInput,
  type: RecommendationType,
  key: string,
  affected: number,
  relevant: number,
  build: (common: (evidence: readonly string[]) => CommonFields) => Recommendation,
): RankedRecommendation {
  const id = recommendationId(type, input, key);
  const priority = priorityOf(affected, relevant);
  const score = affected * WEIGHTS[type];
  const common = (evidence: readonly string[]): CommonFields => ({ id, engine: input.engine ?? evidenceEngine(evidence), priority, score, state: 'suggested', status: 'suggested' });
  return { id, priority, score, build: () => build(common) };
}

const enginesOf = (evidence: readonly { engine: string }[]): string[] => evidence.map(({ engine }) => engine);

const noRuns: PromptEvidenceTotals = { runs: 0, sentences: { positive: 0, neutral: 0, negative: 0 }, brandCitingRuns: 0 };

/** Each prompt's quotable runs, with its totals over all its runs: grouped once, read by three types. */
type PromptRuns = readonly [string, EvidenceRun[], PromptEvidenceTotals][];

function byPrompt(input: RecommendationInput): PromptRuns {
  return [...groupedByPrompt(input.runs)].map(([promptId, runs]) => [promptId, runs, input.promptTotals.get(promptId) ?? noRuns]);
}

function groupedByPrompt(runs: readonly EvidenceRun[]): Map<string, EvidenceRun[]> {
  const grouped = new Map<string, EvidenceRun[]>();
  for (const run of runs) {
    const promptRuns = grouped.get(run.promptId);
    if (promptRuns) promptRuns.push(run);
    else grouped.set(run.promptId, [run]);
  }
  return grouped;
}

function competitorsIn(runs: readonly EvidenceRun[], input: RecommendationInput): { brand: string; runs: number }[] {
  return input.brands
    .slice(1)
    .map(({ brand }, index) => ({ brand, runs: runs.filter((run) => (run.mentions[index + 1] ?? 0) > 0).length }))
    .filter(({ runs: count }) => count > 0);
}

/** Prompts whose answers mention competitors and not the brand. */
function contentGaps(input: RecommendationInput, prompts: PromptRuns): RankedRecommendation[] {
  return prompts.flatMap(([promptId, runs, totals]) => {
    const gaps = runs.filter(isGapRun);
    if (gaps.length === 0) return [];
    return [ranked(input, 'content_gap', promptId, gaps.length, totals.runs, (common) => {
      const prompt = input.prompts.get(promptId) ?? '';
      const competitors = competitorsIn(gaps, input);
      const names = competitors.map(({ brand }) => brand).join(', ');
      return {
        ...common(enginesOf(gaps)),
        type: 'content_gap',
        group: 'on_page',
        data: { promptId, prompt, country: input.country, runs: totals.runs, gapRuns: gaps.length, mentionedCompetitors: competitors, runIds: gaps.map(({ runId }) => runId) },
        copy: {
          title: `Answer “${prompt}” on your own pages`,
          headline: `${gaps.length} of ${totals.runs} answers name ${names} but not ${input.brands[0]?.brand ?? 'your brand'}.`,
          reasoning: 'The engines answer this question without you: they find what they cite about your competitors and nothing about you.',
          suggestions: [
            `Publish a page that answers “${prompt}” directly, with ${input.brands[0]?.brand ?? 'your brand'} named in its first paragraph.`,
            `Compare yourself with ${names} on the points the cited answers make.`,
          ],
        },
      };
    })];
  });
}

/**
 * Third-party URLs the engines cite in answers that name competitors and not the brand; runs in date order.
 * Only the count of runs citing a URL ranks it; what the page says of it is built for the page shown.
 */
function partnerships(input: RecommendationInput): RankedRecommendation[] {
  const gapRuns = input.runs.filter(isGapRun);
  const byUrl = new Map<string, { citation: EvidenceCitation; runs: EvidenceRun[] }>();
  for (const run of gapRuns) {
    for (const citation of run.citations) {
      if (citation.owner !== null) continue;
      // Runs come in date order: the entry keeps the latest citation, so its title is the newest.
      const entry = byUrl.get(citation.url);
      if (entry) {
        entry.citation = citation;
        entry.runs.push(run);
      } else byUrl.set(citation.url, { citation, runs: [run] });
    }
  }
  return [...byUrl.values()].map(({ citation, runs }) =>
    ranked(input, 'content_partnership_opportunities', citation.url, runs.length, gapRuns.length, (common) => {
      const promptIds = [...new Set(runs.map(({ promptId }) => promptId))].sort();
      const competitors = competitorsIn(runs, input).map(({ brand }) => brand);
      return {
        ...common(enginesOf(runs)),
        type: 'content_partnership_opportunities',
        group: 'off_page',
        data: {
          url: citation.url,
          title: citation.title,
          domain: citation.domain,
          domainCategory: citation.category,
          mentionedCompetitors: competitors,
          citations: runs.length,
          prompts: promptIds.map((promptId) => ({ promptId, prompt: input.prompts.get(promptId) ?? '' })),
          country: input.country,
          runIds: runs.map(({ runId }) => runId),
        },
        copy: {
          title: `Get featured on ${citation.domain}`,
          headline: `${citation.domain} is cited in ${runs.length} answers that name ${competitors.join(', ')} but not you.`,
          reasoning: 'The engines trust this page for the question; being on it puts you in the answers it feeds.',
          suggestions: [`Reach out to ${citation.domain} to be included in “${citation.title || citation.url}”.`],
        },
      };
    }),
  );
}

/** Prompts whose answers cite competitors' sites and never the brand's. */
function ownSiteCitations(input: RecommendationInput, prompts: PromptRuns): RankedRecommendation[] {
  return prompts.flatMap(([promptId, runs, totals]) => {
    if (totals.brandCitingRuns > 0) return [];
    const citing = runs.filter(citesCompetitor);
    if (citing.length === 0) return [];
    return [ranked(input, 'own_site_citations', promptId, citing.length, totals.runs, (common) => {
      const competitorCitations = citing.flatMap(({ citations }) => citations.filter(({ owner }) => owner !== null && owner > 0));
      const domains = new Map<string, { brand: string; domain: string; citations: number }>();
      for (const { domain, owner } of competitorCitations) {
        const entry = domains.get(domain) ?? { brand: input.brands[owner ?? 0]?.brand ?? '', domain, citations: 0 };
        entry.citations += 1;
        domains.set(domain, entry);
      }
      const prompt = input.prompts.get(promptId) ?? '';
      return {
        ...common(enginesOf(citing)),
        type: 'own_site_citations',
        group: 'on_page',
        data: {
          promptId, prompt, country: input.country, runs: totals.runs,
          competitorDomains: [...domains.values()].sort((left, right) => right.citations - left.citations || (left.domain < right.domain ? -1 : 1)),
          urls: [...new Set(competitorCitations.map(({ url }) => url))].sort(),
          runIds: citing.map(({ runId }) => runId),
        },
        copy: {
          title: `Make your site the source for “${prompt}”`,
          headline: `${citing.length} of ${totals.runs} answers cite your competitors' sites; none cites yours.`,
          reasoning: 'Engines cite pages that answer the question plainly; your competitors have such pages and you do not yet.',
          suggestions: ['Write a page on your domain that answers the prompt, with the facts the cited competitor pages give.'],
        },
      };
    })];
  });
}

/** Prompts whose answers speak of the brand negatively, each sentence quoted with its run. */
function sentimentRisks(input: RecommendationInput, prompts: PromptRuns): RankedRecommendation[] {
  return prompts.flatMap(([promptId, runs, totals]) => {
    const quotedCount = runs.reduce((sum, { negativeSentences }) => sum + negativeSentences.length, 0);
    if (quotedCount === 0) return [];
    const sentences = { ...totals.sentences };
    return [ranked(input, 'sentiment_risk', promptId, quotedCount, sentences.positive + sentences.neutral + sentences.negative, (common) => {
      const quoted = runs.flatMap(({ runId, engine, runDate, negativeSentences }) => negativeSentences.map((sentence) => ({ runId, engine, runDate, sentence })));
      const prompt = input.prompts.get(promptId) ?? '';
      return {
        ...common(enginesOf(quoted)),
        type: 'sentiment_risk',
        group: 'reputation',
        data: { promptId, prompt, country: input.country, sentences, negativeSentences: quoted },
        copy: {
          title: `Answer the criticism in “${prompt}”`,
          headline: `${quoted.length} sentences about ${input.brands[0]?.brand ?? 'your brand'} are negative.`,
          reasoning: 'Engines repeat what their sources say; the quoted sentences show which claims they found.',
          suggestions: ['Address each quoted claim on your site and in the sources the engines cite, with current facts.'],
        },
      };
    })];
  });
}

/** The brand's domains whose newest crawlability check refuses AI crawlers. */
function crawlerAccess(input: RecommendationInput): RankedRecommendation[] {
  return (input.crawlability ?? []).flatMap((check) => {
    const blocked = [...new Set([
      ...Object.entries(check.robotsTxtAnalysis).filter(([, allowed]) => !allowed).map(([crawler]) => crawler),
      ...Object.entries(check.serverBotAccess).filter(([, access]) => !access.ok).map(([crawler]) => crawler),
    ])].sort();
    if (blocked.length === 0) return [];
    return [ranked(input, 'crawler_access', check.domain, input.windowRuns, input.windowRuns, (common) => ({
      ...common([]),
      type: 'crawler_access',
      group: 'technical',
      data: { domain: check.domain, url: check.url, checkId: check.checkId, checkedDate: check.completedDate, blockedCrawlers: blocked },
      copy: {
        title: `Let AI crawlers read ${check.domain}`,
        headline: `${blocked.join(', ')} cannot fetch ${check.url}.`,
        reasoning: 'An engine cannot cite or describe pages its crawler is refused.',
        suggestions: ['Allow these crawlers in robots.txt and make sure the server answers them with 200.'],
      },
    }))];
  });
}

/** A recommendation's place in the order: what the order and the cursor compare. */
export type RecommendationPlace = Pick<Recommendation, 'priority' | 'score' | 'id'>;

/** Most urgent first: priority, then score, then id. */
export const recommendationOrder = (left: RecommendationPlace, right: RecommendationPlace): number =>
  right.priority - left.priority || right.score - left.score || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0);

/** Every recommendation the window's evidence supports, in the order, each built when asked for. Pure. */
export function rankRecommendations(input: RecommendationInput): RankedRecommendation[] {
  const prompts = byPrompt(input);
  return [...partnerships(input), ...contentGaps(input, prompts), ...ownSiteCitations(input, prompts), ...sentimentRisks(input, prompts), ...crawlerAccess(input)].sort(recommendationOrder);
}

/** Every recommendation the window's evidence supports, built. Pure. */
export const recommend = (input: RecommendationInput): Recommendation[] => rankRecommendations(input).map((item) => item.build());
