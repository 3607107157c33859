import type { Email } from '../../ports/mailer.js';

export interface AlertSummary {
  kind: string;
  date: string;
  title: string;
  statistics: Record<string, unknown>;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** "p = 0.0012" when the alert carries a test's p-value: whether the change is significant. */
function significance({ statistics }: AlertSummary): string | null {
  const pValue = statistics.pValue;
  if (typeof pValue !== 'number') return null;
  return `p = ${pValue < 0.0001 ? pValue.toExponential(1) : pValue.toFixed(4)}${pValue < 0.05 ? ', significant' : ''}`;
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

/** The weekly digest: the report, and the alerts of the week with their significance. */
export function digestEmail(to: string, brand: string, week: { from: string; to: string }, alerts: readonly AlertSummary[], unsubscribeUrl: string): Email {
  const heading = `${brand}: the week of ${week.from} to ${week.to}`;
  const count = alerts.length === 0 ? 'No new alerts this week.' : `${alerts.length} new alert${alerts.length === 1 ? '' : 's'}:`;
  return withUnsubscribe(
    {
      to,
      subject: `[geolens] Weekly digest: ${brand}`,
      text: [heading, '', count, ...alerts.map((alert) => `- ${alertLine(alert)}`)].join('\n'),
      html: `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(count)}</p>${alerts.length ? `<ul>${alerts.map((alert) => `<li>${escapeHtml(alertLine(alert))}</li>`).join('')}</ul>` : ''}`,
    },
    unsubscribeUrl,
  );
}
