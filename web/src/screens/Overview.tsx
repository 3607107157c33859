import type { ComponentChildren } from 'preact';
import type { Stats } from '../api/types.js';
import { Chart } from '../components/Chart.js';
import { Derived, Metric } from '../components/Metric.js';
import { WhenLoaded } from '../components/Status.js';
import { useApi } from '../components/useApi.js';
import { filtersToSearch, previousPeriod } from '../lib/filters.js';
import { formatChange, formatNumber, formatPosition, formatRate, formatScore, type Change } from '../lib/format.js';
import { chartData } from '../lib/series.js';
import { reportApi, type ScreenProps } from './shared.js';
import { TableDownload } from '../components/TableDownload.js';

interface CardProps {
  title: string;
  children: ComponentChildren;
  change: Change;
  changeOf: string;
  /** A position is better when it goes down. */
  lowerIsBetter?: boolean;
}

function toneOf(change: Change, lowerIsBetter: boolean): string {
  if (change.direction !== 'up' && change.direction !== 'down') return '';
  return (change.direction === 'up') !== lowerIsBetter ? 'better' : 'worse';
}

function Card({ title, children, change, changeOf, lowerIsBetter = false }: CardProps) {
  return (
    <section class="card" aria-label={title}>
      <h2>{title}</h2>
      {children}
      <p class={`change ${toneOf(change, lowerIsBetter)}`}>
        <Derived from={`${changeOf} − previous period ${changeOf}`} text={change.text} /> vs previous period
      </p>
    </section>
  );
}

function mainBrandIndex(stats: Stats): number {
  return stats.allBrandsAnalysis.brandMentions.findIndex((brand) => brand.isMainBrand);
}

interface Periods {
  stats: Stats;
  previous: Stats | null;
}

/** Coverage, share of voice and position: the brand's place in the answers. */
function VisibilityCards({ stats, previous }: Periods) {
  const { summary } = stats;
  const before = previous?.summary ?? null;
  return (
    <>
      <Card title="Brand coverage" change={formatChange(summary.brandCoverage, before?.brandCoverage ?? null, 'points')} changeOf="summary.brandCoverage">
        <p class="figure">
          <Metric path="summary.brandCoverage" value={summary.brandCoverage} text={formatRate(summary.brandCoverage, 'percent')} />
        </p>
        <p class="detail">
          <Metric path="summary.mentionedRuns" value={summary.mentionedRuns} text={formatNumber(summary.mentionedRuns)} /> /{' '}
          <Metric path="summary.runs" value={summary.runs} text={formatNumber(summary.runs)} /> runs · 95 %{' '}
          <Metric path="summary.brandCoverageInterval.low" value={summary.brandCoverageInterval.low} text={formatNumber(summary.brandCoverageInterval.low, 1)} />–
          <Metric path="summary.brandCoverageInterval.high" value={summary.brandCoverageInterval.high} text={formatRate(summary.brandCoverageInterval.high, 'percent')} />
        </p>
      </Card>
      <Card title="Share of voice" change={formatChange(summary.shareOfVoice, before?.shareOfVoice ?? null, 'points')} changeOf="summary.shareOfVoice">
        <p class="figure">
          <Metric path="summary.shareOfVoice" value={summary.shareOfVoice} text={formatRate(summary.shareOfVoice, 'percent')} />
        </p>
        <p class="detail">
          <Metric path="summary.mentions" value={summary.mentions} text={formatNumber(summary.mentions)} /> /{' '}
          <Metric path="summary.totalMentions" value={summary.totalMentions} text={formatNumber(summary.totalMentions)} /> mentions
        </p>
      </Card>
      <Card title="Average position" change={formatChange(summary.averagePosition, before?.averagePosition ?? null, 'mean')} changeOf="summary.averagePosition" lowerIsBetter>
        <p class="figure">
          <Metric path="summary.averagePosition" value={summary.averagePosition} text={formatPosition(summary.averagePosition)} />
        </p>
        <p class="detail">
          average rank <Metric path="summary.averageRank" value={summary.averageRank} text={formatPosition(summary.averageRank)} />
        </p>
      </Card>
    </>
  );
}

/** Mentions, the brand's domains among the citations, and sentiment. */
function VolumeCards({ stats, previous }: Periods) {
  const { summary } = stats;
  const before = previous?.summary ?? null;
  const main = mainBrandIndex(stats);
  const nss = stats.allBrandsAnalysis.brandMentions[main]?.sentiment.nss ?? null;
  const previousNss = previous?.allBrandsAnalysis.brandMentions[mainBrandIndex(previous)]?.sentiment.nss ?? null;
  const nssPath = `allBrandsAnalysis.brandMentions.${main}.sentiment.nss`;
  return (
    <>
      <Card title="Mentions" change={formatChange(summary.mentions, before?.mentions ?? null, 'count')} changeOf="summary.mentions">
        <p class="figure">
          <Metric path="summary.mentions" value={summary.mentions} text={formatNumber(summary.mentions)} />
        </p>
        <p class="detail">
          <Metric path="summary.totalSources" value={summary.totalSources} text={formatNumber(summary.totalSources)} /> citations in the window
        </p>
      </Card>
      <Card title="Domain coverage" change={formatChange(summary.domainCoverage, before?.domainCoverage ?? null, 'points')} changeOf="summary.domainCoverage">
        <p class="figure">
          <Metric path="summary.domainCoverage" value={summary.domainCoverage} text={formatRate(summary.domainCoverage, 'percent')} />
        </p>
        <p class="detail">
          <Metric path="summary.domainCitedRuns" value={summary.domainCitedRuns} text={formatNumber(summary.domainCitedRuns)} /> /{' '}
          <Metric path="summary.runs" value={summary.runs} text={formatNumber(summary.runs)} /> runs cite the brand’s domains
        </p>
      </Card>
      <Card title="Net sentiment (NSS)" change={formatChange(nss, previousNss, 'mean', 2)} changeOf={nssPath}>
        <p class="figure">{nss === null ? '—' : <Metric path={nssPath} value={nss} text={formatScore(nss)} />}</p>
        <p class="detail">positive minus negative sentences, −1 to 1</p>
      </Card>
    </>
  );
}

