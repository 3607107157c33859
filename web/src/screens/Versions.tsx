import type { BrandReport, Recalculation, Stats } from '../api/types.js';
import { Chart } from '../components/Chart.js';
import { Metric } from '../components/Metric.js';
import { WhenLoaded } from '../components/Status.js';
import { useApi } from '../components/useApi.js';
import { filtersToSearch, withParameters, type Filters } from '../lib/filters.js';
import { formatRate } from '../lib/format.js';
import { coverageChart } from './Overview.js';
import { reportApi } from './shared.js';

type Version = Recalculation['versions'][number];

/** The two histories worth comparing: the one being built (or the newest) beside the one it replaces. */
export function versionsToCompare(versions: readonly Version[]): Version[] {
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  const building = newestFirst.find((version) => version.state === 'building');
  const active = newestFirst.find((version) => version.state === 'active');
  const retired = newestFirst.find((version) => version.state === 'retired');
  const pair = building ? [active, building] : [retired, active];
  return pair.filter((version): version is Version => version !== undefined);
}

function VersionPanel({ report, filters, version, refresh }: { report: BrandReport; filters: Filters; version: Version; refresh: number }) {
  const source = `${reportApi(report.id, '/stats')}?${withParameters(filtersToSearch(filters), { version: version.version })}`;
  const loaded = useApi<Stats>(source, refresh);
  const names = [version.detection.brand, ...version.detection.brandVariations].join(', ');
  return (
    <section class="version" aria-label={`Version ${version.version}`} data-source={source} data-version={version.version}>
      <h3>
        Version {version.version} ({version.state})
      </h3>
      <p class="detail">{version.detection.brandRegex ? `regex ${version.detection.brandRegex}` : names}</p>
      <WhenLoaded loaded={loaded} label={`version ${version.version}`}>
        {(stats) => (
          <>
            <p>
              Coverage <Metric path="summary.brandCoverage" value={stats.summary.brandCoverage} text={formatRate(stats.summary.brandCoverage, 'percent')} />
            </p>
            <Chart title={`Brand coverage per day, version ${version.version}`} data={coverageChart(stats)} unit="%" />
          </>
        )}
      </WhenLoaded>
    </section>
  );
}

/** While and after a rebuild: the old and the new history of the same window, side by side. */
export function VersionsSideBySide({ report, filters, status, refresh }: { report: BrandReport; filters: Filters; status: Recalculation; refresh: number }) {
  const pair = versionsToCompare(status.versions);
  if (pair.length < 2) return null;
  return (
    <section aria-label="Old and new history" class="side-by-side">
      <h2>Old and new history, {filters.startDate} to {filters.endDate}</h2>
      <div class="columns">
        {pair.map((version) => (
          <VersionPanel key={version.version} report={report} filters={filters} version={version} refresh={refresh + status.processed} />
        ))}
      </div>
    </section>
  );
}
