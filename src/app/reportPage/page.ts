import type { ShareFigures } from './figures.js';
import type { BrandReportStats } from '../brandReports/analytics/statsSchema.js';
import { coverageChart } from './chart.js';
import { countMetric, escapeHtml, figure, metric, percentMetric } from './html.js';

type Summary = BrandReportStats['summary'];

function card(title: string, value: string, detail: string): string {
  return `<section class="card" aria-label="${escapeHtml(title)}"><h2>${escapeHtml(title)}</h2><p class="figure">${value}</p><p class="detail">${detail}</p></section>`;
}

function summaryCards(stats: BrandReportStats): string {
  const summary: Summary = stats.summary;
  const main = stats.allBrandsAnalysis.brandMentions.findIndex((brand) => brand.isMainBrand);
  const nss = stats.allBrandsAnalysis.brandMentions[main]?.sentiment.nss ?? null;
  const interval = `${metric('summary.brandCoverageInterval.low', summary.brandCoverageInterval.low, figure(summary.brandCoverageInterval.low, 1))}–${percentMetric('summary.brandCoverageInterval.high', summary.brandCoverageInterval.high)}`;
  const cards = [
    card('Brand coverage', percentMetric('summary.brandCoverage', summary.brandCoverage), `${countMetric('summary.mentionedRuns', summary.mentionedRuns)} / ${countMetric('summary.runs', summary.runs)} runs · 95 % ${interval}`),
    card('Share of voice', percentMetric('summary.shareOfVoice', summary.shareOfVoice), `${countMetric('summary.mentions', summary.mentions)} / ${countMetric('summary.totalMentions', summary.totalMentions)} mentions`),
    card('Average position', metric('summary.averagePosition', summary.averagePosition, figure(summary.averagePosition, 1)), `average rank ${metric('summary.averageRank', summary.averageRank, figure(summary.averageRank, 1))}`),
    card('Mentions', countMetric('summary.mentions', summary.mentions), `${countMetric('summary.totalSources', summary.totalSources)} citations in the window`),
    card('Domain coverage', percentMetric('summary.domainCoverage', summary.domainCoverage), `${countMetric('summary.domainCitedRuns', summary.domainCitedRuns)} / ${countMetric('summary.runs', summary.runs)} runs cite the brand’s domains`),
    card('Net sentiment (NSS)', nss === null ? '—' : metric(`allBrandsAnalysis.brandMentions.${main}.sentiment.nss`, nss, figure(nss, 2)), 'positive minus negative sentences, −1 to 1'),
  ];
  return `<div class="cards" data-source="stats">${cards.join('')}</div>`;
}

function table(caption: string, source: string, head: readonly string[], rows: readonly string[]): string {
  const headers = head.map((name, index) => `<th scope="col"${index > 0 && name !== 'Brand' && name !== 'Domain' && name !== 'Prompt' ? ' class="number"' : ''}>${name}</th>`).join('');
  const body = rows.length === 0 ? `<tr><td colspan="${head.length}">Nothing in this window.</td></tr>` : rows.join('');
  return `<section class="panel" data-source="${source}"><h2>${escapeHtml(caption)}</h2><table><thead><tr>${headers}</tr></thead><tbody>${body}</tbody></table></section>`;
}

const cell = (content: string): string => `<td class="number">${content}</td>`;

function brandsTable(stats: BrandReportStats): string {
  const rows = stats.allBrandsAnalysis.brandMentions.map((brand, index) => {
    const path = `allBrandsAnalysis.brandMentions.${index}`;
    const cells = [countMetric(`${path}.rank`, brand.rank), `<th scope="row">${escapeHtml(brand.brand)}</th>`, percentMetric(`${path}.shareOfVoice`, brand.shareOfVoice), percentMetric(`${path}.brandCoverage`, brand.brandCoverage), countMetric(`${path}.mentions`, brand.mentions)];
    return `<tr data-id="${escapeHtml(brand.brand)}"${brand.isMainBrand ? ' class="main"' : ''}>${cell(cells[0] ?? '')}${cells[1]}${cells.slice(2).map(cell).join('')}</tr>`;
  });
  return table('Share of voice by brand', 'stats', ['Rank', 'Brand', 'Share of voice', 'Coverage', 'Mentions'], rows);
}

function enginesTable(stats: BrandReportStats): string {
  const rows = stats.engines.map((engine, index) => {
    const path = `engines.${index}`;
    return `<tr data-id="${escapeHtml(engine.engine)}"><th scope="row">${escapeHtml(engine.engine)}</th>${cell(percentMetric(`${path}.brandCoverage`, engine.brandCoverage))}${cell(`${countMetric(`${path}.mentionedRuns`, engine.mentionedRuns)} / ${countMetric(`${path}.runs`, engine.runs)}`)}</tr>`;
  });
  return table('Brand coverage by engine', 'stats', ['Engine', 'Coverage', 'Runs'], rows);
}

function promptsTable({ prompts }: ShareFigures): string {
  const rows = prompts.items.map((prompt, index) => {
    const path = `items.${index}`;
    const coverage = metric(`${path}.brandCoverage`, prompt.brandCoverage, `${figure(prompt.brandCoverage * 100, 1)} %`);
    return `<tr data-id="${escapeHtml(prompt.id)}"><th scope="row">${escapeHtml(prompt.prompt)}</th>${cell(coverage)}${cell(countMetric(`${path}.brandMentions`, prompt.brandMentions))}${cell(countMetric(`${path}.runs`, prompt.runs))}</tr>`;
  });
  return table('Top prompts', 'prompts', ['Prompt', 'Coverage', 'Mentions', 'Runs'], rows);
}

function domainsTable({ citations }: ShareFigures): string {
  const rows = citations.domainRank.citations.slice(0, 10).map((domain, index) => {
    const path = `domainRank.citations.${index}`;
    const share = metric(`${path}.citationShare`, domain.citationShare, `${figure(domain.citationShare * 100, 1)} %`);
    return `<tr data-id="${escapeHtml(domain.domain)}"${domain.main ? ' class="main"' : ''}>${cell(countMetric(`${path}.rank`, domain.rank))}<th scope="row">${escapeHtml(domain.domain)}</th>${cell(countMetric(`${path}.citations`, domain.citations))}${cell(share)}</tr>`;
  });
  return table('Most cited domains', 'citations/stats', ['Rank', 'Domain', 'Citations', 'Share'], rows);
}

/** The page's content: the report's overview for the link's window, with nothing that leads anywhere else. */
export function reportBody(figures: ShareFigures): string {
  const { stats } = figures;
  const chart = `<section class="panel" data-source="stats"><h2>Brand coverage over time</h2>${coverageChart(stats.allBrandsAnalysis.brandCoverageHistory)}</section>`;
  return `${summaryCards(stats)}${chart}${brandsTable(stats)}${enginesTable(stats)}${promptsTable(figures)}${domainsTable(figures)}`;
}
