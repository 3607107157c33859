import type { Email } from '../../ports/mailer.js';
import { escapeHtml } from '../reportPage/html.js';

export interface ReportEmailContent {
  to: string;
  /** Who sends the report: the workspace's branding name, else geolens. */
  sender: string;
  brand: string;
  cadence: 'weekly' | 'monthly';
  window: { startDate: string; endDate: string };
  shareUrl: string;
  shareExpiresAt: string;
  /** The due time, when the send went out late (the server was not running then). */
  lateSince: string | null;
  pdf: Uint8Array;
}

/** A scheduled report e-mail: the window's figures as an attached PDF, and a share link valid 30 days. */
export function reportEmail(content: ReportEmailContent): Email {
  const { to, sender, brand, cadence, window, shareUrl, shareExpiresAt, lateSince, pdf } = content;
  const lines = [
    `${sender}: the ${cadence} report for ${brand}, ${window.startDate} to ${window.endDate}.`,
    ...(lateSince === null ? [] : [`This report was due at ${lateSince.slice(0, 16).replace('T', ' ')} UTC and is sent late: the server was not running then.`]),
    'The report is attached as a PDF.',
    `See it online, with the latest figures, until ${shareExpiresAt.slice(0, 10)}: ${shareUrl}`,
  ];
  return {
    to,
    subject: `${lateSince === null ? '' : '(late) '}${cadence === 'weekly' ? 'Weekly' : 'Monthly'} report: ${brand}`,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line).replace(escapeHtml(shareUrl), `<a href="${escapeHtml(shareUrl)}">${escapeHtml(shareUrl)}</a>`)}</p>`).join(''),
    attachments: [{ filename: `${brand.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${window.endDate}.pdf`, contentType: 'application/pdf', content: pdf }],
  };
}
