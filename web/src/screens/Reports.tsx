import { useEffect, useRef } from 'preact/hooks';
import type { BrandReportPage, Stats } from '../api/types.js';
import { Metric } from '../components/Metric.js';
import { hrefOf, Link } from '../components/router.js';
import { Failure, WhenLoaded } from '../components/Status.js';
import { useApi } from '../components/useApi.js';
import { WorkspacePicker } from '../components/WorkspacePicker.js';
import { utcDay } from '../lib/days.js';
import { filtersFromSearch, filtersToSearch } from '../lib/filters.js';
import { formatRate } from '../lib/format.js';
import { sparklinePath } from '../lib/series.js';
import { DownloadButton } from '../components/DownloadButton.js';

type ReportItem = BrandReportPage['items'][number];

function Trend({ stats }: { stats: Stats }) {
  const values = stats.allBrandsAnalysis.brandCoverageHistory.map((day) => day.brands.find((brand) => brand.isMainBrand)?.coverage ?? 0);
  return (
    <svg class="spark" width="120" height="28" viewBox="-1 -1 122 30" role="img" aria-label={`Daily coverage over ${values.length} days`} data-point-count={values.length}>
      <path d={sparklinePath(values, 120, 28, 100)} fill="none" stroke="currentColor" stroke-width="1.5" />
    </svg>
  );
}

/**
 * One report with its brand coverage over the last 30 days in its default country (the one its overview opens
 * on, so both show the same figure), labelled with that country, and the daily trend.
 */
function ReportRow({ report }: { report: ReportItem }) {
  const country = report.defaultCountry ?? 'us';
  const filters = filtersFromSearch(new URLSearchParams(), { today: utcDay(new Date()), country });
  const source = `/v1/reports/brand/${encodeURIComponent(report.id)}/stats?${filtersToSearch(filters)}`;
  const stats = useApi<Stats>(report.defaultCountry !== null ? source : null);
  return (
    <tr data-id={report.id}>
      <th scope="row">
        <Link href={hrefOf(`/reports/${encodeURIComponent(report.id)}`, filtersToSearch(filters))}>{report.reportTitle}</Link>
      </th>
      <td>{report.brand}</td>
      <td>{report.countries.map((country) => country.toUpperCase()).join(', ')}</td>
      <td data-source={source}>
        {stats.state === 'ready' ? (
          <>
            <Metric path="summary.brandCoverage" value={stats.data.summary.brandCoverage} text={formatRate(stats.data.summary.brandCoverage, 'percent')} />{' '}
            <span class="country">in {country.toUpperCase()}</span>
          </>
        ) : stats.state === 'loading' && report.defaultCountry !== null ? (
          <span class="loading">Loading…</span>
        ) : (
          '—'
        )}
      </td>
      <td>{stats.state === 'ready' ? <Trend stats={stats.data} /> : stats.state === 'failed' ? <Failure error={stats.error} /> : null}</td>
    </tr>
  );
}

function ReportsTable({ workspaceId }: { workspaceId: string }) {
  const source = `/v1/reports/brand?${new URLSearchParams({ workspaceId })}`;
  const loaded = useApi<BrandReportPage>(source);
  return (
    <WhenLoaded loaded={loaded} label="the reports">
      {(page) =>
        page.items.length === 0 ? (
          <p>This workspace has no brand report yet.</p>
        ) : (
          <>
            <DownloadButton source={source} label="the reports" />
            <table>
              <caption>Brand reports, with the brand’s coverage over the last 30 days in each report’s main country</caption>
              <thead>
                <tr>
                  <th scope="col">Report</th>
                  <th scope="col">Brand</th>
                  <th scope="col">Countries</th>
                  <th scope="col">Coverage</th>
                  <th scope="col">Trend</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((report) => (
                  <ReportRow key={report.id} report={report} />
                ))}
              </tbody>
            </table>
          </>
        )
      }
    </WhenLoaded>
  );
}

/** The reports of one workspace (the URL's `workspaceId`, else the first one the user can read). */
export function ReportsScreen() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main">
      <h1 ref={heading} tabIndex={-1}>
        Reports
      </h1>
      <WorkspacePicker>{(workspaceId) => <ReportsTable workspaceId={workspaceId} />}</WorkspacePicker>
    </main>
  );
}