function Cards(periods: Periods) {
  return (
    <div class="cards">
      <VisibilityCards {...periods} />
      <VolumeCards {...periods} />
    </div>
  );
}

function BrandsTable({ stats }: { stats: Stats }) {
  return (
    <table>
      <caption>
        Share of voice by brand <TableDownload name="share-of-voice" label="the share of voice by brand" />
      </caption>
      <thead>
        <tr>
          <th scope="col">Rank</th>
          <th scope="col">Brand</th>
          <th scope="col">Share of voice</th>
          <th scope="col">Coverage</th>
          <th scope="col">Mentions</th>
        </tr>
      </thead>
      <tbody>
        {stats.allBrandsAnalysis.brandMentions.map((brand, index) => {
          const path = `allBrandsAnalysis.brandMentions.${index}`;
          return (
            <tr key={brand.brand} data-id={brand.brand} class={brand.isMainBrand ? 'main' : undefined}>
              <td>
                <Metric path={`${path}.rank`} value={brand.rank} text={formatNumber(brand.rank)} />
              </td>
              <th scope="row">{brand.brand}</th>
              <td>
                <span class="bar" style={{ width: `${Math.min(brand.shareOfVoice, 100)}%` }} aria-hidden="true" />
                <Metric path={`${path}.shareOfVoice`} value={brand.shareOfVoice} text={formatRate(brand.shareOfVoice, 'percent')} />
              </td>
              <td>
                <Metric path={`${path}.brandCoverage`} value={brand.brandCoverage} text={formatRate(brand.brandCoverage, 'percent')} />
              </td>
              <td>
                <Metric path={`${path}.mentions`} value={brand.mentions} text={formatNumber(brand.mentions)} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function EnginesTable({ stats }: { stats: Stats }) {
  return (
    <table>
      <caption>
        Brand coverage by engine <TableDownload name="coverage-by-engine" label="the brand coverage by engine" />
      </caption>
      <thead>
        <tr>
          <th scope="col">Engine</th>
          <th scope="col">Coverage</th>
          <th scope="col">Runs</th>
        </tr>
      </thead>
      <tbody>
        {stats.engines.map((engine, index) => (
          <tr key={engine.engine} data-id={engine.engine}>
            <th scope="row">{engine.engine}</th>
            <td>
              <Metric path={`engines.${index}.brandCoverage`} value={engine.brandCoverage} text={formatRate(engine.brandCoverage, 'percent')} />
            </td>
            <td>
              <Metric path={`engines.${index}.mentionedRuns`} value={engine.mentionedRuns} text={formatNumber(engine.mentionedRuns)} /> /{' '}
              <Metric path={`engines.${index}.runs`} value={engine.runs} text={formatNumber(engine.runs)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The coverage of every tracked brand per day: one series per brand, one point per day with runs. */
export function coverageChart(stats: Stats) {
  return chartData(
    stats.allBrandsAnalysis.brandCoverageHistory.flatMap(({ date, brands }) => brands.map((brand) => ({ date, brand: brand.brand, value: brand.coverage }))),
  );
}

export function StatsView({ stats, previous, source }: { stats: Stats; previous: Stats | null; source: string }) {
  return (
    <div data-source={source}>
      <Cards stats={stats} previous={previous} />
      <Chart title="Brand coverage per day" data={coverageChart(stats)} unit="%" />
      <div class="columns">
        <BrandsTable stats={stats} />
        <EnginesTable stats={stats} />
      </div>
    </div>
  );
}

/** The report overview: `/stats` for the filters, against `/stats` for the period before. */
export function OverviewScreen({ report, filters }: ScreenProps) {
  const source = `${reportApi(report.id, '/stats')}?${filtersToSearch(filters)}`;
  const current = useApi<Stats>(source);
  const previous = useApi<Stats>(`${reportApi(report.id, '/stats')}?${filtersToSearch(previousPeriod(filters))}`);
  return (
    <WhenLoaded loaded={current} label="the report figures">
      {(stats) => (
        <>
          {stats.isRecalculating && <p class="note">The history is being recalculated; these figures are the current version’s.</p>}
          <StatsView stats={stats} previous={previous.state === 'ready' && previous.data.summary.runs > 0 ? previous.data : null} source={source} />
        </>
      )}
    </WhenLoaded>
  );
}
