import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../api/client.js';
import type { BrandReport, Recalculation } from '../api/types.js';
import { Failure } from '../components/Status.js';
import { competitorsText, mergeCompetitors, parseCompetitors, parseLines } from '../lib/detection.js';
import { reportApi, type ScreenProps } from './shared.js';
import { VersionsSideBySide } from './Versions.js';

const POLL_MS = 1000;

/** Reads the recalculation until it is no longer running. */
function useRecalculation(reportId: string, since: number): Recalculation | null {
  const [status, setStatus] = useState<Recalculation | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current = true;
    const poll = () =>
      api.get<Recalculation>(reportApi(reportId, '/recalculation')).then(
        (answer) => {
          if (!current) return;
          setStatus(answer);
          if (answer.state === 'running') timer = setTimeout(poll, POLL_MS);
        },
        () => current && (timer = setTimeout(poll, POLL_MS * 5)),
      );
    void poll();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [reportId, since]);
  return status;
}

function Progress({ status }: { status: Recalculation }) {
  const done = status.state !== 'running';
  return (
    <section aria-label="Recalculation" class="recalculation" aria-live="polite">
      <h2>Recalculation (version {status.version})</h2>
      <progress max={status.total ?? 1} value={done ? (status.total ?? 1) : status.processed} aria-label="Runs recalculated" />
      <p data-state={status.state}>
        {status.state === 'running'
          ? `${status.processed} of ${status.total ?? '…'} runs recalculated`
          : status.state === 'finished'
            ? `Finished: ${status.processed} runs recalculated`
            : `The recalculation ${status.state}`}
      </p>
    </section>
  );
}

function patchOf(form: FormData, report: BrandReport) {
  const brandRegex = String(form.get('brandRegex') ?? '').trim();
  return {
    brand: String(form.get('brand') ?? '').trim(),
    brandVariations: brandRegex ? [] : parseLines(String(form.get('brandVariations') ?? '')),
    brandRegex: brandRegex || null,
    brandDomain: String(form.get('brandDomain') ?? '').trim(),
    brandDomainWildcard: form.get('brandDomainWildcard') === 'on',
    competitors: mergeCompetitors(parseCompetitors(String(form.get('competitors') ?? '')), report.competitors),
  };
}

/** Detection settings edited through the same PATCH as the API; then the rebuild's progress and both histories. */
export function DetectionScreen({ report, filters }: ScreenProps) {
  const [saved, setSaved] = useState(0);
  const [error, setError] = useState<ApiError | null>(null);
  const status = useRecalculation(report.id, saved);
  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    try {
      await api.patch<BrandReport>(reportApi(report.id), patchOf(new FormData(event.currentTarget as HTMLFormElement), report));
      setSaved(Date.now());
    } catch (failure) {
      setError(failure instanceof ApiError ? failure : new ApiError(0, String(failure)));
    }
  };
  return (
    <>
      <form class="detection" onSubmit={submit} aria-label="Detection">
        <label for="brand">Brand</label>
        <input id="brand" name="brand" defaultValue={report.brand} required />
        <label for="brandVariations">Name variations (one per line)</label>
        <textarea id="brandVariations" name="brandVariations" rows={3} defaultValue={report.brandVariations.join('\n')} />
        <label for="brandRegex">Regular expression (replaces the names when set)</label>
        <input id="brandRegex" name="brandRegex" defaultValue={report.brandRegex ?? ''} />
        <label for="brandDomain">Domain</label>
        <input id="brandDomain" name="brandDomain" defaultValue={report.brandDomain} required />
        <label class="check">
          <input type="checkbox" name="brandDomainWildcard" defaultChecked={report.brandDomainWildcard} /> Every subdomain is the brand’s
        </label>
        <label for="competitors">Competitors (one per line: name, domain, variations…)</label>
        <textarea id="competitors" name="competitors" rows={6} defaultValue={competitorsText(report.competitors)} />
        <button type="submit">Save and recalculate</button>
      </form>
      {error && <Failure error={error} />}
      {status && <Progress status={status} />}
      {status && <VersionsSideBySide report={report} filters={filters} status={status} refresh={saved} />}
    </>
  );
}
