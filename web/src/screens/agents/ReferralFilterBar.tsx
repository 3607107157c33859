import { hrefOf, navigate } from '../../components/router.js';
import { withParameters, type Filters } from '../../lib/filters.js';
import { REFERRAL_ENGINES, toggledEngine, type ReferralFilters } from '../../lib/referralQuery.js';
import { WindowChoice } from './WindowChoice.js';

interface Props {
  filters: Filters;
  referralFilters: ReferralFilters;
  /** The URL's whole query: what a change keeps, paging restarting. */
  search: URLSearchParams;
}

/** The window and the engines of the referral view, written to the URL so a link reproduces the view. */
export function ReferralFilterBar({ filters, referralFilters, search }: Props) {
  const apply = (change: Record<string, string | null>) => navigate(hrefOf(location.pathname, withParameters(search, { ...change, offset: null })));
  const toggle = (engine: (typeof REFERRAL_ENGINES)[number]) => apply({ referralEngines: toggledEngine(referralFilters.engines, engine).join(',') || null });
  return (
    <form class="filters" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      <WindowChoice filters={filters} apply={apply} />
      <fieldset>
        <legend>Engines (none checked: all)</legend>
        {REFERRAL_ENGINES.map((engine) => (
          <label key={engine} class="check">
            <input type="checkbox" name="referral-engine" value={engine} checked={referralFilters.engines.includes(engine)} onChange={() => toggle(engine)} />
            {engine}
          </label>
        ))}
      </fieldset>
    </form>
  );
}
