import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type ApiError } from '../../api/client.js';
import type { CreatedWebhook, Webhook, WebhookEventType } from '../../api/types.js';
import { DownloadButton } from '../../components/DownloadButton.js';
import { Metric } from '../../components/Metric.js';
import { hrefOf, Link } from '../../components/router.js';
import { ReadOnlyNote, useCanWrite } from '../../components/session.js';
import { Failure, WhenLoaded } from '../../components/Status.js';
import { WorkspacePicker } from '../../components/WorkspacePicker.js';
import { formatTimestamp } from '../../lib/format.js';
import { asApiError, ConfirmButton, ShownOnce, useKeptApi } from './shared.js';

/** Every webhook event type, checked against the API's type. */
export const EVENT_TYPES = ['alert.raised', 'report.recalculated', 'audit.completed', 'fanout.completed'] as const satisfies readonly WebhookEventType[];

export const webhooksPath = (workspaceId: string) => `/v1/workspaces/${encodeURIComponent(workspaceId)}/webhooks`;

/** Creates a webhook for some or all event types; the API checks the URL against the audit fetcher's address rules. */
function CreateWebhook({ workspaceId, onCreated }: { workspaceId: string; onCreated: (created: CreatedWebhook) => void }) {
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const submit = (event: Event) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    api.post<CreatedWebhook>(webhooksPath(workspaceId), { url: String(form.get('url')).trim(), events: form.getAll('events').map(String) }).then(
      (created) => {
        setRefusal(null);
        formElement.reset();
        onCreated(created);
      },
      (error: unknown) => setRefusal(asApiError(error)),
    );
  };
  return (
    <form class="start admin-form" onSubmit={submit} aria-label="Create a webhook" noValidate>
      <label for="webhook-url">URL</label>
      <input id="webhook-url" name="url" type="url" required placeholder="https://example.com/geolens" />
      <fieldset>
        <legend>Events</legend>
        {EVENT_TYPES.map((type) => (
          <label key={type} class="check">
            <input type="checkbox" name="events" value={type} defaultChecked /> {type}
          </label>
        ))}
      </fieldset>
      <button type="submit">Create webhook</button>
      {refusal && <Failure error={refusal} />}
    </form>
  );
}

/** The workspace's webhooks, oldest first, each with its delivery log one link away; a write user can delete them. */
function WebhooksTable({ workspaceId, webhooks, onDeleted }: { workspaceId: string; webhooks: Webhook[]; onDeleted: () => void }) {
  const canWrite = useCanWrite();
  const source = webhooksPath(workspaceId);
  if (webhooks.length === 0) return <p>This workspace has no webhook.</p>;
  return (
    <div data-source={source}>
      <DownloadButton source={source} label="webhooks" />
      <table>
        <caption>Webhooks, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">URL</th>
            <th scope="col">Events</th>
            <th scope="col">Created</th>
            <th scope="col">Deliveries</th>
            {canWrite && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {webhooks.map((webhook, index) => (
            <tr key={webhook.id} data-id={webhook.id}>
              <th scope="row" class="url">
                <Metric path={`items.${index}.url`} value={webhook.url} text={webhook.url} />
              </th>
              <td>
                <Metric path={`items.${index}.events`} value={String(webhook.events)} text={webhook.events.join(', ')} />
              </td>
              <td>
                <Metric path={`items.${index}.createdDate`} value={webhook.createdDate} text={formatTimestamp(webhook.createdDate)} />
              </td>
              <td>
                <Link href={hrefOf(`/admin/webhooks/${encodeURIComponent(webhook.id)}`, new URLSearchParams({ workspaceId }))} aria-label={`Delivery log of ${webhook.url}`}>
                  Delivery log
                </Link>
              </td>
              {canWrite && (
                <td>
                  <ConfirmButton text="Delete" label={`Delete the webhook to ${webhook.url}`} onConfirm={() => api.delete(`${source}/${encodeURIComponent(webhook.id)}`).then(onDeleted)} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function WorkspaceWebhooks({ workspaceId }: { workspaceId: string }) {
  const [version, setVersion] = useState(0);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const canWrite = useCanWrite();
  const webhooks = useKeptApi<{ items: Webhook[] }>(webhooksPath(workspaceId), version);
  const changed = () => setVersion((current) => current + 1);
  return (
    <>
      {canWrite ? (
        <CreateWebhook
          workspaceId={workspaceId}
          onCreated={(webhook) => {
            setCreated(webhook);
            changed();
          }}
        />
      ) : (
        <ReadOnlyNote what="create, delete and redeliver webhooks" />
      )}
      {created && (
        <ShownOnce
          id="new-webhook-secret"
          heading={`Signing secret of ${created.url}`}
          note="Copy it now: it is shown this once. Verify each delivery's webhook-signature with it (Standard Webhooks)."
          label="Signing secret"
          noun="secret"
          value={created.secret}
          onDone={() => setCreated(null)}
        />
      )}
      <WhenLoaded loaded={webhooks} label="the webhooks">
        {({ items }) => <WebhooksTable workspaceId={workspaceId} webhooks={items} onDeleted={changed} />}
      </WhenLoaded>
    </>
  );
}

/** Webhook administration: a workspace's webhooks, created (secret shown once) and deleted, each with its delivery log. */
export function WebhooksScreen() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main">
      <h1 ref={heading} tabIndex={-1}>
        Webhooks
      </h1>
      <WorkspacePicker>{(workspaceId) => <WorkspaceWebhooks key={workspaceId} workspaceId={workspaceId} />}</WorkspacePicker>
    </main>
  );
}
