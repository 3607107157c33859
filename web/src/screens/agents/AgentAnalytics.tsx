import { useState } from 'preact/hooks';
import type { AgentList, AgentPages, AgentStats } from '../../api/types.js';
import { Derived, Metric } from '../../components/Metric.js';
import { hrefOf, Link, navigate } from '../../components/router.js';
import { WhenLoaded } from '../../components/Status.js';
import { useApi } from '../../components/useApi.js';
import { agentFiltersFromSearch, agentQuery, verificationShares, type AgentFilters } from '../../lib/agentQuery.js';
import { withParameters, type Filters } from '../../lib/filters.js';
import { formatNumber, formatRate } from '../../lib/format.js';
import { PAGE_SIZE } from '../../lib/listQuery.js';
import { reportApi, type ScreenProps } from '../shared.js';
import { AgentCharts } from './AgentCharts.js';
import { AgentFilterBar } from './AgentFilterBar.js';
import { AgentsTable, CategoryList, PagesTable } from './AgentTables.js';
import { LogUpload } from './LogUpload.js';
import { ReferralsView } from './Referrals.js';

/** Every agent of the catalog fits one page of the agents list. */
const AGENTS_LIMIT = 100;

/** What the availability means for the figures below it. */
function Availability({ stats }: { stats: AgentStats }) {
  const domains = stats.domains.join(', ');
  const state = <Metric path="availability" value={stats.availability} text={stats.availability.replaceAll('_', ' ')} />;
  if (stats.availability === 'not_connected')
    return (
      <p class="note availability">
        Logs: {state}. No access log of {domains} has been read for this report (or its logs were disconnected), so nothing is measured. Upload a log
        below, or run <code>geolens logs ingest</code>.
      </p>
    );
  if (stats.availability === 'connected_no_data')
    return (
      <p class="note availability">
        Logs: {state}. Logs were read, but no AI crawler visited {domains} from {stats.startDate} to {stats.endDate} with these filters: the zeros are real.
      </p>
    );
  return (
    <p class="availability">
      Logs: {state}. AI crawler visits to {domains} from {stats.startDate} to {stats.endDate}, read from the uploaded access logs.
    </p>
  );
}

function Cards({ stats, agents }: { stats: AgentStats; agents: AgentList | null }) {
  return (
    <div class="cards">
      <section class="card" aria-label="Agent visits">
        <h2>Agent visits</h2>
        <p class="figure">
          <Metric path="totalAgentVisits" value={stats.totalAgentVisits} text={formatNumber(stats.totalAgentVisits)} />
        </p>
      </section>
      <section class="card" aria-label="Pages visited">
        <h2>Pages visited</h2>
        <p class="figure">
          <Metric path="pagesVisited" value={stats.pagesVisited} text={formatNumber(stats.pagesVisited)} />
        </p>
      </section>
      <section class="card" aria-label="Top engine">
        <h2>Top engine</h2>
        <p class="figure">
          <Metric path="topEngine" value={stats.topEngine} text={stats.topEngine ?? '—'} />
        </p>
      </section>
      {agents && <Verification agents={agents} />}
    </div>
  );
}

const SUMMED = { verified: 'verifiedVisits', spoofed: 'spoofedVisits', unverifiable: 'visits − verifiedVisits − spoofedVisits' } as const;

/** Verified, spoofed and unverifiable shares: the page sums them over the agents list, so they are derived figures. */
function Verification({ agents }: { agents: AgentList }) {
  return (
    <section class="card" aria-label="Verification">
      <h2>Verification</h2>
      {verificationShares(agents.items).map((share) => (
        <p key={share.name} class="detail">
          {share.name}: <Derived from={`sum(items.${SUMMED[share.name]}) / sum(items.visits)`} text={formatRate(share.share, 'fraction')} /> (
          <Derived from={`sum(items.${SUMMED[share.name]})`} text={formatNumber(share.visits)} /> visits)
        </p>
      ))}
    </section>
  );
}

interface Reads {
  report: ScreenProps['report'];
  filters: Filters;
  agentFilters: AgentFilters;
  refresh: number;
}

