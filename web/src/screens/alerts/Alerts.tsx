import { useState } from 'preact/hooks';
import type { AlertPage, Watch } from '../../api/types.js';
import { CursorPager } from '../../components/CursorPager.js';
import { DownloadButton } from '../../components/DownloadButton.js';
import { useCanWrite } from '../../components/session.js';
import { WhenLoaded } from '../../components/Status.js';
import { useApi } from '../../components/useApi.js';
import { WATCH_KINDS } from '../../lib/alerts.js';
import { useKeptApi } from '../admin/shared.js';
import { reportApi, type ScreenProps } from '../shared.js';
import { AlertItem } from './AlertItem.js';
import { AddWatch, WatchesReadOnly, WatchesTable } from './Watches.js';

/** No alert yet: what the report's watches would raise one for, or that there is no watch to raise one. */
function NoAlert({ watches }: { watches: Watch[] }) {
  if (watches.length === 0) return <p class="empty">No alert: this report has no watch. Add one above, and an alert is raised when what it looks for happens.</p>;
  const kinds = [...new Set(watches.map(({ kind }) => kind))];
  return (
    <div class="empty">
      <p>No alert yet. The watches above raise one when:</p>
      <ul>
        {kinds.map((kind) => (
          <li key={kind}>
            {WATCH_KINDS[kind].label}: {WATCH_KINDS[kind].raises}.
          </li>
        ))}
      </ul>
      <p>Watches are evaluated after runs are recorded, after each crawlability check and after each log upload.</p>
    </div>
  );
}

/** The report's alerts, newest first in pages of 25 (the URL's `cursor`), each with its statistics and evidence. */
function AlertList({ reportId, cursor, watches }: { reportId: string; cursor: string | null; watches: Watch[] }) {
  const source = reportApi(reportId, '/alerts') + (cursor ? `?${new URLSearchParams({ cursor })}` : '');
  const loaded = useApi<AlertPage>(source);
  return (
    <WhenLoaded loaded={loaded} label="the alerts">
      {(page) =>
        page.items.length === 0 && cursor === null ? (
          <NoAlert watches={watches} />
        ) : (
          <div data-source={source}>
            <DownloadButton source={source} label="alerts" />
            <ol class="alerts">
              {page.items.map((alert, index) => (
                <AlertItem key={alert.id} alert={alert} index={index} />
              ))}
            </ol>
            <CursorPager nextCursor={page.paging.nextCursor} />
          </div>
        )
      }
    </WhenLoaded>
  );
}

/** A report's watches (a write user adds and removes them) and the alerts they raised. */
export function AlertsScreen({ report, search }: ScreenProps) {
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((current) => current + 1);
  const canWrite = useCanWrite();
  const watchesSource = reportApi(report.id, '/watches');
  const watches = useKeptApi<{ items: Watch[] }>(watchesSource, version);
  return (
    <>
      <section aria-labelledby="watches-heading">
        <h2 id="watches-heading">Watches</h2>
        {canWrite ? <AddWatch report={report} source={watchesSource} onAdded={changed} /> : <WatchesReadOnly />}
        <WhenLoaded loaded={watches} label="the watches">
          {({ items }) => <WatchesTable watches={items} source={watchesSource} onRemoved={changed} />}
        </WhenLoaded>
      </section>
      <section aria-labelledby="alerts-heading">
        <h2 id="alerts-heading">Alerts</h2>
        <WhenLoaded loaded={watches} label="the watches">
          {({ items }) => <AlertList reportId={report.id} cursor={search.get('cursor')} watches={items} />}
        </WhenLoaded>
      </section>
    </>
  );
}
