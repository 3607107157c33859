import type { EngineId } from '../../../src/domain/shared/engines.js';
import type { BrandReport } from '../api/types.js';
import { dayCount } from '../lib/days.js';
import { filtersToSearch, withParameters, withWindowDays, type Filters } from '../lib/filters.js';
import { hrefOf, navigate } from './router.js';

/** Every engine id, checked against the API's type: a renamed engine fails the type check. */
export const ENGINES = ['chatgpt', 'google', 'google_ai_mode', 'perplexity', 'copilot', 'gemini', 'claude'] as const satisfies readonly EngineId[];
const WINDOWS = [7, 30, 90];

interface Props {
  report: BrandReport;
  filters: Filters;
  /** The screen's own query parameters, kept when a filter changes (paging restarts). */
  keep?: URLSearchParams;
}

/** Window, country, engines and tag, written to the URL so a link reproduces the view. */
export function FilterBar({ report, filters, keep }: Props) {
  const apply = (next: Filters) => {
    const search = withParameters(filtersToSearch(next), Object.fromEntries([...(keep ?? new URLSearchParams())].filter(([name]) => name !== 'offset')));
    navigate(hrefOf(location.pathname, search));
  };
  const days = dayCount(filters.startDate, filters.endDate);
  const toggleEngine = (engine: string) =>
    apply({ ...filters, engines: filters.engines.includes(engine) ? filters.engines.filter((e) => e !== engine) : [...filters.engines, engine] });
  return (
    <form class="filters" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      <fieldset>
        <legend>Window</legend>
        {WINDOWS.map((length) => (
          <button type="button" key={length} aria-pressed={days === length} onClick={() => apply(withWindowDays(filters, length))}>
            {length} days
          </button>
        ))}
        <label>
          From <input type="date" value={filters.startDate} max={filters.endDate} onChange={(event) => apply({ ...filters, startDate: event.currentTarget.value })} />
        </label>
        <label>
          To <input type="date" value={filters.endDate} onChange={(event) => apply({ ...filters, endDate: event.currentTarget.value })} />
        </label>
      </fieldset>
      <label>
        Country{' '}
        <select value={filters.country} onChange={(event) => apply({ ...filters, country: event.currentTarget.value })}>
          {report.countries.map((country) => (
            <option key={country} value={country}>
              {country.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tag{' '}
        <select value={filters.tagId ?? ''} onChange={(event) => apply({ ...filters, tagId: event.currentTarget.value || null })}>
          <option value="">All prompts</option>
          {report.tags.map((tag) => (
            <option key={tag.id} value={tag.id}>
              {tag.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset class="engines">
        <legend>Engines {filters.engines.length === 0 ? '(all)' : ''}</legend>
        {ENGINES.map((engine) => (
          <label key={engine} class="check">
            <input type="checkbox" checked={filters.engines.includes(engine)} onChange={() => toggleEngine(engine)} /> {engine}
          </label>
        ))}
      </fieldset>
    </form>
  );
}