/** The figures once there are visits: the charts, the categories, the agents and the pages. */
function Figures({ report, filters, agentFilters, refresh, stats, statsSource }: Reads & { stats: AgentStats; statsSource: string }) {
  const base = reportApi(report.id, '/agent-analytics');
  const agentsSource = `${base}/agents?${agentQuery(filters, agentFilters, { limit: AGENTS_LIMIT, offset: 0 })}`;
  const pagesSource = `${base}/pages?${agentQuery(filters, agentFilters, { limit: PAGE_SIZE, offset: agentFilters.offset })}`;
  const agents = useApi<AgentList>(agentsSource, refresh);
  const pages = useApi<AgentPages>(pagesSource, refresh);
  const go = (change: { offset: number }) => navigate(hrefOf(location.pathname, withParameters(new URLSearchParams(location.search), change)));
  return (
    <>
      <div data-source={statsSource}>
        <Cards stats={stats} agents={agents.state === 'ready' ? agents.data : null} />
        <CategoryList stats={stats} />
      </div>
      <WhenLoaded loaded={agents} label="the agents">
        {(list) => (
          <>
            <AgentCharts statsPath={`${base}/stats`} filters={filters} agentFilters={agentFilters} stats={stats} agents={list} refresh={refresh} />
            <AgentsTable agents={list} source={agentsSource} />
          </>
        )}
      </WhenLoaded>
      <WhenLoaded loaded={pages} label="the pages">
        {(answer) => <PagesTable pages={answer} source={pagesSource} offset={agentFilters.offset} go={go} />}
      </WhenLoaded>
    </>
  );
}

/** Which crawlers visit the site: the crawler view's filters, availability and figures. */
function CrawlerView({ report, filters, search, refresh }: ScreenProps & { refresh: number }) {
  const agentFilters = agentFiltersFromSearch(search);
  const statsSource = `${reportApi(report.id, '/agent-analytics/stats')}?${agentQuery(filters, agentFilters)}`;
  const stats = useApi<AgentStats>(statsSource, refresh);
  const reads = { report, filters, agentFilters, refresh };
  return (
    <>
      <AgentFilterBar filters={filters} agentFilters={agentFilters} search={search} />
      <WhenLoaded loaded={stats} label="the agent analytics">
        {(answer) => (
          <>
            <div data-source={statsSource}>
              <Availability stats={answer} />
            </div>
            {answer.availability === 'connected_no_data' && (
              <div data-source={statsSource}>
                <Cards stats={answer} agents={null} />
              </div>
            )}
            {answer.availability === 'connected_with_data' && <Figures {...reads} stats={answer} statsSource={statsSource} />}
          </>
        )}
      </WhenLoaded>
    </>
  );
}

type View = 'crawlers' | 'referrals';

/** The two views of the tab, as links that keep the window and drop the other view's paging. */
function ViewChoice({ view, search }: { view: View; search: URLSearchParams }) {
  const hrefTo = (target: View) => hrefOf(location.pathname, withParameters(search, { view: target === 'referrals' ? 'referrals' : null, offset: null }));
  return (
    <nav class="views" aria-label="Agent analytics views">
      <Link href={hrefTo('crawlers')} current={view === 'crawlers'}>
        AI crawler visits
      </Link>
      <Link href={hrefTo('referrals')} current={view === 'referrals'}>
        AI referrals
      </Link>
    </nav>
  );
}

/**
 * Agent analytics of a report, read from its access logs: which AI crawlers visit its site, or (`view=referrals`)
 * which people arrive from AI answers; and the upload of a log.
 */
export function AgentAnalyticsScreen(props: ScreenProps) {
  const view: View = props.search.get('view') === 'referrals' ? 'referrals' : 'crawlers';
  const [refresh, setRefresh] = useState(0);
  return (
    <>
      <ViewChoice view={view} search={props.search} />
      {view === 'referrals' ? <ReferralsView {...props} refresh={refresh} /> : <CrawlerView {...props} refresh={refresh} />}
      <LogUpload path={reportApi(props.report.id, '/agent-analytics/logs')} onIngested={() => setRefresh((count) => count + 1)} />
    </>
  );
}
