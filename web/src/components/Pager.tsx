import { formatNumber } from '../lib/format.js';
import { PAGE_SIZE } from '../lib/listQuery.js';

/** Previous and next pages of a counted list, with where this page stands in it. */
export function Pager({ offset, shown, total, go }: { offset: number; shown: number; total: number; go: (change: { offset: number }) => void }) {
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={offset === 0} onClick={() => go({ offset: Math.max(0, offset - PAGE_SIZE) })}>
        Previous
      </button>
      <span data-metric="paging.totalCount" data-value={total}>
        {total === 0 ? 'none' : `${offset + 1}–${offset + shown} of ${formatNumber(total)}`}
      </span>
      <button type="button" disabled={offset + shown >= total} onClick={() => go({ offset: offset + PAGE_SIZE })}>
        Next
      </button>
    </nav>
  );
}
