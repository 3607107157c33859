import { useRef, useState } from 'preact/hooks';
import type { LogFormat } from '../../../../src/domain/agentLogs/records.js';
import { ApiError } from '../../api/client.js';
import type { AgentLogIngestion } from '../../api/types.js';
import { uploadLog, type UploadProgress } from '../../api/upload.js';
import { Failure } from '../../components/Status.js';
import { formatOfFile } from '../../lib/agentQuery.js';
import { formatNumber } from '../../lib/format.js';

const FORMATS = [
  { value: 'combined', label: 'combined (Apache, nginx)' },
  { value: 'vhost_combined', label: 'vhost_combined (host:port first)' },
  { value: 'json', label: 'json (Cloudflare, Vercel, generic)' },
] as const satisfies ReadonlyArray<{ value: LogFormat; label: string }>;

type UploadState = { state: 'idle' } | UploadProgress | { phase: 'done'; answer: AgentLogIngestion } | { phase: 'failed'; error: ApiError };


function Progress({ upload }: { upload: UploadState }) {
  if ('state' in upload) return null;
  if (upload.phase === 'sending')
    return (
      <p>
        <progress max={upload.total} value={upload.sent} aria-label="Upload progress" /> Sending {formatNumber(upload.total === 0 ? 100 : (upload.sent / upload.total) * 100)} %
      </p>
    );
  if (upload.phase === 'ingesting')
    return (
      <p>
        <progress aria-label="Ingestion progress" /> Sent; the server is reading the log…
      </p>
    );
  if (upload.phase === 'failed') return <Failure error={upload.error} />;
  const { lines, visits, skipped, alreadyIngested } = upload.answer;
  return (
    <p class="upload-result" data-already-ingested={String(alreadyIngested)}>
      {alreadyIngested ? 'This log was ingested before: nothing was counted again. ' : 'Ingested. '}
      <span data-upload="lines">{formatNumber(lines)}</span> lines, <span data-upload="visits">{formatNumber(visits)}</span> visits recorded,{' '}
      <span data-upload="skipped">{formatNumber(skipped)}</span> lines skipped (they did not parse).
    </p>
  );
}

/** The drop zone is the file input's label: a real file input, reached with Tab, or a file dropped on it. */
function DropZone({ onChoose }: { onChoose: (file: File | undefined) => void }) {
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    // The input then names the dropped file as it names a chosen one.
    if (input.current && event.dataTransfer) input.current.files = event.dataTransfer.files;
    onChoose(event.dataTransfer?.files[0]);
  };
  const over = (event: DragEvent) => {
    event.preventDefault();
    setDragging(true);
  };
  return (
    <label class={dragging ? 'drop dragging' : 'drop'} onDragOver={over} onDragLeave={() => setDragging(false)} onDrop={drop}>
      <span>Drop a log file here (plain or gzip, at most 50 MB), or choose one:</span>
      <input ref={input} id="log-file" type="file" accept=".log,.txt,.gz,.json,.ndjson,text/plain,application/gzip,application/x-ndjson" onChange={(event) => onChoose(event.currentTarget.files?.[0])} />
    </label>
  );
}

interface Props {
  /** The upload operation's path (`…/agent-analytics/logs`). */
  path: string;
  onIngested: () => void;
}

/** A log file dropped on the zone or chosen with its file input, sent with progress, then what the server read. */
export function LogUpload({ path, onIngested }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<LogFormat>('combined');
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' });
  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    if (chosen) setFormat(formatOfFile(chosen.name));
    setUpload({ state: 'idle' });
  };
  const send = (event: Event) => {
    event.preventDefault();
    if (!file) return;
    const query = new URLSearchParams({ format });
    uploadLog(`${path}?${query}`, file, format === 'json' ? 'application/x-ndjson' : 'text/plain', setUpload).then(
      (answer) => {
        setUpload({ phase: 'done', answer });
        onIngested();
      },
      (error: unknown) => setUpload({ phase: 'failed', error: error instanceof ApiError ? error : new ApiError(0, String(error)) }),
    );
  };
  const busy = !('state' in upload) && (upload.phase === 'sending' || upload.phase === 'ingesting');
  return (
    <section class="upload" aria-labelledby="upload-heading">
      <h2 id="upload-heading">Upload an access log</h2>
      <form class="start" onSubmit={send}>
        <DropZone onChoose={choose} />
        <label>
          Format{' '}
          <select id="log-format" value={format} onChange={(event) => setFormat(event.currentTarget.value as LogFormat)}>
            {FORMATS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={!file || busy}>
          Upload log
        </button>
      </form>
      <div aria-live="polite">
        <Progress upload={upload} />
      </div>
    </section>
  );
}
