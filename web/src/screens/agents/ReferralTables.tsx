import type { ReferralPages, Referrals } from '../../api/types.js';
import { Metric } from '../../components/Metric.js';
import { PagedList, type PagedListProps } from '../../components/PagedList.js';
import { TableDownload } from '../../components/TableDownload.js';
import { formatNumber } from '../../lib/format.js';

type Measured = Referrals & { byEngine: NonNullable<Referrals['byEngine']>; daily: NonNullable<Referrals['daily']> };

/** Each engine's referral visits and the sessions it brought (by the engine of their landing visit). */
export function EngineTable({ referrals }: { referrals: Measured }) {
  return (
    <table>
      <caption>
        Visits and sessions per engine <TableDownload name="referrals-by-engine" label="the visits and sessions per engine" />
      </caption>
      <thead>
        <tr>
          <th scope="col">Engine</th>
          <th scope="col">Visits</th>
          <th scope="col">Sessions</th>
        </tr>
      </thead>
      <tbody>
        {referrals.byEngine.map((engine, index) => (
          <tr key={engine.engine} data-id={engine.engine}>
            <th scope="row">{engine.engine}</th>
            <td>
              <Metric path={`byEngine.${index}.visits`} value={engine.visits} text={formatNumber(engine.visits)} />
            </td>
            <td>
              <Metric path={`byEngine.${index}.sessions`} value={engine.sessions} text={formatNumber(engine.sessions)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The days with referral visits: visits and sessions, and the visits of each engine of the filter. */
export function DailyTable({ referrals }: { referrals: Measured }) {
  const engines = referrals.byEngine.map(({ engine }) => engine);
  return (
    <table>
      <caption>
        Days with referral visits <TableDownload name="referrals-by-day" label="the referral visits per day" />
      </caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Visits</th>
          <th scope="col">Sessions</th>
          {engines.map((engine) => (
            <th scope="col" key={engine}>
              {engine} visits
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {referrals.daily.map((day, index) => (
          <tr key={day.date} data-id={day.date}>
            <th scope="row">{day.date}</th>
            <td>
              <Metric path={`daily.${index}.visits`} value={day.visits} text={formatNumber(day.visits)} />
            </td>
            <td>
              <Metric path={`daily.${index}.sessions`} value={day.sessions} text={formatNumber(day.sessions)} />
            </td>
            {engines.map((engine) => (
              <td key={engine}>
                <Metric path={`daily.${index}.byEngine.${engine}`} value={day.byEngine[engine] ?? null} text={formatNumber(day.byEngine[engine] ?? null)} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The pages people from AI answers landed on, most sessions first, beside the runs whose answers cite them. */
export function LandingPagesTable({ pages, source, offset, go }: PagedListProps<ReferralPages>) {
  return (
    <PagedList label="Landing pages" download="the landing pages" source={source} offset={offset} shown={pages.items.length} total={pages.paging.totalCount} go={go}>
      <table>
        <caption>Landing pages beside their citations</caption>
        <thead>
          <tr>
            <th scope="col">Path</th>
            <th scope="col">Sessions landed</th>
            <th scope="col">Referral visits</th>
            <th scope="col">Engines</th>
            <th scope="col">Runs citing it</th>
          </tr>
        </thead>
        <tbody>
          {pages.items.map((page, index) => (
            <tr key={page.path} data-id={page.path}>
              <th scope="row" class="url">
                {page.path}
              </th>
              {(['sessions', 'visits'] as const).map((field) => (
                <td key={field}>
                  <Metric path={`items.${index}.${field}`} value={page[field]} text={formatNumber(page[field])} />
                </td>
              ))}
              <td>{page.engines.join(', ') || '—'}</td>
              <td>
                <Metric path={`items.${index}.citations`} value={page.citations} text={formatNumber(page.citations)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </PagedList>
  );
}
