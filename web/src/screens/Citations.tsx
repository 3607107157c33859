import type { CitationHistory, CitationStats, CitedUrlList } from '../api/types.js';
import { Chart } from '../components/Chart.js';
import { Metric } from '../components/Metric.js';
import { Pager } from '../components/Pager.js';
import { hrefOf, navigate } from '../components/router.js';
import { WhenLoaded } from '../components/Status.js';
import { useApi } from '../components/useApi.js';
import { filtersToSearch, withParameters } from '../lib/filters.js';
import { formatNumber, formatRate } from '../lib/format.js';
import { listQuery, PAGE_SIZE } from '../lib/listQuery.js';
import { chartData } from '../lib/series.js';
import { reportApi, type ScreenProps } from './shared.js';
import { DownloadButton } from '../components/DownloadButton.js';
import { TableDownload } from '../components/TableDownload.js';

function Domains({ stats }: { stats: CitationStats }) {
  return (
    <div class="columns">
      <table>
        <caption>
          Most cited domains <TableDownload name="cited-domains" label="the most cited domains" />
        </caption>
        <thead>
          <tr>
            <th scope="col">Domain</th>
            <th scope="col">Citations</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {stats.domainRank.citations.map((domain, index) => (
            <tr key={domain.domain} data-id={domain.domain} class={domain.main ? 'main' : undefined}>
              <th scope="row">{domain.domain}</th>
              <td>
                <Metric path={`domainRank.citations.${index}.citations`} value={domain.citations} text={formatNumber(domain.citations)} />
              </td>
              <td>
                <Metric path={`domainRank.citations.${index}.citationShare`} value={domain.citationShare} text={formatRate(domain.citationShare, 'fraction')} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>
          Citations by domain category <TableDownload name="citation-categories" label="the citations by domain category" />
        </caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Citations</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {stats.categories.map((category, index) => (
            <tr key={category.category} data-id={category.category}>
              <th scope="row">{category.category}</th>
              <td>
                <Metric path={`categories.${index}.citations`} value={category.citations} text={formatNumber(category.citations)} />
              </td>
              <td>
                <Metric path={`categories.${index}.share`} value={category.share} text={formatRate(category.share, 'fraction')} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UrlHistory({ source }: { source: string }) {
  const loaded = useApi<CitationHistory>(source);
  return (
    <WhenLoaded loaded={loaded} label="the URL's history">
      {(history) => (
        <section aria-label="Citations of one URL" data-source={source}>
          <h2>{history.url}</h2>
          <p>
            <Metric path="totalPeriodCitations" value={history.totalPeriodCitations} text={formatNumber(history.totalPeriodCitations)} /> citations, against{' '}
            <Metric path="totalCitationsPreviousPeriod" value={history.totalCitationsPreviousPeriod} text={formatNumber(history.totalCitationsPreviousPeriod)} /> in the
            period before
          </p>
          <Chart
            title="Citations of this URL per day"
            data={chartData(history.citationsHistory.map((day) => ({ date: day.date, brand: 'Citations', value: day.totalCitations })))}
          />
        </section>
      )}
    </WhenLoaded>
  );
}

function UrlRows({ list, choose }: { list: CitedUrlList; choose: (url: string) => void }) {
  return (
    <tbody>
      {list.items.map((item, index) => (
        <tr key={item.url} data-id={item.url}>
          <th scope="row">
            <button type="button" class="link" onClick={() => choose(item.url)}>
              {item.url}
            </button>
          </th>
          <td>{item.domainCategory}</td>
          <td>
            <Metric path={`items.${index}.citations`} value={item.citations} text={formatNumber(item.citations)} />
          </td>
          <td>
            <Metric path={`items.${index}.share`} value={item.share} text={formatRate(item.share, 'fraction')} />
          </td>
          <td>
            <Metric path={`items.${index}.brandMentioned`} value={item.brandMentioned} text={formatNumber(item.brandMentioned)} />
          </td>
        </tr>
      ))}
    </tbody>
  );
}

/** Cited URLs and domains with their categories and shares; choosing a URL draws its history. */
export function CitationsScreen({ report, filters, search }: ScreenProps) {
  const query = listQuery(search, 'citations');
  const base = filtersToSearch(filters);
  const statsSource = `${reportApi(report.id, '/citations/stats')}?${base}`;
  const listSource = `${reportApi(report.id, '/citations')}?${withParameters(base, { search: query.search, offset: query.offset, limit: PAGE_SIZE })}`;
  const stats = useApi<CitationStats>(statsSource);
  const list = useApi<CitedUrlList>(listSource);
  const url = search.get('url');
  const go = (change: Record<string, string | number>) => navigate(hrefOf(location.pathname, withParameters(search, change)));
  return (
    <>
      {url && <UrlHistory source={`${reportApi(report.id, '/citations/history')}?${withParameters(base, { url })}`} />}
      <section aria-label="Cited URLs" data-source={listSource}>
        <WhenLoaded loaded={list} label="the cited URLs">
          {(page) => (
            <>
              <DownloadButton source={listSource} label="the cited URLs" />
              <table>
                <caption>Cited URLs (choose one for its history)</caption>
                <thead>
                  <tr>
                    <th scope="col">URL</th>
                    <th scope="col">Category</th>
                    <th scope="col">Citations</th>
                    <th scope="col">Share</th>
                    <th scope="col">Runs naming the brand</th>
                  </tr>
                </thead>
                <UrlRows list={page} choose={(chosen) => go({ url: chosen })} />
              </table>
              <Pager offset={query.offset} shown={page.items.length} total={page.paging.totalCount} go={go} />
            </>
          )}
        </WhenLoaded>
      </section>
      <section aria-label="Cited domains" data-source={statsSource}>
        <WhenLoaded loaded={stats} label="the cited domains">
          {(figures) => <Domains stats={figures} />}
        </WhenLoaded>
      </section>
    </>
  );
}
