import type { ReferralPages, Referrals } from '../../api/types.js';
import { Metric } from '../../components/Metric.js';
import { hrefOf, navigate } from '../../components/router.js';
import { StackedChart } from '../../components/StackedChart.js';
import { WhenLoaded } from '../../components/Status.js';
import { useApi } from '../../components/useApi.js';
import { withParameters } from '../../lib/filters.js';
import { formatNumber } from '../../lib/format.js';
import { PAGE_SIZE } from '../../lib/listQuery.js';
import { referralChartData, referralFiltersFromSearch, referralQuery } from '../../lib/referralQuery.js';
import { reportApi, type ScreenProps } from '../shared.js';
import { ReferralFilterBar } from './ReferralFilterBar.js';
import { DailyTable, EngineTable, LandingPagesTable } from './ReferralTables.js';

/** What the availability means for the figures below it, and what is never counted. */
function Availability({ referrals }: { referrals: Referrals }) {
  const domains = referrals.domains.join(', ');
  const state = <Metric path="availability" value={referrals.availability} text={referrals.availability.replaceAll('_', ' ')} />;
  const google = (
    <>
      Google’s AI Overviews and AI Mode ({referrals.unattributable.join(', ')}) are not counted: their links refer as google.com, like search results.
    </>
  );
  if (referrals.availability === 'not_connected')
    return (
      <p class="note availability">
        Logs: {state}. No access log of {domains} has been read for this report, so no visit from an AI answer is measured. Upload a log below.
      </p>
    );
  if (referrals.availability === 'connected_no_data')
    return (
      <p class="note availability">
        Logs: {state}. Nobody arrived on {domains} from an AI answer from {referrals.startDate} to {referrals.endDate} with these engines: the zeros are real. {google}
      </p>
    );
  return (
    <p class="availability">
      Logs: {state}. People who followed a link in an AI answer to {domains} from {referrals.startDate} to {referrals.endDate} (bots and crawlers left out). {google}
    </p>
  );
}

function Cards({ referrals }: { referrals: Referrals }) {
  return (
    <div class="cards">
      <section class="card" aria-label="Referral visits">
        <h2>Referral visits</h2>
        <p class="figure">
          <Metric path="visits" value={referrals.visits} text={formatNumber(referrals.visits)} />
        </p>
      </section>
      <section class="card" aria-label="Sessions">
        <h2>Sessions</h2>
        <p class="figure">
          <Metric path="sessions" value={referrals.sessions} text={formatNumber(referrals.sessions)} />
        </p>
        <p class="detail">Visits of one address and browser less than 30 minutes apart</p>
      </section>
    </div>
  );
}

type Measured = Referrals & { byEngine: NonNullable<Referrals['byEngine']>; daily: NonNullable<Referrals['daily']> };

const isMeasured = (referrals: Referrals): referrals is Measured => referrals.byEngine !== null && referrals.daily !== null;

/** The figures once logs were read: the cards, the daily chart and tables, then every landing page. */
function Figures({ referrals, source, pagesSource, offset, refresh }: { referrals: Measured; source: string; pagesSource: string; offset: number; refresh: number }) {
  const pages = useApi<ReferralPages>(pagesSource, refresh);
  const go = (change: { offset: number }) => navigate(hrefOf(location.pathname, withParameters(new URLSearchParams(location.search), change)));
  return (
    <>
      <div data-source={source}>
        <Cards referrals={referrals} />
        <div class="columns">
          <StackedChart title="Referral visits per day by engine" data={referralChartData(referrals, referrals.daily, referrals.byEngine)} />
          <EngineTable referrals={referrals} />
        </div>
        <DailyTable referrals={referrals} />
      </div>
      <WhenLoaded loaded={pages} label="the landing pages">
        {(answer) => <LandingPagesTable pages={answer} source={pagesSource} offset={offset} go={go} />}
      </WhenLoaded>
    </>
  );
}

/**
 * The "AI referrals" view of the agent analytics tab: people who arrive from ChatGPT, Perplexity, Gemini,
 * Copilot, Claude and the other assistants, read from the same access logs as the crawlers, and the pages they
 * land on beside how often answers cite them.
 */
export function ReferralsView({ report, filters, search, refresh }: ScreenProps & { refresh: number }) {
  const referralFilters = referralFiltersFromSearch(search);
  const base = reportApi(report.id, '/agent-analytics/referrals');
  const source = `${base}?${referralQuery(filters, referralFilters.engines)}`;
  const pagesSource = `${base}/pages?${referralQuery(filters, referralFilters.engines, { limit: PAGE_SIZE, offset: referralFilters.offset })}`;
  const referrals = useApi<Referrals>(source, refresh);
  return (
    <>
      <ReferralFilterBar filters={filters} referralFilters={referralFilters} search={search} />
      <WhenLoaded loaded={referrals} label="the AI referrals">
        {(answer) => (
          <>
            <div data-source={source}>
              <Availability referrals={answer} />
            </div>
            {isMeasured(answer) && <Figures referrals={answer} source={source} pagesSource={pagesSource} offset={referralFilters.offset} refresh={refresh} />}
          </>
        )}
      </WhenLoaded>
    </>
  );
}
