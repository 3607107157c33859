import type { BrandReportStats } from '../brandReports/analytics/statsSchema.js';
import { escapeHtml } from './html.js';

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { left: 36, right: 8, top: 8, bottom: 22 };
const SERIES_CLASSES = 6;

type CoverageHistory = BrandReportStats['allBrandsAnalysis']['brandCoverageHistory'];

/** The x of day `index` of `days` and the y of a coverage 0..100, inside the padding. */
const xOf = (index: number, days: number): number => PAD.left + (days <= 1 ? 0 : (index * (WIDTH - PAD.left - PAD.right)) / (days - 1));
const yOf = (coverage: number): number => PAD.top + ((100 - coverage) * (HEIGHT - PAD.top - PAD.bottom)) / 100;

function gridLines(): string {
  return [0, 25, 50, 75, 100]
    .map((level) => `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${yOf(level)}" y2="${yOf(level)}"/><text x="2" y="${yOf(level) + 4}">${level} %</text>`)
    .join('');
}

/**
 * The coverage of each tracked brand per day with runs, as lines on one chart (an SVG the page and the PDF draw
 * alike), with a legend; the figures themselves are in the tables beside it.
 */
export function coverageChart(history: CoverageHistory): string {
  if (history.length === 0) return '<p>No runs in this window.</p>';
  const brands = history[0]?.brands.map(({ brand }) => brand) ?? [];
  const lines = brands.map((brand, series) => {
    const points = history.map((day, index) => {
      const coverage = day.brands.find((entry) => entry.brand === brand)?.coverage ?? 0;
      return `${xOf(index, history.length).toFixed(1)},${yOf(coverage).toFixed(1)}`;
    });
    return `<polyline class="s${series % SERIES_CLASSES}" points="${points.join(' ')}"/>`;
  });
  const first = escapeHtml(history[0]?.date ?? '');
  const last = escapeHtml(history.at(-1)?.date ?? '');
  const axis = `<text x="${PAD.left}" y="${HEIGHT - 4}">${first}</text><text x="${WIDTH - PAD.right - 70}" y="${HEIGHT - 4}">${last}</text>`;
  const legend = brands.map((brand, series) => `<li class="s${series % SERIES_CLASSES}">${escapeHtml(brand)}</li>`).join('');
  const label = `Brand coverage per day, ${first} to ${last}`;
  return `<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${label}">${gridLines()}${lines.join('')}${axis}</svg><ul class="legend">${legend}</ul>`;
}
