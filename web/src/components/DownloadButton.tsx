import { csvHref } from '../lib/csvHref.js';

/** A table's "Download CSV" link: the same list with its current filters, every page, as the server's CSV. */
export function DownloadButton({ source, label }: { source: string; label: string }) {
  return (
    <a class="button download" href={csvHref(source)} download data-download={csvHref(source)}>
      Download {label} as CSV
    </a>
  );
}
