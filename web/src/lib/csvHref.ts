/** Paging parameters a download leaves out: without them the CSV answer holds every item of the list. */
const PAGING = ['limit', 'offset', 'cursor'];

/**
 * The address that downloads a list as CSV: the list's own source with its filters kept, its paging dropped and
 * `format=csv` added (the server then streams every page; see README "CSV").
 */
export function csvHref(source: string): string {
  const [path, query = ''] = source.split('?', 2) as [string, string?];
  const parameters = new URLSearchParams(query);
  for (const name of PAGING) parameters.delete(name);
  parameters.set('format', 'csv');
  return `${path}?${parameters.toString()}`;
}
