import type { DeliveryPayload } from './deliveryEvents.js';

/** A Slack incoming-webhook message: `text` for notifications, `blocks` (Block Kit) for what Slack shows. */
export interface SlackMessage {
  text: string;
  blocks: Array<Record<string, unknown>>;
}

interface CoverageWindow {
  from: string;
  to: string;
  runs: number;
  mentionedRuns: number;
  coverage: number;
}

interface AlertData {
  reportId: string;
  title: string;
  statistics: { test?: string; z?: number; pValue?: number; current?: CoverageWindow; baseline?: CoverageWindow; change?: number } & Record<string, unknown>;
}

/** Slack's mrkdwn gives meaning to these three characters only. */
const escapeMrkdwn = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const windowInWords = ({ coverage, mentionedRuns, runs, from, to }: CoverageWindow): string => `${coverage.toFixed(1)} % (${mentionedRuns} of ${runs} runs, ${from} to ${to})`;

/** An alert's statistics as a sentence: for the coverage kinds the test, both windows and the change. */
export function statisticsInWords(statistics: AlertData['statistics']): string {
  const { current, baseline, change, z, pValue } = statistics;
  if (current && baseline && change !== undefined && z !== undefined && pValue !== undefined) {
    const direction = change < 0 ? 'fell' : 'rose';
    return `Coverage ${direction} from ${windowInWords(baseline)} to ${windowInWords(current)}: ${change > 0 ? '+' : ''}${change.toFixed(1)} points (two-proportion z = ${z.toFixed(2)}, p = ${pValue.toPrecision(2)}).`;
  }
  const figures = Object.entries(statistics).filter(([, value]) => typeof value === 'number' || typeof value === 'string');
  return figures.map(([name, value]) => `${name}: ${String(value)}`).join(', ');
}

function summaryOf(payload: DeliveryPayload, baseUrl: string): { title: string; words: string; link: string | null } {
  const data = payload.data as Record<string, unknown>;
  const reportLink = (reportId: unknown, screen = '') => (typeof reportId === 'string' ? `${baseUrl}/reports/${encodeURIComponent(reportId)}${screen}` : null);
  switch (payload.type) {
    case 'alert.raised': {
      const alert = data as unknown as AlertData;
      return { title: alert.title, words: statisticsInWords(alert.statistics), link: reportLink(alert.reportId, '/alerts') };
    }
    case 'report.recalculated':
      return { title: 'A report was recalculated', words: `Brand report ${String(data.reportId)} now reads history version ${String(data.version)}.`, link: reportLink(data.reportId) };
    case 'audit.completed':
      return { title: 'A GEO audit completed', words: `The check of ${String(data.url ?? data.id)} is ${String(data.status)}.`, link: null };
    case 'fanout.completed':
      return { title: 'A query fan-out completed', words: `Fan-out ${String(data.id)} is ${String(data.status)}.`, link: null };
    default: {
      const _unknown: never = payload.type;
      return { title: String(_unknown), words: '', link: null };
    }
  }
}

/** The delivery as a Slack message: its title, its statistics in words and a link to the report. */
export function slackMessage(payload: DeliveryPayload, baseUrl: string): SlackMessage {
  const { title, words, link } = summaryOf(payload, baseUrl);
  const blocks: Array<Record<string, unknown>> = [
    { type: 'header', text: { type: 'plain_text', text: title.slice(0, 150) } },
    { type: 'section', text: { type: 'mrkdwn', text: escapeMrkdwn(words) } },
  ];
  if (link !== null) blocks.push({ type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open the report' }, url: link }] });
  return { text: link === null ? `${title}: ${words}` : `${title}: ${words} ${link}`, blocks };
}
