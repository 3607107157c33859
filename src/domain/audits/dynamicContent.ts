import { detectBotChallenge } from './botChallenge.js';

/** What the check saw of the page with and without JavaScript. */
export interface PageViews {
  /** Visible text of the page as fetched, without JavaScript. */
  staticText: string;
  /** Visible text of the page rendered with JavaScript. */
  dynamicText: string;
  /** The static fetch: its status, markup and headers. */
  staticAnswer: { status: number; html: string; headers: Record<string, string> };
  /** Who fetched it, named in the description ("ChatGPT-User"). */
  crawlerName: string;
}

export interface DynamicContent {
  differenceDescription: string;
  score: number;
  staticLength: number;
  dynamicLength: number;
  isPotentiallyBlocked: boolean;
}

/** Statuses that usually mean a bot was turned away rather than that the page is missing. */
const BLOCKING_STATUSES: Record<number, string> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

const count = (characters: number): string => `${characters.toLocaleString('en-US')} character${characters === 1 ? '' : 's'}`;

function comparison(staticLength: number, dynamicLength: number, score: number): string {
  if (staticLength === 0 && dynamicLength === 0) return 'The page shows no visible text, with or without JavaScript.';
  if (staticLength >= dynamicLength) {
    return `All the visible text is there without JavaScript (${count(staticLength)} static, ${count(dynamicLength)} rendered).`;
  }
  const share = `${Math.round(score)}% of the ${count(dynamicLength)} shown with JavaScript`;
  if (staticLength === 0) return `Without JavaScript the page shows no text at all; all ${count(dynamicLength)} appear only once scripts run.`;
  if (score >= 90) return `Nearly all the visible text is there without JavaScript: ${count(staticLength)}, ${share}.`;
  return `Without JavaScript the page shows ${count(staticLength)}, ${share}; crawlers that run no scripts miss the rest.`;
}

/**
 * Compares the page without and with JavaScript: lengths of the visible text (whitespace collapsed),
 * score = 100 × min(1, static / dynamic) (100 when both are empty), and whether the static fetch looks
 * turned away (a blocking status or a bot-challenge page).
 */
export function compareDynamicContent({ staticText, dynamicText, staticAnswer, crawlerName }: PageViews): DynamicContent {
  const staticLength = staticText.length;
  const dynamicLength = dynamicText.length;
  const score = dynamicLength === 0 ? 100 : 100 * Math.min(1, staticLength / dynamicLength);
  const blockingStatus = BLOCKING_STATUSES[staticAnswer.status];
  const challenge = detectBotChallenge(staticAnswer.html, staticAnswer.headers);
  const warnings = [
    blockingStatus === undefined ? null : `Fetched as ${crawlerName}, the page was answered ${staticAnswer.status} ${blockingStatus}: the server may be turning bots away.`,
    challenge === null ? null : `Fetched as ${crawlerName}, the page is a ${challenge.vendor} bot challenge (found "${challenge.marker}"), not the content.`,
  ].filter((warning) => warning !== null);
  return {
    differenceDescription: [comparison(staticLength, dynamicLength, score), ...warnings].join(' '),
    score,
    staticLength,
    dynamicLength,
    isPotentiallyBlocked: blockingStatus !== undefined || challenge !== null,
  };
}
