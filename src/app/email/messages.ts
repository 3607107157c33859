import type { DigestSummary, WeekFigures } from '../../domain/email/digestSummary.js';
import type { Email } from '../../ports/mailer.js';

export interface AlertSummary {
  kind: string;
  date: string;
  title: string;
  statistics: Record<string, unknown>;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const pText = (pValue: number): string => `p = ${pValue < 0.0001 ? pValue.toExponential(1) : pValue.toFixed(4)}`;

/** "p = 0.0012" when the alert carries a test's p-value: whether the change is significant. */
function significance({ statistics }: AlertSummary): string | null {
  const pValue = statistics.pValue;
  if (typeof pValue !== 'number') return null;
  return `${pText(pValue)}${pValue < 0.05 ? ', significant' : ''}`;
}

function alertLine(alert: AlertSummary): string {
  const tested = significance(alert);
  return tested === null ? `${alert.date} ${alert.title}` : `${alert.date} ${alert.title} (${tested})`;
}

function withUnsubscribe(email: Omit<Email, 'headers'>, unsubscribeUrl: string): Email {
  return {
    ...email,
    text: `${email.text}\n\nUnsubscribe: ${unsubscribeUrl}\n`,
    html: `${email.html}<p style="color:#666;font-size:12px"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
  };
}

/** One alert, as it is raised. */
export function alertEmail(to: string, brand: string, alert: AlertSummary, unsubscribeUrl: string): Email {
  const line = alertLine(alert);
  return withUnsubscribe(
    {
      to,
      subject: `[geolens] ${brand}: ${alert.title}`,
      text: `A ${alert.kind} alert was raised on the ${brand} report.\n\n${line}`,
      html: `<h1>${escapeHtml(brand)}</h1><p>A <strong>${escapeHtml(alert.kind)}</strong> alert was raised.</p><p>${escapeHtml(line)}</p>`,
    },
    unsubscribeUrl,
  );
}

const oneDecimal = (value: number): string => value.toFixed(1);
const signed = (points: number): string => `${points > 0 ? '+' : points < 0 ? '−' : '±'}${oneDecimal(Math.abs(points))} points`;
const position = (value: number | null): string => (value === null ? 'not named' : oneDecimal(value));

/** One card per figure, as [label, this week, the week before, the change]. */
function cards({ current, previous, coverageChange, shareOfVoiceChange }: DigestSummary): [string, string, string, string][] {
  const coverage = (figures: WeekFigures) => `${oneDecimal(figures.coverage)} % (${figures.mentionedRuns} of ${figures.runs} runs)`;
  const tested = `${signed(coverageChange.points)}, ${pText(coverageChange.pValue)}, ${coverageChange.significant ? 'significant' : 'within day-to-day variation'}`;
  return [
    ['Coverage', coverage(current), coverage(previous), tested],
    ['Share of voice', `${oneDecimal(current.shareOfVoice)} %`, `${oneDecimal(previous.shareOfVoice)} %`, signed(shareOfVoiceChange)],
    ['Average position', position(current.averagePosition), position(previous.averagePosition), ''],
    ['Mentions', String(current.mentions), String(previous.mentions), ''],
  ];
}

function summaryText(summary: DigestSummary): string[] {
  const { current, previous } = summary.weeks;
  if (summary.current.runs === 0) return [`No runs were recorded from ${current.from} to ${current.to}.`];
  return [
    `From ${current.from} to ${current.to}, against ${previous.from} to ${previous.to}:`,
    ...cards(summary).map(([label, now, before, change]) => `- ${label}: ${now}, was ${before}${change ? ` (${change})` : ''}`),
  ];
}

function summaryHtml(summary: DigestSummary): string {
  const { current, previous } = summary.weeks;
  if (summary.current.runs === 0) return `<p>${escapeHtml(summaryText(summary)[0] ?? '')}</p>`;
  const rows = cards(summary).map((card) => `<tr>${card.map((cell, index) => (index === 0 ? `<th scope="row">${escapeHtml(cell)}</th>` : `<td>${escapeHtml(cell)}</td>`)).join('')}</tr>`);
  const head = ['', `${current.from} to ${current.to}`, `${previous.from} to ${previous.to}`, 'Change'].map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('');
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The weekly digest: the report's summary cards (this week against the one before), and the week's alerts with their significance. */
export function digestEmail(to: string, brand: string, week: { from: string; to: string }, summary: DigestSummary, alerts: readonly AlertSummary[], unsubscribeUrl: string): Email {
  const heading = `${brand}: the week of ${week.from} to ${week.to}`;
  const count = alerts.length === 0 ? 'No new alerts this week.' : `${alerts.length} new alert${alerts.length === 1 ? '' : 's'}:`;
  return withUnsubscribe(
    {
      to,
      subject: `[geolens] Weekly digest: ${brand}`,
      text: [heading, '', ...summaryText(summary), '', count, ...alerts.map((alert) => `- ${alertLine(alert)}`)].join('\n'),
      html: `<h1>${escapeHtml(heading)}</h1>${summaryHtml(summary)}<p>${escapeHtml(count)}</p>${alerts.length ? `<ul>${alerts.map((alert) => `<li>${escapeHtml(alertLine(alert))}</li>`).join('')}</ul>` : ''}`,
    },
    unsubscribeUrl,
  );
}
