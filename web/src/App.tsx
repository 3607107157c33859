import { useEffect, useState } from 'preact/hooks';
import { ApiError, onUnauthorized, sessions } from './api/client.js';
import type { Session } from './api/types.js';
import { hrefOf, Link, navigate, usePlace } from './components/router.js';
import { SessionContext } from './components/session.js';
import { screenOf, type Screen } from './lib/routes.js';
import { TeamAdminScreen } from './screens/admin/TeamAdmin.js';
import { DeliveriesScreen } from './screens/admin/Deliveries.js';
import { WebhooksScreen } from './screens/admin/Webhooks.js';
import { WorkspaceAdminScreen } from './screens/admin/WorkspaceAdmin.js';
import { AuditsScreen } from './screens/Audits.js';
import { ContentCheckScreen } from './screens/ContentCheck.js';
import { CrawlabilityCheckScreen } from './screens/CrawlabilityCheck.js';
import { FanOutScreen } from './screens/FanOut.js';
import { FanOutsScreen } from './screens/FanOuts.js';
import { ReportLayout } from './screens/ReportLayout.js';
import { ReportsScreen } from './screens/Reports.js';
import { SignIn } from './screens/SignIn.js';
import { Setup } from './screens/Setup.js';

type SessionState = { state: 'checking' } | { state: 'signedOut'; notice: string | null } | { state: 'signedIn'; session: Session };

function useSession() {
  const [session, setSession] = useState<SessionState>({ state: 'checking' });
  useEffect(() => {
    sessions.current().then(
      (current) => setSession({ state: 'signedIn', session: current }),
      (error: unknown) => {
        const expired = error instanceof ApiError && error.status === 401 && /expired/i.test(error.message);
        setSession({ state: 'signedOut', notice: expired ? error.message : null });
      },
    );
    return onUnauthorized((message) => setSession({ state: 'signedOut', notice: message }));
  }, []);
  return [session, setSession] as const;
}

function Header({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  return (
    <header class="top">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <Link href="/reports" class="brand">
        geolens
      </Link>
      <nav aria-label="Main">
        <Link href="/reports">Reports</Link>
        <Link href="/audits">GEO audits</Link>
        <Link href="/fan-outs">Query fan-outs</Link>
        <Link href="/admin/workspace">Prompts and tags</Link>
        <Link href="/admin/team">Team</Link>
        <Link href="/admin/webhooks">Webhooks</Link>
      </nav>
      <span class="who">{session.user.email}</span>
      <button type="button" onClick={onSignOut}>
        Sign out
      </button>
    </header>
  );
}

function Content({ screen, search }: { screen: Screen; search: URLSearchParams }) {
  if (screen.name === 'reports' || screen.name === 'signIn' || screen.name === 'setup') return <ReportsScreen />;
  if (screen.name === 'audits') return <AuditsScreen />;
  if (screen.name === 'crawlabilityCheck') return <CrawlabilityCheckScreen checkId={screen.checkId} workspaceId={search.get('workspaceId')} />;
  if (screen.name === 'fanOuts') return <FanOutsScreen />;
  if (screen.name === 'fanOut') return <FanOutScreen fanOutId={screen.fanOutId} workspaceId={search.get('workspaceId')} />;
  if (screen.name === 'workspaceAdmin') return <WorkspaceAdminScreen />;
  if (screen.name === 'teamAdmin') return <TeamAdminScreen />;
  if (screen.name === 'webhooks') return <WebhooksScreen />;
  if (screen.name === 'webhookDeliveries') return <DeliveriesScreen webhookId={screen.webhookId} workspaceId={search.get('workspaceId')} />;
  if (screen.name === 'contentCheck') return <ContentCheckScreen checkId={screen.checkId} workspaceId={search.get('workspaceId')} />;
  if (screen.name === 'notFound')
    return (
      <main id="main">
        <h1>Page not found</h1>
        <p>
          <Link href="/reports">Back to the reports</Link>
        </p>
      </main>
    );
  return <ReportLayout screen={screen} />;
}

export function App() {
  const [session, setSession] = useSession();
  const place = usePlace();
  if (session.state === 'checking') return <p class="loading">Loading…</p>;
  if (session.state === 'signedOut' && screenOf(place.pathname).name === 'setup')
    return (
      <Setup
        token={place.search.get('token')}
        onSignedIn={(signedIn, workspaceId) => {
          setSession({ state: 'signedIn', session: signedIn });
          navigate(hrefOf('/reports', new URLSearchParams({ workspaceId })), { replace: true });
        }}
      />
    );
  if (session.state === 'signedOut')
    return (
      <SignIn
        notice={session.notice}
        onSignedIn={(signedIn) => {
          setSession({ state: 'signedIn', session: signedIn });
          if (screenOf(place.pathname).name === 'signIn') navigate('/reports', { replace: true });
        }}
      />
    );
  const signOut = () => sessions.signOut().finally(() => setSession({ state: 'signedOut', notice: 'You signed out.' }));
  return (
    <SessionContext.Provider value={session.session}>
      <Header session={session.session} onSignOut={signOut} />
      <Content key={hrefOf(place.pathname)} screen={screenOf(place.pathname)} search={place.search} />
    </SessionContext.Provider>
  );
}
