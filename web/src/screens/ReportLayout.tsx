import { useEffect, useRef } from 'preact/hooks';
import type { BrandReport } from '../api/types.js';
import { FilterBar } from '../components/FilterBar.js';
import { hrefOf, Link, usePlace } from '../components/router.js';
import { WhenLoaded } from '../components/Status.js';
import { useApi } from '../components/useApi.js';
import { utcDay } from '../lib/days.js';
import { filtersFromSearch, filtersToSearch, type Filters } from '../lib/filters.js';
import { pathOf, type Screen } from '../lib/routes.js';
import { CitationsScreen } from './Citations.js';
import { DetectionScreen } from './Detection.js';
import { OverviewScreen } from './Overview.js';
import { PromptScreen } from './Prompt.js';
import { PromptsScreen } from './Prompts.js';
import { RecommendationsScreen } from './Recommendations.js';
import { reportApi, type ScreenProps } from './shared.js';
import { AgentAnalyticsScreen } from './agents/AgentAnalytics.js';
import { AlertsScreen } from './alerts/Alerts.js';

type ReportScreen = Extract<Screen, { reportId: string }>;

const TABS: Array<{ name: ReportScreen['name']; label: string }> = [
  { name: 'overview', label: 'Overview' },
  { name: 'prompts', label: 'Prompts' },
  { name: 'citations', label: 'Citations' },
  { name: 'recommendations', label: 'Recommendations' },
  { name: 'detection', label: 'Detection' },
  { name: 'agents', label: 'Agent analytics' },
  { name: 'alerts', label: 'Alerts' },
];

/** The screens whose reads take no window, country, engine or tag. */
const UNFILTERED = new Set<ReportScreen['name']>(['detection', 'agents', 'alerts']);

function ScreenOf({ screen, ...props }: ScreenProps & { screen: ReportScreen }) {
  switch (screen.name) {
    case 'overview':
      return <OverviewScreen {...props} />;
    case 'prompts':
      return <PromptsScreen {...props} />;
    case 'prompt':
      return <PromptScreen {...props} promptId={screen.promptId} />;
    case 'citations':
      return <CitationsScreen {...props} />;
    case 'recommendations':
      return <RecommendationsScreen {...props} />;
    case 'detection':
      return <DetectionScreen {...props} />;
    case 'agents':
      return <AgentAnalyticsScreen {...props} />;
    case 'alerts':
      return <AlertsScreen {...props} />;
  }
}

function Tabs({ report, screen, filters }: { report: BrandReport; screen: ReportScreen; filters: Filters }) {
  const active = screen.name === 'prompt' ? 'prompts' : screen.name;
  return (
    <nav class="tabs" aria-label="Report">
      {TABS.map((tab) => (
        <Link key={tab.name} href={hrefOf(pathOf({ name: tab.name, reportId: report.id } as ReportScreen), filtersToSearch(filters))} current={tab.name === active}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** The country with most of the report's prompts: the view's country when the URL names none. */
export function mainCountry(report: BrandReport): string {
  return report.defaultCountry ?? 'us';
}

/** A report's screens: its title, the tabs, the filters, then the screen; focus moves to the title on arrival. */
export function ReportLayout({ screen }: { screen: ReportScreen }) {
  const place = usePlace();
  const loaded = useApi<BrandReport>(reportApi(screen.reportId));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [loaded.state]);
  return (
    <main id="main">
      <WhenLoaded loaded={loaded} label="the report">
        {(report) => {
          const filters = filtersFromSearch(place.search, { today: utcDay(new Date()), country: mainCountry(report) });
          return (
            <>
              <p class="crumbs">
                <Link href={hrefOf('/reports', new URLSearchParams({ workspaceId: report.workspaceId }))}>Reports</Link>
              </p>
              <h1 ref={heading} tabIndex={-1}>
                {report.reportTitle}
              </h1>
              <Tabs report={report} screen={screen} filters={filters} />
              {!UNFILTERED.has(screen.name) && <FilterBar report={report} filters={filters} keep={place.search} />}
              <ScreenOf screen={screen} report={report} filters={filters} search={place.search} />
            </>
          );
        }}
      </WhenLoaded>
    </main>
  );
}
