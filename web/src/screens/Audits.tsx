import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError } from '../api/client.js';
import type { ContentCheckPage, Created, CrawlabilityCheckPage } from '../api/types.js';
import { CursorPager } from '../components/CursorPager.js';
import { Metric } from '../components/Metric.js';
import { hrefOf, Link, navigate, usePlace } from '../components/router.js';
import { Failure, WhenLoaded } from '../components/Status.js';
import { useApi } from '../components/useApi.js';
import { WorkspacePicker } from '../components/WorkspacePicker.js';
import { formatTimestamp } from '../lib/format.js';
import { DownloadButton } from '../components/DownloadButton.js';

type Kind = 'crawlability' | 'content';

const KINDS: Record<Kind, { label: string; api: string }> = {
  crawlability: { label: 'Crawlability', api: '/v1/audits/geo/crawlability-checks' },
  content: { label: 'Content', api: '/v1/audits/geo/content-checks' },
};

/** The crawlers a content check may fetch as (the API's crawlerIdentity; its default first). */
const IDENTITIES = ['ChatGPT-User', 'OAI-SearchBot', 'GPTBot', 'ClaudeBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User', 'Googlebot', 'Bingbot'];

const kindOf = (search: URLSearchParams): Kind => (search.get('kind') === 'content' ? 'content' : 'crawlability');

/** Starts a check of the chosen kind and opens it; a refusal (quota, no browser, bad URL) is shown as the API says it. */
function StartForm({ workspaceId, kind }: { workspaceId: string; kind: Kind }) {
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const body = { workspaceId, url: String(form.get('url')), ...(kind === 'content' ? { crawlerIdentity: String(form.get('crawlerIdentity')) } : {}) };
    setBusy(true);
    api.post<Created>(KINDS[kind].api, body).then(
      (created) => navigate(hrefOf(`/audits/${kind}/${encodeURIComponent(created.id)}`, new URLSearchParams({ workspaceId }))),
      (error: unknown) => {
        setBusy(false);
        setRefusal(error instanceof ApiError ? error : new ApiError(0, String(error)));
      },
    );
  };
  return (
    <form class="start" onSubmit={submit} aria-label={`Start a ${kind} check`}>
      <label for="audit-url">Page URL</label>
      <input id="audit-url" name="url" type="url" required placeholder="https://example.com/page" />
      {kind === 'content' && (
        <>
          <label for="crawler-identity">Fetch as</label>
          <select id="crawler-identity" name="crawlerIdentity">
            {IDENTITIES.map((identity) => (
              <option key={identity}>{identity}</option>
            ))}
          </select>
        </>
      )}
      <button type="submit" disabled={busy}>
        Start {kind} check
      </button>
      {refusal && <Failure error={refusal} />}
    </form>
  );
}

function ChecksTable({ workspaceId, kind, cursor }: { workspaceId: string; kind: Kind; cursor: string | null }) {
  const source = `${KINDS[kind].api}?${new URLSearchParams({ workspaceId, ...(cursor === null ? {} : { cursor }) })}`;
  const loaded = useApi<CrawlabilityCheckPage | ContentCheckPage>(source);
  return (
    <WhenLoaded loaded={loaded} label="the checks">
      {(page) =>
        page.items.length === 0 ? (
          <p>No {kind} check in this workspace yet.</p>
        ) : (
          <div data-source={source}>
            <DownloadButton source={source} label={`the ${kind} checks`} />
            <table>
              <caption>{KINDS[kind].label} checks, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Page</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((check, index) => (
                  <tr key={check.id} data-id={check.id}>
                    <th scope="row">
                      <Link class="url" href={hrefOf(`/audits/${kind}/${encodeURIComponent(check.id)}`, new URLSearchParams({ workspaceId }))}>
                        {check.url}
                      </Link>
                    </th>
                    <td>
                      <Metric path={`items.${index}.status`} value={check.status} text={check.status} />
                    </td>
                    <td>
                      <Metric path={`items.${index}.createdDate`} value={check.createdDate} text={formatTimestamp(check.createdDate)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <CursorPager nextCursor={page.paging.nextCursor} />
          </div>
        )
      }
    </WhenLoaded>
  );
}

function KindChoice({ workspaceId, kind }: { workspaceId: string; kind: Kind }) {
  return (
    <nav class="tabs" aria-label="Kind of check">
      {(Object.keys(KINDS) as Kind[]).map((name) => (
        <Link key={name} href={hrefOf('/audits', new URLSearchParams({ workspaceId, kind: name }))} current={name === kind}>
          {KINDS[name].label}
        </Link>
      ))}
    </nav>
  );
}

/** GEO audits of one workspace: crawlability or content checks (the URL's `kind`), started here and listed newest first. */
export function AuditsScreen() {
  const place = usePlace();
  const kind = kindOf(place.search);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main">
      <h1 ref={heading} tabIndex={-1}>
        GEO audits
      </h1>
      <WorkspacePicker>
        {(workspaceId) => (
          <>
            <KindChoice workspaceId={workspaceId} kind={kind} />
            <StartForm key={kind} workspaceId={workspaceId} kind={kind} />
            <ChecksTable workspaceId={workspaceId} kind={kind} cursor={place.search.get('cursor')} />
          </>
        )}
      </WorkspacePicker>
    </main>
  );
}
