/**
 * Answer analysis: pure functions from an answer and a report's detection settings
 * to mentions, positions, sentence sentiment and citation categories, and from those to window metrics.
 */
export { compileDetection, type CompiledDetection, type TrackedBrand } from './detection.js';
export { validateBrandRegex } from './matcher.js';
export { analyzeRun, brandSentences, type BrandRunResult, type BrandSentence, type RunAnalysis, type SentenceCounts } from './runAnalysis.js';
export { classifySentence, type SentenceSentiment } from './sentiment.js';
export { splitSentences, type Sentence } from './sentences.js';
export {
  normalizeCitationUrl,
  parseCitationUrl,
  registrableDomain,
  withoutWww,
  type CitationUrl,
} from './urls.js';
export { DOMAIN_CATEGORIES, type DomainCategory } from './catalog.js';
export {
  citationCategory,
  domainCategory,
  domainCategoryList,
  domainOwner,
  emptyCategoryCounts,
  type CategoryCounts,
} from './domainCategories.js';
export {
  addRun,
  combineRunTotals,
  coverageHistory,
  emptyRunTotals,
  finalizeRunTotals,
  measureRun,
  rankBrands,
  runTotals,
  type BrandMetrics,
  type BrandTotals,
  type CitedLink,
  type CoveragePoint,
  type DayTotals,
  type MeasuredRun,
  type RecordedAnswer,
  type RankedBrand,
  type RunTotals,
  type SentimentShares,
  type WindowMetrics,
} from './metrics.js';
export { wilsonInterval, type Interval } from './wilson.js';
export { extractNames, untrackedNames, type NamedCandidate } from './competitorNames.js';
export { nameMatchesDomain } from './nameDomains.js';
export {
  ANALYSIS_VERSION,
  analyzeFacts,
  deriveTextFacts,
  measureFacts,
  untrackedFactNames,
  type FactsSource,
  type TextFacts,
} from './textFacts.js';
export {
  citesBrand,
  citesCompetitor,
  isEvidenceRun,
  isGapRun,
  RECOMMENDATION_DAYS,
  recommendationWindowStart,
  runEvidence, type EvidenceCitation, type EvidenceRun, type EvidenceSource, type PromptEvidenceTotals, type RunEvidence } from './evidence.js';
