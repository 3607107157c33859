import { Derived, Metric } from '../../components/Metric.js';
import { formatNumber } from '../../lib/format.js';
import type { AccountInfo } from './types.js';

export const ACCOUNT = '/v1/accounts/info';

/** The team's prompt allocation, shared by its workspaces: what is used, the limit, what remains. */
export function Allocation({ account }: { account: AccountInfo }) {
  const remaining = Math.max(0, account.promptsMaxCount - account.promptsUsedCount);
  return (
    <p class="allocation" data-source={ACCOUNT}>
      Prompt allocation of the team: <Metric path="promptsUsedCount" value={account.promptsUsedCount} text={formatNumber(account.promptsUsedCount)} /> used of{' '}
      <Metric path="promptsMaxCount" value={account.promptsMaxCount} text={formatNumber(account.promptsMaxCount)} />,{' '}
      <Derived from="promptsMaxCount - promptsUsedCount" text={formatNumber(remaining)} /> left.
    </p>
  );
}
