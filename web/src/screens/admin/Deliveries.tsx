import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type ApiError } from '../../api/client.js';
import type { Delivery, DeliveryPage, Webhook } from '../../api/types.js';
import { CursorPager } from '../../components/CursorPager.js';
import { DownloadButton } from '../../components/DownloadButton.js';
import { Metric } from '../../components/Metric.js';
import { hrefOf, Link, usePlace } from '../../components/router.js';
import { useCanWrite } from '../../components/session.js';
import { Failure, WhenLoaded } from '../../components/Status.js';
import { useApi } from '../../components/useApi.js';
import { formatNumber, formatTimestamp } from '../../lib/format.js';
import { asApiError, useKeptApi } from './shared.js';
import { webhooksPath } from './Webhooks.js';

/** Each attempt of one delivery: when, the HTTP status (0: no answer), how long, and the error. */
function Attempts({ delivery, at }: { delivery: Delivery; at: string }) {
  if (delivery.attempts.length === 0) return <>none yet</>;
  return (
    <ol class="attempts">
      {delivery.attempts.map((attempt, index) => (
        <li key={`${attempt.at}-${index}`}>
          <Metric path={`${at}.attempts.${index}.at`} value={attempt.at} text={formatTimestamp(attempt.at)} />: HTTP{' '}
          <Metric path={`${at}.attempts.${index}.status`} value={attempt.status} text={attempt.status === 0 ? 'no answer' : String(attempt.status)} /> in{' '}
          <Metric path={`${at}.attempts.${index}.durationMs`} value={attempt.durationMs} text={`${formatNumber(attempt.durationMs)} ms`} />
          {attempt.error !== null && (
            <>
              {' '}
              (<Metric path={`${at}.attempts.${index}.error`} value={attempt.error} text={attempt.error} />)
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

/** Asks for a new attempt of one message now (202), with the same `webhook-id`, then reads the log again. */
function Redeliver({ source, delivery, onRequested }: { source: string; delivery: Delivery; onRequested: (messageId: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const redeliver = () => {
    setBusy(true);
    api.post(`${source.split('?')[0]}/${encodeURIComponent(delivery.id)}/redeliver`, {}).then(
      () => {
        setBusy(false);
        setRefusal(null);
        onRequested(delivery.messageId);
      },
      (error: unknown) => {
        setBusy(false);
        setRefusal(asApiError(error));
      },
    );
  };
  return (
    <>
      <button type="button" disabled={busy} aria-label={`Redeliver the message ${delivery.messageId}`} onClick={redeliver}>
        Redeliver
      </button>
      {refusal && <Failure error={refusal} />}
    </>
  );
}

function DeliveryTable({ source, page, onRedelivered }: { source: string; page: DeliveryPage; onRedelivered: (messageId: string) => void }) {
  const canWrite = useCanWrite();
  if (page.items.length === 0) return <p>Nothing has been delivered to this webhook yet: it is told of the events it asked for that happen after its creation.</p>;
  return (
    <div data-source={source}>
      <DownloadButton source={source} label="deliveries" />
      <table>
        <caption>Deliveries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">webhook-id</th>
            <th scope="col">Event type</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">Attempts</th>
            {canWrite && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {page.items.map((delivery, index) => (
            <tr key={delivery.id} data-id={delivery.id}>
              <th scope="row">
                <code>
                  <Metric path={`items.${index}.messageId`} value={delivery.messageId} text={delivery.messageId} />
                </code>
              </th>
              <td>
                <Metric path={`items.${index}.type`} value={delivery.type} text={delivery.type} />
              </td>
              <td>
                <Metric path={`items.${index}.status`} value={delivery.status} text={delivery.status} />
              </td>
              <td>
                <Metric path={`items.${index}.createdDate`} value={delivery.createdDate} text={formatTimestamp(delivery.createdDate)} />
              </td>
              <td>
                <Attempts delivery={delivery} at={`items.${index}`} />
              </td>
              {canWrite && (
                <td>
                  <Redeliver source={source} delivery={delivery} onRequested={onRedelivered} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <CursorPager nextCursor={page.paging.nextCursor} />
    </div>
  );
}

/** The webhook the log belongs to, as the workspace's list answers it. */
function WebhookFacts({ workspaceId, webhookId }: { workspaceId: string; webhookId: string }) {
  const source = webhooksPath(workspaceId);
  const loaded = useApi<{ items: Webhook[] }>(source);
  return (
    <WhenLoaded loaded={loaded} label="the webhook">
      {({ items }) => {
        const index = items.findIndex(({ id }) => id === webhookId);
        const webhook = items[index];
        if (!webhook) return <p>This workspace has no such webhook (it may have been deleted).</p>;
        return (
          <dl class="facts" data-source={source}>
            <dt>URL</dt>
            <dd class="url">
              <Metric path={`items.${index}.url`} value={webhook.url} text={webhook.url} />
            </dd>
            <dt>Events</dt>
            <dd>
              <Metric path={`items.${index}.events`} value={String(webhook.events)} text={webhook.events.join(', ')} />
            </dd>
          </dl>
        );
      }}
    </WhenLoaded>
  );
}

function DeliveryLog({ workspaceId, webhookId, cursor }: { workspaceId: string; webhookId: string; cursor: string | null }) {
  const [version, setVersion] = useState(0);
  const [requested, setRequested] = useState('');
  const source = `${webhooksPath(workspaceId)}/${encodeURIComponent(webhookId)}/deliveries` + (cursor ? `?${new URLSearchParams({ cursor })}` : '');
  const deliveries = useKeptApi<DeliveryPage>(source, version);
  const readAgain = () => setVersion((current) => current + 1);
  return (
    <>
      <WebhookFacts workspaceId={workspaceId} webhookId={webhookId} />
      <p>
        <button type="button" onClick={readAgain}>
          Read the log again
        </button>
      </p>
      <p role="status">{requested}</p>
      <WhenLoaded loaded={deliveries} label="the deliveries">
        {(page) => (
          <DeliveryTable
            source={source}
            page={page}
            onRedelivered={(messageId) => {
              setRequested(`Redelivery of ${messageId} requested: a new attempt is made now. Read the log again to see it.`);
              readAgain();
            }}
          />
        )}
      </WhenLoaded>
    </>
  );
}

/** One webhook's delivery log, newest first in pages of 25, with each attempt and a redeliver button per message. */
export function DeliveriesScreen({ webhookId, workspaceId }: { webhookId: string; workspaceId: string | null }) {
  const place = usePlace();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main">
      <p class="crumbs">
        <Link href={hrefOf('/admin/webhooks', new URLSearchParams(workspaceId === null ? {} : { workspaceId }))}>Webhooks</Link>
      </p>
      <h1 ref={heading} tabIndex={-1}>
        Delivery log
      </h1>
      {workspaceId === null ? (
        <p>This address names no workspace: open the log from the webhooks list.</p>
      ) : (
        <DeliveryLog workspaceId={workspaceId} webhookId={webhookId} cursor={place.search.get('cursor')} />
      )}
    </main>
  );
}
