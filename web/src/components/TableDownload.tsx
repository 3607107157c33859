import { csvOfRows } from '../lib/tableCsv.js';

/** A cell as the CSV holds it: the API's raw value where the cell shows one figure, else the cell's text. */
function cellValue(cell: Element): string {
  const figures = cell.querySelectorAll('[data-metric]');
  const only = figures.length === 1 ? figures[0] : undefined;
  return only?.getAttribute('data-value') ?? (cell.textContent ?? '').trim();
}

/** The header row and the body rows of `table`, as the page shows them (its caption left out). */
function tableRows(table: HTMLTableElement): string[][] {
  return [...table.querySelectorAll('thead tr, tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map(cellValue));
}

/**
 * "Download CSV" for a table the page draws from one answer (a report's stats, a check's result): placed in the
 * table's caption, it saves the rows shown, which follow the view's filters, with each figure's raw value.
 */
export function TableDownload({ name, label }: { name: string; label: string }) {
  const download = (event: MouseEvent) => {
    const table = (event.currentTarget as HTMLElement).closest('table');
    if (!table) return;
    const url = URL.createObjectURL(new Blob([csvOfRows(tableRows(table))], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${name}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };
  return (
    <button type="button" class="table-download" data-table-download={name} aria-label={`Download ${label} as CSV`} onClick={download}>
      CSV
    </button>
  );
}
