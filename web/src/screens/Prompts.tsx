import type { PromptList } from '../api/types.js';
import { Metric } from '../components/Metric.js';
import { hrefOf, Link, navigate } from '../components/router.js';
import { Pager } from '../components/Pager.js';
import { WhenLoaded } from '../components/Status.js';
import { useApi } from '../components/useApi.js';
import { filtersToSearch, withParameters } from '../lib/filters.js';
import { formatInterval, formatNumber, formatRate } from '../lib/format.js';
import { listQuery, PAGE_SIZE, type ListQuery } from '../lib/listQuery.js';
import { reportApi, type ScreenProps } from './shared.js';
import { DownloadButton } from '../components/DownloadButton.js';

const COLUMNS: Array<{ sortBy: string | null; label: string }> = [
  { sortBy: 'prompt', label: 'Prompt' },
  { sortBy: 'rank', label: 'Rank' },
  { sortBy: 'brandMentions', label: 'Mentions' },
  { sortBy: null, label: 'Coverage' },
  { sortBy: 'domainMentions', label: 'Domain citations' },
  { sortBy: 'volume', label: 'Volume' },
];

function SortHeader({ column, query, go }: { column: (typeof COLUMNS)[number]; query: ListQuery; go: (change: Partial<ListQuery>) => void }) {
  if (column.sortBy === null) return <th scope="col">{column.label}</th>;
  const sorted = query.sortBy === column.sortBy;
  const next = sorted && query.sortOrder === 'desc' ? 'asc' : 'desc';
  return (
    <th scope="col" aria-sort={sorted ? (query.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" class="sort" onClick={() => go({ sortBy: column.sortBy as string, sortOrder: next, offset: 0 })}>
        {column.label}
      </button>
    </th>
  );
}

function Rows({ list, report, search }: { list: PromptList; report: ScreenProps['report']; search: URLSearchParams }) {
  return (
    <tbody>
      {list.items.map((item, index) => {
        const path = `items.${index}`;
        return (
          <tr key={item.id} data-id={item.id}>
            <th scope="row">
              <Link href={hrefOf(`/reports/${encodeURIComponent(report.id)}/prompts/${encodeURIComponent(item.id)}`, search)}>{item.prompt}</Link>
            </th>
            <td>
              <Metric path={`${path}.rank`} value={item.rank} text={item.rank === null ? '—' : formatNumber(item.rank)} />
            </td>
            <td>
              <Metric path={`${path}.brandMentions`} value={item.brandMentions} text={formatNumber(item.brandMentions)} />
            </td>
            <td>
              <Metric path={`${path}.brandCoverage`} value={item.brandCoverage} text={formatRate(item.brandCoverage, 'fraction')} />{' '}
              <small>
                (<Metric path={`${path}.mentionedRuns`} value={item.mentionedRuns} text={formatNumber(item.mentionedRuns)} /> /{' '}
                <Metric path={`${path}.runs`} value={item.runs} text={formatNumber(item.runs)} />, {formatInterval(item.brandCoverageInterval, 'fraction')})
              </small>
            </td>
            <td>
              <Metric path={`${path}.domainMentions`} value={item.domainMentions} text={formatNumber(item.domainMentions)} />
            </td>
            <td>
              <Metric path={`${path}.volume`} value={item.volume} text={formatNumber(item.volume)} />
            </td>
          </tr>
        );
      })}
    </tbody>
  );
}

/** The report's prompts: search, sort and pages in the URL beside the filters. */
export function PromptsScreen({ report, filters, search }: ScreenProps) {
  const query = listQuery(search, 'brandMentions');
  const apiSearch = withParameters(filtersToSearch(filters), { search: query.search, sortBy: query.sortBy, sortOrder: query.sortOrder, offset: query.offset, limit: PAGE_SIZE });
  const source = `${reportApi(report.id, '/prompts')}?${apiSearch}`;
  const loaded = useApi<PromptList>(source);
  const go = (change: Partial<ListQuery>) => navigate(hrefOf(location.pathname, withParameters(search, { ...change })));
  const submit = (event: Event) => {
    event.preventDefault();
    go({ search: String(new FormData(event.currentTarget as HTMLFormElement).get('search') ?? ''), offset: 0 });
  };
  return (
    <section aria-label="Prompts" data-source={source}>
      <form role="search" class="search" onSubmit={submit}>
        <label for="prompt-search">Search prompts</label>
        <input id="prompt-search" name="search" type="search" defaultValue={query.search} />
        <button type="submit">Search</button>
      </form>
      <WhenLoaded loaded={loaded} label="the prompts">
        {(list) => (
          <>
            <DownloadButton source={source} label="the prompts" />
            <table>
              <caption>Prompts in {filters.country.toUpperCase()}</caption>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <SortHeader key={column.label} column={column} query={query} go={go} />
                  ))}
                </tr>
              </thead>
              <Rows list={list} report={report} search={filtersToSearch(filters)} />
            </table>
            <Pager offset={query.offset} shown={list.items.length} total={list.paging.totalCount} go={go} />
          </>
        )}
      </WhenLoaded>
    </section>
  );
}
