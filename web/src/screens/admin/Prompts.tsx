import { useState } from 'preact/hooks';
import { api, type ApiError } from '../../api/client.js';
import { CursorPager } from '../../components/CursorPager.js';
import { DownloadButton } from '../../components/DownloadButton.js';
import { Metric } from '../../components/Metric.js';
import { Failure, WhenLoaded } from '../../components/Status.js';
import { allocationRefusal, promptLines } from '../../lib/admin.js';
import { formatTimestamp } from '../../lib/format.js';
import { asApiError, ConfirmButton, useKeptApi } from './shared.js';
import { TagChips } from './Tags.js';
import type { AccountInfo, WorkspacePrompt, WorkspacePromptPage, WorkspaceTag } from './types.js';

const promptsPath = (workspaceId: string) => `/v1/workspaces/${encodeURIComponent(workspaceId)}/prompts`;

function TagChoice({ tags, chosen, legend }: { tags: WorkspaceTag[]; chosen: readonly string[]; legend: string }) {
  if (tags.length === 0) return null;
  return (
    <fieldset class="tag-choice">
      <legend>{legend}</legend>
      {tags.map((tag) => (
        <label key={tag.id} class="check">
          <input type="checkbox" name="tagIds" value={tag.id} defaultChecked={chosen.includes(tag.id)} /> {tag.name}
        </label>
      ))}
    </fieldset>
  );
}

type Outcome = { kind: 'added'; text: string } | { kind: 'refused'; error: ApiError; explanation: string | null };

/** Adds one or many prompts (one a line); a batch beyond the allocation is refused whole, and the page says why. */
export function AddPrompts({ workspaceId, tags, account, onChanged }: { workspaceId: string; tags: WorkspaceTag[]; account: AccountInfo; onChanged: () => void }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (event: Event) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    const prompts = promptLines(String(form.get('prompts')));
    const tagIds = form.getAll('tagIds').map(String);
    const body = { country: String(form.get('country')).trim().toLowerCase(), prompts, ...(tagIds.length > 0 ? { tagIds } : {}) };
    setBusy(true);
    api.post<{ items: WorkspacePrompt[] } | { total: number }>(promptsPath(workspaceId), body).then(
      (answer) => {
        const text = 'items' in answer ? `Added ${answer.items.length} prompt${answer.items.length === 1 ? '' : 's'}.` : `Adding ${answer.total} prompts in the background; reload the page to see them all.`;
        setOutcome({ kind: 'added', text });
        formElement.reset();
        setBusy(false);
        onChanged();
      },
      (error: unknown) => {
        const refusal = asApiError(error);
        const explanation = refusal.status === 429 ? allocationRefusal(prompts.length, account.promptsUsedCount, account.promptsMaxCount) : null;
        setOutcome({ kind: 'refused', error: refusal, explanation });
        setBusy(false);
      },
    );
  };
  return (
    <form class="start admin-form" onSubmit={submit} aria-label="Add prompts">
      <label for="new-prompts">Prompts, one a line</label>
      <textarea id="new-prompts" name="prompts" required rows={3} placeholder={'best crm for startups\ncrm with email sync'} />
      <label for="new-prompts-country">Country</label>
      <input id="new-prompts-country" name="country" type="text" required size={3} maxLength={2} defaultValue="us" />
      <TagChoice tags={tags} chosen={[]} legend="Tags" />
      <button type="submit" disabled={busy}>
        Add prompts
      </button>
      <div class="outcome" role="status">
        {outcome?.kind === 'added' && <p>{outcome.text}</p>}
      </div>
      {outcome?.kind === 'refused' && (
        <div class="refusal">
          <Failure error={outcome.error} />
          {outcome.explanation && <p class="note">{outcome.explanation}</p>}
        </div>
      )}
    </form>
  );
}

function EditTags({ prompt, tags, onChanged }: { prompt: WorkspacePrompt; tags: WorkspaceTag[]; onChanged: () => void }) {
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const save = (event: Event) => {
    event.preventDefault();
    const tagIds = new FormData(event.currentTarget as HTMLFormElement).getAll('tagIds').map(String);
    api.patch(`${promptsPath(prompt.workspaceId)}/${encodeURIComponent(prompt.id)}`, { tagIds }).then(onChanged, (error: unknown) => setRefusal(asApiError(error)));
  };
  if (tags.length === 0) return null;
  return (
    <details class="edit-tags">
      <summary aria-label={`Edit tags of “${prompt.prompt}”`}>Edit tags</summary>
      <form onSubmit={save}>
        <TagChoice tags={tags} chosen={prompt.tagIds} legend="Tags" />
        <button type="submit">Save tags</button>
        {refusal && <Failure error={refusal} />}
      </form>
    </details>
  );
}

function PromptRow({ prompt, index, tags, onChanged }: { prompt: WorkspacePrompt; index: number; tags: WorkspaceTag[]; onChanged: () => void }) {
  const remove = () => api.delete(`${promptsPath(prompt.workspaceId)}/${encodeURIComponent(prompt.id)}`).then(onChanged);
  return (
    <tr data-id={prompt.id}>
      <th scope="row">
        <Metric path={`items.${index}.prompt`} value={prompt.prompt} text={prompt.prompt} />
      </th>
      <td>
        <Metric path={`items.${index}.country`} value={prompt.country} text={prompt.country.toUpperCase()} />
      </td>
      <td>
        <TagChips tags={prompt.tags} />
        <EditTags prompt={prompt} tags={tags} onChanged={onChanged} />
      </td>
      <td>
        <Metric path={`items.${index}.createdDate`} value={prompt.createdDate} text={formatTimestamp(prompt.createdDate)} />
      </td>
      <td>
        <ConfirmButton text="Delete" label={`Delete the prompt “${prompt.prompt}”`} onConfirm={remove} />
      </td>
    </tr>
  );
}

/** The workspace's active prompts, newest first, each with its tags, tag editing and deletion. */
export function PromptsTable({ workspaceId, cursor, tags, version, onChanged }: { workspaceId: string; cursor: string | null; tags: WorkspaceTag[]; version: number; onChanged: () => void }) {
  const source = `${promptsPath(workspaceId)}${cursor === null ? '' : `?${new URLSearchParams({ cursor })}`}`;
  const loaded = useKeptApi<WorkspacePromptPage>(source, version);
  return (
    <WhenLoaded loaded={loaded} label="the prompts">
      {(page) =>
        page.items.length === 0 ? (
          <p>No prompt in this workspace yet.</p>
        ) : (
          <div data-source={source}>
            <DownloadButton source={source} label="prompts" />
            <table>
              <caption>Prompts, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Prompt</th>
                  <th scope="col">Country</th>
                  <th scope="col">Tags</th>
                  <th scope="col">Created</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((prompt, index) => (
                  <PromptRow key={prompt.id} prompt={prompt} index={index} tags={tags} onChanged={onChanged} />
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
