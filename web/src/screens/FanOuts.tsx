import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError } from '../api/client.js';
import type { Created, EnginesList, QueryFanOutPage } from '../api/types.js';
import { CursorPager } from '../components/CursorPager.js';
import { Metric } from '../components/Metric.js';
import { hrefOf, Link, navigate, usePlace } from '../components/router.js';
import { Failure, WhenLoaded } from '../components/Status.js';
import { useApi } from '../components/useApi.js';
import { WorkspacePicker } from '../components/WorkspacePicker.js';
import { formatTimestamp } from '../lib/format.js';
import { DownloadButton } from '../components/DownloadButton.js';

const FAN_OUTS = '/v1/audits/query-fan-outs';
/** The engines the API expands a query on when none is chosen. */
const DEFAULT_ENGINES = ['chatgpt', 'google_ai_mode', 'gemini'];

function EngineChoice({ engines }: { engines: EnginesList['engines'] }) {
  return (
    <fieldset class="engines">
      <legend>Engines</legend>
      {engines.map(({ engine, name }) => (
        <label key={engine} class="check">
          <input type="checkbox" name="engines" value={engine} defaultChecked={DEFAULT_ENGINES.includes(engine)} /> {name}
        </label>
      ))}
    </fieldset>
  );
}

/** Starts a fan-out of a question and opens it; a refusal (quota, bad input) is shown as the API says it. */
function StartForm({ workspaceId }: { workspaceId: string }) {
  const engines = useApi<EnginesList>('/v1/engines');
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const body = { workspaceId, query: String(form.get('query')), country: String(form.get('country')).trim().toLowerCase(), engines: form.getAll('engines').map(String) };
    setBusy(true);
    api.post<Created>(FAN_OUTS, body).then(
      (created) => navigate(hrefOf(`/fan-outs/${encodeURIComponent(created.id)}`, new URLSearchParams({ workspaceId }))),
      (error: unknown) => {
        setBusy(false);
        setRefusal(error instanceof ApiError ? error : new ApiError(0, String(error)));
      },
    );
  };
  return (
    <form class="start" onSubmit={submit} aria-label="Start a query fan-out">
      <label for="fan-out-query">Question</label>
      <input id="fan-out-query" name="query" type="text" required maxLength={500} placeholder="best crm for startups" />
      <label for="fan-out-country">Country</label>
      <input id="fan-out-country" name="country" type="text" required size={3} maxLength={2} defaultValue="us" />
      {engines.state === 'ready' && <EngineChoice engines={engines.data.engines} />}
      <button type="submit" disabled={busy}>
        Start fan-out
      </button>
      {refusal && <Failure error={refusal} />}
    </form>
  );
}

function FanOutsTable({ workspaceId, cursor }: { workspaceId: string; cursor: string | null }) {
  const source = `${FAN_OUTS}?${new URLSearchParams({ workspaceId, ...(cursor === null ? {} : { cursor }) })}`;
  const loaded = useApi<QueryFanOutPage>(source);
  return (
    <WhenLoaded loaded={loaded} label="the fan-outs">
      {(page) =>
        page.items.length === 0 ? (
          <p>No query fan-out in this workspace yet.</p>
        ) : (
          <div data-source={source}>
            <DownloadButton source={source} label="the fan-outs" />
            <table>
              <caption>Query fan-outs, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Question</th>
                  <th scope="col">Country</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((fanOut, index) => (
                  <tr key={fanOut.id} data-id={fanOut.id}>
                    <th scope="row">
                      <Link class="url" href={hrefOf(`/fan-outs/${encodeURIComponent(fanOut.id)}`, new URLSearchParams({ workspaceId }))}>
                        {fanOut.query}
                      </Link>
                    </th>
                    <td>
                      <Metric path={`items.${index}.country`} value={fanOut.country} text={fanOut.country.toUpperCase()} />
                    </td>
                    <td>
                      <Metric path={`items.${index}.status`} value={fanOut.status} text={fanOut.status} />
                    </td>
                    <td>
                      <Metric path={`items.${index}.createdDate`} value={fanOut.createdDate} text={formatTimestamp(fanOut.createdDate)} />
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

/** Query fan-outs of one workspace: start one for a question, and the past ones, newest first. */
export function FanOutsScreen() {
  const place = usePlace();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main">
      <h1 ref={heading} tabIndex={-1}>
        Query fan-outs
      </h1>
      <WorkspacePicker>
        {(workspaceId) => (
          <>
            <StartForm workspaceId={workspaceId} />
            <FanOutsTable workspaceId={workspaceId} cursor={place.search.get('cursor')} />
          </>
        )}
      </WorkspacePicker>
    </main>
  );
}
