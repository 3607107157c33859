import { useState } from 'preact/hooks';
import { api, type ApiError } from '../../api/client.js';
import { DownloadButton } from '../../components/DownloadButton.js';
import { Metric } from '../../components/Metric.js';
import { Failure } from '../../components/Status.js';
import { PRESET_SWATCHES, swatchOf, type PresetName } from '../../lib/admin.js';
import { formatNumber, formatTimestamp } from '../../lib/format.js';
import { asApiError, ConfirmButton } from './shared.js';
import type { WorkspaceTag } from './types.js';

export const tagsPath = (workspaceId: string) => `/v1/workspaces/${encodeURIComponent(workspaceId)}/tags`;

const PRESETS = Object.keys(PRESET_SWATCHES) as PresetName[];
const PICKED = 'picked';

export function TagChips({ tags }: { tags: ReadonlyArray<{ id: string; name: string; color: string }> }) {
  return (
    <span class="chips">
      {tags.map((tag) => (
        <span key={tag.id} class="chip">
          <span class="swatch" style={{ background: swatchOf(tag.color) }} aria-hidden="true" /> {tag.name}
        </span>
      ))}
    </span>
  );
}

/** Creates a tag with a preset colour or one picked with the browser's colour picker. */
export function AddTag({ workspaceId, onChanged }: { workspaceId: string; onChanged: () => void }) {
  const [choice, setChoice] = useState<string>(PRESETS[0] ?? PICKED);
  const [picked, setPicked] = useState('#1f5fbf');
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const submit = (event: Event) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const name = String(new FormData(formElement).get('name'));
    api.post(tagsPath(workspaceId), { name, color: choice === PICKED ? picked : choice }).then(
      () => {
        setRefusal(null);
        formElement.reset();
        onChanged();
      },
      (error: unknown) => setRefusal(asApiError(error)),
    );
  };
  return (
    <form class="start admin-form" onSubmit={submit} aria-label="Create a tag">
      <label for="new-tag-name">Tag name</label>
      <input id="new-tag-name" name="name" type="text" required maxLength={100} />
      <fieldset class="colors">
        <legend>Color</legend>
        {PRESETS.map((preset) => (
          <label key={preset} class="check">
            <input type="radio" name="color" value={preset} checked={choice === preset} onChange={() => setChoice(preset)} />
            <span class="swatch" style={{ background: PRESET_SWATCHES[preset] }} aria-hidden="true" /> {preset}
          </label>
        ))}
        <label class="check">
          <input type="radio" name="color" value={PICKED} checked={choice === PICKED} onChange={() => setChoice(PICKED)} /> picked:
        </label>
        <input
          type="color"
          aria-label="Picked color"
          value={picked}
          onInput={(event) => {
            setPicked(event.currentTarget.value);
            setChoice(PICKED);
          }}
        />
      </fieldset>
      <button type="submit">Create tag</button>
      {refusal && <Failure error={refusal} />}
    </form>
  );
}

/** The workspace's tags, oldest first, each with its active prompts and deletion. */
export function TagsTable({ workspaceId, tags, onChanged }: { workspaceId: string; tags: WorkspaceTag[]; onChanged: () => void }) {
  const source = tagsPath(workspaceId);
  if (tags.length === 0) return <p>No tag in this workspace yet.</p>;
  return (
    <div data-source={source}>
      <DownloadButton source={source} label="tags" />
      <table>
        <caption>Tags, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Tag</th>
            <th scope="col">Color</th>
            <th scope="col">Prompts</th>
            <th scope="col">Created</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {tags.map((tag, index) => (
            <tr key={tag.id} data-id={tag.id}>
              <th scope="row">
                <Metric path={`items.${index}.name`} value={tag.name} text={tag.name} />
              </th>
              <td>
                <span class="swatch" style={{ background: swatchOf(tag.color) }} aria-hidden="true" /> <Metric path={`items.${index}.color`} value={tag.color} text={tag.color} />
              </td>
              <td>
                <Metric path={`items.${index}.promptCount`} value={tag.promptCount} text={formatNumber(tag.promptCount)} />
              </td>
              <td>
                <Metric path={`items.${index}.createdDate`} value={tag.createdDate} text={formatTimestamp(tag.createdDate)} />
              </td>
              <td>
                <ConfirmButton text="Delete" label={`Delete the tag “${tag.name}”`} onConfirm={() => api.delete(`${source}/${encodeURIComponent(tag.id)}`).then(onChanged)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
