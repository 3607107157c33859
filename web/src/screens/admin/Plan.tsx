import { Metric } from '../../components/Metric.js';
import { formatNumber } from '../../lib/format.js';
import { ACCOUNT } from './Allocation.js';
import type { AccountInfo } from './types.js';

type CountField = 'promptsUsedCount' | 'promptsMaxCount' | 'geoAuditUsedCount' | 'geoAuditMaxCount' | 'apiRequestsUsedCount' | 'apiRequestsMaxCount' | 'mcpRequestsUsedCount';

const USAGE: ReadonlyArray<{ title: string; used: CountField; max: CountField | 'mcpRequestsMaxCount' }> = [
  { title: 'Prompts', used: 'promptsUsedCount', max: 'promptsMaxCount' },
  { title: 'GEO audits this period', used: 'geoAuditUsedCount', max: 'geoAuditMaxCount' },
  { title: 'REST requests this period', used: 'apiRequestsUsedCount', max: 'apiRequestsMaxCount' },
  { title: 'MCP requests this period', used: 'mcpRequestsUsedCount', max: 'mcpRequestsMaxCount' },
];

/** A limit as the account endpoint answers it: null is unlimited. */
const limitText = (value: number | null) => (value === null ? 'unlimited' : formatNumber(value));

/** The team's plan and what it has used of each limit, as the account endpoint answers them. */
export function Plan({ account }: { account: AccountInfo }) {
  return (
    <div data-source={ACCOUNT}>
      <dl class="facts">
        <dt>Plan</dt>
        <dd>
          <Metric path="subscriptionPlan" value={account.subscriptionPlan} text={account.subscriptionPlan ?? 'none (the subscription has ended)'} />
        </dd>
        <dt>Subscription ends</dt>
        <dd>
          <Metric path="subscriptionEndDate" value={account.subscriptionEndDate} text={account.subscriptionEndDate?.slice(0, 10) ?? 'no end date'} />
        </dd>
        <dt>Billing period ends</dt>
        <dd>
          <Metric path="apiRequestsPeriodEnd" value={account.apiRequestsPeriodEnd} text={account.apiRequestsPeriodEnd ?? '—'} />
        </dd>
      </dl>
      <div class="cards">
        {USAGE.map(({ title, used, max }) => (
          <div class="card" key={used}>
            <h3>{title}</h3>
            <p class="figure">
              <Metric path={used} value={account[used]} text={formatNumber(account[used])} />
            </p>
            <p class="detail">
              of <Metric path={max} value={account[max]} text={limitText(account[max])} />
            </p>
          </div>
        ))}
      </div>
      <p class="detail">Requests made from this dashboard do not count toward the REST limit.</p>
    </div>
  );
}
