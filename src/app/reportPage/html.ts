/** Text for HTML: the five characters that could open markup or end an attribute, escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const DASH = '—';

/** A figure as the report pages write it: thousands separated, `digits` decimals; a dash for none. */
export function figure(value: number | null, digits = 0): string {
  if (value === null || !Number.isFinite(value)) return DASH;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A value the page shows, tagged with its dotted path in the answer it comes from. */
export function metric(path: string, value: number | null, text: string): string {
  return `<span data-metric="${escapeHtml(path)}" data-value="${value ?? ''}">${escapeHtml(text)}</span>`;
}

/** `metric` for a percentage 0..100, written with one decimal. */
export const percentMetric = (path: string, value: number): string => metric(path, value, `${figure(value, 1)} %`);

/** `metric` for a count. */
export const countMetric = (path: string, value: number): string => metric(path, value, figure(value));
