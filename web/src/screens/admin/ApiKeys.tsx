import { useState } from 'preact/hooks';
import { api, type ApiError } from '../../api/client.js';
import type { WorkspacePage } from '../../api/types.js';
import { DownloadButton } from '../../components/DownloadButton.js';
import { Metric } from '../../components/Metric.js';
import { Failure } from '../../components/Status.js';
import { scopeText } from '../../lib/admin.js';
import { formatTimestamp } from '../../lib/format.js';
import { asApiError, ConfirmButton, ShownOnce } from './shared.js';
import type { CreatedApiKey, TeamApiKey } from './types.js';

export const API_KEYS = '/v1/api-keys';

type Workspaces = WorkspacePage['items'];

/** The new key, shown this once (see ShownOnce). */
export function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <ShownOnce
      id="new-key"
      heading={`New ${created.permission} key`}
      note="Copy it now: it is shown this once, and only its first characters later."
      label="API key"
      noun="key"
      value={created.key}
      onDone={onDone}
    />
  );
}

/** Issues a read or write key for all of the team's workspaces or some of them. */
export function CreateKey({ workspaces, onCreated }: { workspaces: Workspaces; onCreated: (created: CreatedApiKey) => void }) {
  const [allWorkspaces, setAllWorkspaces] = useState(true);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const submit = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const workspaceIds = allWorkspaces ? 'all' : form.getAll('workspaceIds').map(String);
    api.post<CreatedApiKey>(API_KEYS, { permission: String(form.get('permission')), workspaceIds }).then(
      (created) => {
        setRefusal(null);
        onCreated(created);
      },
      (error: unknown) => setRefusal(asApiError(error)),
    );
  };
  return (
    <form class="start admin-form" onSubmit={submit} aria-label="Create an API key">
      <fieldset>
        <legend>Permission</legend>
        <label class="check">
          <input type="radio" name="permission" value="read" defaultChecked /> read
        </label>
        <label class="check">
          <input type="radio" name="permission" value="write" /> write (includes read)
        </label>
      </fieldset>
      <fieldset>
        <legend>Workspaces</legend>
        <label class="check">
          <input type="checkbox" name="all" checked={allWorkspaces} onChange={(event) => setAllWorkspaces(event.currentTarget.checked)} /> all, present and future
        </label>
        {workspaces.map((workspace) => (
          <label key={workspace.id} class="check">
            <input type="checkbox" name="workspaceIds" value={workspace.id} disabled={allWorkspaces} /> {workspace.name}
          </label>
        ))}
      </fieldset>
      <button type="submit">Create key</button>
      {refusal && <Failure error={refusal} />}
    </form>
  );
}

/** The team's active keys, newest first: never the key, only its first characters; each can be revoked. */
export function KeysTable({ keys, workspaces, onRevoked }: { keys: TeamApiKey[]; workspaces: Workspaces; onRevoked: () => void }) {
  const names = new Map(workspaces.map((workspace) => [workspace.id, workspace.name]));
  if (keys.length === 0) return <p>Your team has no active API key.</p>;
  return (
    <div data-source={API_KEYS}>
      <DownloadButton source={API_KEYS} label="API keys" />
      <table>
        <caption>Active API keys, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Permission</th>
            <th scope="col">Workspaces</th>
            <th scope="col">Created</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key, index) => (
            <tr key={key.id} data-id={key.id}>
              <th scope="row">
                <code>
                  <Metric path={`items.${index}.keyPrefix`} value={key.keyPrefix} text={`${key.keyPrefix}…`} />
                </code>
              </th>
              <td>
                <Metric path={`items.${index}.permission`} value={key.permission} text={key.permission} />
              </td>
              <td>
                <Metric path={`items.${index}.workspaceIds`} value={String(key.workspaceIds)} text={scopeText(key.workspaceIds, names)} />
              </td>
              <td>
                <Metric path={`items.${index}.createdDate`} value={key.createdDate} text={formatTimestamp(key.createdDate)} />
              </td>
              <td>
                <ConfirmButton text="Revoke" label={`Revoke the key ${key.keyPrefix}…`} onConfirm={() => api.delete(`${API_KEYS}/${encodeURIComponent(key.id)}`).then(onRevoked)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
