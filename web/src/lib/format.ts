/** How the page writes the API's figures. Every function is pure: the tests and the parity checks share it. */

const DASH = '—';

/** A number with thousands separators and at most `digits` decimals. */
export function formatNumber(value: number | null, digits = 0): string {
  if (value === null || !Number.isFinite(value)) return DASH;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** `/stats` answers coverage and shares in percent 0..100; every other operation in fractions 0..1. */
export type RateUnit = 'percent' | 'fraction';

export function toPercent(value: number, unit: RateUnit): number {
  return unit === 'percent' ? value : value * 100;
}

export function formatRate(value: number | null, unit: RateUnit, digits = 1): string {
  if (value === null) return DASH;
  return `${formatNumber(toPercent(value, unit), digits)} %`;
}

/** A 95 % interval as `low–high %`. */
export function formatInterval(interval: { low: number; high: number }, unit: RateUnit): string {
  return `${formatNumber(toPercent(interval.low, unit), 1)}–${formatNumber(toPercent(interval.high, unit), 1)} %`;
}

/** Numerator over denominator: `n / N`. */
export function formatRatio(numerator: number, denominator: number): string {
  return `${formatNumber(numerator)} / ${formatNumber(denominator)}`;
}

export function formatSigned(value: number, digits: number): string {
  const text = formatNumber(Math.abs(value), digits);
  if (text === formatNumber(0, digits)) return text;
  return `${value < 0 ? '−' : '+'}${text}`;
}

export interface Change {
  text: string;
  /** Whether the figure went up, down or stayed, for the arrow and its colour. */
  direction: 'up' | 'down' | 'flat' | 'none';
}

/**
 * The change of a figure against the previous period. Rates change in percentage points ("+2.5 pts"), counts
 * and means by their difference; without a previous figure there is no change to show.
 */
export function formatChange(current: number | null, previous: number | null, kind: 'points' | 'count' | 'mean', digits = 1): Change {
  if (current === null || previous === null) return { text: 'no previous figure', direction: 'none' };
  const difference = current - previous;
  const shown = kind === 'count' ? 0 : digits;
  const text = `${formatSigned(difference, shown)}${kind === 'points' ? ' pts' : ''}`;
  const rounded = Number(difference.toFixed(shown));
  return { text, direction: rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat' };
}

/** A position or rank: lower is better, one decimal. */
export function formatPosition(value: number | null): string {
  return value === null ? DASH : formatNumber(value, 1);
}

/** Net sentiment score, -1..1, signed with two decimals. */
export function formatScore(value: number): string {
  return formatSigned(value, 2);
}

/** An ISO timestamp of the API to the minute, in UTC as the API gives it: `2026-11-15 10:04`. */
export function formatTimestamp(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}
