import { useState } from 'preact/hooks';
import { api, type ApiError } from '../../api/client.js';
import type { BrandReport, Watch, WatchKind } from '../../api/types.js';
import { DownloadButton } from '../../components/DownloadButton.js';
import { ENGINES } from '../../components/FilterBar.js';
import { Metric } from '../../components/Metric.js';
import { ReadOnlyNote, useCanWrite } from '../../components/session.js';
import { Failure } from '../../components/Status.js';
import { issuesOf, usesThreshold, WATCH_KINDS, watchBody, watchKindOrder } from '../../lib/alerts.js';
import { formatNumber, formatTimestamp } from '../../lib/format.js';
import { asApiError, ConfirmButton } from '../admin/shared.js';

/** The API's messages for one field of a refused watch, beside that field. */
function FieldIssues({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <span id={id} class="field-issue">
      {messages.join('; ')}
    </span>
  );
}

/**
 * Adds a watch: the kinds and their parameters of `POST …/watches`. The browser's own checks are off, so what the
 * API refuses is said in its own words beside the field it names.
 */
export function AddWatch({ report, source, onAdded }: { report: BrandReport; source: string; onAdded: () => void }) {
  const [kind, setKind] = useState<WatchKind>(watchKindOrder[0] ?? 'coverage_drop');
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [added, setAdded] = useState('');
  const submit = (event: Event) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    const body = watchBody({ kind, engines: form.getAll('engines').map(String), threshold: String(form.get('threshold') ?? ''), competitor: String(form.get('competitor') ?? '') });
    api.post<Watch>(source, body).then(
      (watch) => {
        setRefusal(null);
        formElement.reset();
        setKind(watchKindOrder[0] ?? 'coverage_drop');
        setAdded(`Added a ${WATCH_KINDS[watch.kind].label.toLowerCase()} watch.`);
        onAdded();
      },
      (error: unknown) => {
        setAdded('');
        setRefusal(asApiError(error));
      },
    );
  };
  const issues = (field: string) => issuesOf(refusal?.issues ?? [], field);
  const described = (field: string) => (issues(field).length > 0 ? { 'aria-invalid': true, 'aria-describedby': `watch-${field}-issue` } : {});
  return (
    <form class="start admin-form" onSubmit={submit} aria-label="Add a watch" noValidate>
      <label for="watch-kind">Kind</label>
      <select id="watch-kind" name="kind" value={kind} onChange={(event) => setKind(event.currentTarget.value as WatchKind)} {...described('kind')}>
        {watchKindOrder.map((name) => (
          <option key={name} value={name}>
            {WATCH_KINDS[name].label}
          </option>
        ))}
      </select>
      <FieldIssues id="watch-kind-issue" messages={issues('kind')} />
      <p class="detail kind-raises">Raises an alert when {WATCH_KINDS[kind].raises}.</p>
      <fieldset {...described('engines')}>
        <legend>Engines (none checked: every engine)</legend>
        {ENGINES.map((engine) => (
          <label key={engine} class="check">
            <input type="checkbox" name="engines" value={engine} /> {engine}
          </label>
        ))}
      </fieldset>
      <FieldIssues id="watch-engines-issue" messages={issues('engines')} />
      {usesThreshold(kind) && (
        <>
          <label for="watch-threshold">Threshold in points (0 to 100, empty: 5)</label>
          <input id="watch-threshold" name="threshold" type="number" min={0} max={100} step="any" size={5} {...described('threshold')} />
          <FieldIssues id="watch-threshold-issue" messages={issues('threshold')} />
        </>
      )}
      {kind === 'competitor_surge' && (
        <>
          <label for="watch-competitor">Competitor</label>
          <select id="watch-competitor" name="competitor" {...described('competitor')}>
            <option value="">Every competitor</option>
            {report.competitors.map(({ brand }) => (
              <option key={brand} value={brand}>
                {brand}
              </option>
            ))}
          </select>
          <FieldIssues id="watch-competitor-issue" messages={issues('competitor')} />
        </>
      )}
      <button type="submit">Add watch</button>
      <p role="status" class="outcome">
        {added}
      </p>
      {refusal && <Failure error={refusal} />}
    </form>
  );
}

/** The report's watches, oldest first as the API lists them; a write user can remove each. */
export function WatchesTable({ watches, source, onRemoved }: { watches: Watch[]; source: string; onRemoved: () => void }) {
  const canWrite = useCanWrite();
  if (watches.length === 0) return <p>This report has no watch: nothing raises an alert.</p>;
  return (
    <div data-source={source}>
      <DownloadButton source={source} label="watches" />
      <table>
        <caption>Watches, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Engines</th>
            <th scope="col">Threshold</th>
            <th scope="col">Competitor</th>
            <th scope="col">Created</th>
            {canWrite && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {watches.map((watch, index) => (
            <tr key={watch.id} data-id={watch.id}>
              <th scope="row">
                <Metric path={`items.${index}.kind`} value={watch.kind} text={WATCH_KINDS[watch.kind].label} />
              </th>
              <td>
                <Metric path={`items.${index}.engines`} value={watch.engines === null ? null : String(watch.engines)} text={watch.engines?.join(', ') ?? 'every engine'} />
              </td>
              <td>
                <Metric path={`items.${index}.threshold`} value={watch.threshold} text={usesThreshold(watch.kind) ? `${formatNumber(watch.threshold, 1)} pts` : 'not used by this kind'} />
              </td>
              <td>
                <Metric path={`items.${index}.competitor`} value={watch.competitor} text={watch.competitor ?? (watch.kind === 'competitor_surge' ? 'every competitor' : '—')} />
              </td>
              <td>
                <Metric path={`items.${index}.createdDate`} value={watch.createdDate} text={formatTimestamp(watch.createdDate)} />
              </td>
              {canWrite && (
                <td>
                  <ConfirmButton
                    text="Remove"
                    label={`Remove the ${WATCH_KINDS[watch.kind].label.toLowerCase()} watch ${watch.id}`}
                    onConfirm={() => api.delete(`${source}/${encodeURIComponent(watch.id)}`).then(onRemoved)}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Said instead of the form to a read user. */
export const WatchesReadOnly = () => <ReadOnlyNote what="add and remove watches" />;
