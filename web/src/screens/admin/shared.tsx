import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../../api/client.js';
import { Failure } from '../../components/Status.js';
import { useApi, type Loaded } from '../../components/useApi.js';

/** A failed call as an ApiError, so the page can show the API's own message. */
export const asApiError = (error: unknown): ApiError => (error instanceof ApiError ? error : new ApiError(0, String(error)));

/**
 * A button for an action that cannot be undone: the first press asks, the confirm button (focused) acts, and
 * Cancel (or Escape) goes back. `label` names the action and its object for assistive technology.
 */
export function ConfirmButton({ text, label, onConfirm }: { text: string; label: string; onConfirm: () => Promise<unknown> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button type="button" aria-label={label} onClick={() => setAsking(true)}>
        {text}
      </button>
    );
  const act = () => {
    setBusy(true);
    onConfirm().then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false);
        setRefusal(asApiError(error));
      },
    );
  };
  return (
    <span class="confirm" onKeyDown={(event) => event.key === 'Escape' && setAsking(false)}>
      <button type="button" ref={confirm} class="danger" disabled={busy} aria-label={`Confirm: ${label}`} onClick={act}>
        Confirm: {text}
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
      {refusal && <Failure error={refusal} />}
    </span>
  );
}

/**
 * A read of `source` that keeps showing its last answer while it reads the same source again (after a change),
 * so the forms around it keep their state; a different source shows as loading.
 */
export function useKeptApi<T>(source: string, version: number): Loaded<T> {
  const loaded = useApi<T>(source, version);
  const last = useRef<{ source: string; data: T } | null>(null);
  if (loaded.state === 'ready') last.current = { source, data: loaded.data };
  return loaded.state === 'loading' && last.current?.source === source ? { state: 'ready', data: last.current.data } : loaded;
}

/**
 * A secret shown this once (an API key, a webhook's signing secret): copied with the Clipboard API, or selected in
 * its read-only field for the user to copy where the browser refuses.
 */
export function ShownOnce({ id, heading, note, label, noun, value, onDone }: { id: string; heading: string; note: string; label: string; noun: string; value: string; onDone: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  const [copyNote, setCopyNote] = useState('');
  const selectValue = () => {
    field.current?.focus();
    field.current?.select();
  };
  const copy = () => {
    const refused = () => {
      selectValue();
      setCopyNote(`The browser did not allow copying: the ${noun} is selected, press Ctrl+C (⌘C on a Mac) to copy it.`);
    };
    if (!navigator.clipboard) return refused();
    navigator.clipboard.writeText(value).then(() => setCopyNote('Copied to the clipboard.'), refused);
  };
  return (
    <section class="shown-once note" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      <p>{note}</p>
      <label for={id}>{label}</label> <input id={id} ref={field} readOnly value={value} onFocus={selectValue} size={52} />{' '}
      <button type="button" onClick={copy}>
        Copy
      </button>{' '}
      <button type="button" onClick={onDone}>
        Done
      </button>
      <p role="status">{copyNote}</p>
    </section>
  );
}
