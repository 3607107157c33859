import type { ApiError } from '../api/client.js';
import type { Loaded } from './useApi.js';
import type { ComponentChildren } from 'preact';

const HEADINGS: Record<number, string> = {
  400: 'Check the input',
  403: 'You do not have access to this',
  404: 'Not found',
  429: 'Too many requests',
  503: 'The server cannot do this now',
};

/** A refused or failed read, said in words with the API's own message. */
export function Failure({ error }: { error: ApiError }) {
  const heading = HEADINGS[error.status] ?? (error.status === 0 ? 'The server could not be reached' : 'Something went wrong');
  return (
    <div class="failure" role="alert">
      <strong>{heading}.</strong> {error.message}
    </div>
  );
}

/** Renders `children` with the data once it has loaded; a loading note or the failure until then. */
export function WhenLoaded<T>({ loaded, label, children }: { loaded: Loaded<T>; label: string; children: (data: T) => ComponentChildren }) {
  if (loaded.state === 'loading') return <p class="loading" aria-live="polite">Loading {label}…</p>;
  if (loaded.state === 'failed') return <Failure error={loaded.error} />;
  return <>{children(loaded.data)}</>;
}
