import { Metric } from './Metric.js';

const WORDS: Record<string, string> = {
  pending: 'Waiting for the worker…',
  running: 'Running…',
  completed: 'Completed',
  failed: 'Failed',
};

/** A background run's state, announced as it changes; a failed run says why. */
export function RunStatus({ status, error }: { status: string; error?: string | undefined }) {
  return (
    <div class={`run-status ${status}`} role="status" data-status={status}>
      <Metric path="status" value={status} text={WORDS[status] ?? status} />
      {error !== undefined && (
        <>
          {': '}
          <Metric path="error" value={error} text={error} />
        </>
      )}
    </div>
  );
}
