import type { ComponentChildren } from 'preact';
import { DownloadButton } from './DownloadButton.js';
import { Pager } from './Pager.js';

/** What a table of one page of a counted list needs: the page, the read it came from, where it starts, and a way to move. */
export interface PagedListProps<Answer> {
  pages: Answer;
  source: string;
  offset: number;
  go: (change: { offset: number }) => void;
}

interface Props {
  /** The section's name, and what its download is called (`the pages`). */
  label: string;
  download: string;
  source: string;
  offset: number;
  shown: number;
  total: number;
  go: (change: { offset: number }) => void;
  children: ComponentChildren;
}

/** One page of a counted list read from `source`: its table, the pager, and the whole list's CSV download. */
export function PagedList({ label, download, source, offset, shown, total, go, children }: Props) {
  return (
    <section aria-label={label} data-source={source}>
      {children}
      <Pager offset={offset} shown={shown} total={total} go={go} />
      <DownloadButton source={source} label={download} />
    </section>
  );
}
