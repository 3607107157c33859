import { useEffect, useRef, useState } from 'preact/hooks';
import type { WorkspacePage } from '../../api/types.js';
import { WhenLoaded } from '../../components/Status.js';
import { useApi } from '../../components/useApi.js';
import { ACCOUNT } from './Allocation.js';
import { API_KEYS, CreateKey, KeysTable, NewKey } from './ApiKeys.js';
import { Plan } from './Plan.js';
import { useKeptApi } from './shared.js';
import type { AccountInfo, CreatedApiKey, TeamApiKey } from './types.js';

function Keys() {
  const [version, setVersion] = useState(0);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const keys = useKeptApi<{ items: TeamApiKey[] }>(API_KEYS, version);
  const workspaces = useApi<WorkspacePage>('/v1/workspaces');
  const changed = () => setVersion((current) => current + 1);
  return (
    <WhenLoaded loaded={workspaces} label="the workspaces">
      {({ items: workspaceItems }) => (
        <>
          <CreateKey
            workspaces={workspaceItems}
            onCreated={(key) => {
              setCreated(key);
              changed();
            }}
          />
          {created && <NewKey created={created} onDone={() => setCreated(null)} />}
          <WhenLoaded loaded={keys} label="the API keys">
            {({ items }) => <KeysTable keys={items} workspaces={workspaceItems} onRevoked={changed} />}
          </WhenLoaded>
        </>
      )}
    </WhenLoaded>
  );
}

/** Team administration: REST API keys (shown once at creation, revocable) and the plan with its usage. */
export function TeamAdminScreen() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const account = useApi<AccountInfo>(ACCOUNT);
  return (
    <main id="main">
      <h1 ref={heading} tabIndex={-1}>
        Team
      </h1>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">REST API keys</h2>
        <Keys />
      </section>
      <section aria-labelledby="plan-heading">
        <h2 id="plan-heading">Plan and usage</h2>
        <WhenLoaded loaded={account} label="the plan">
          {(info) => <Plan account={info} />}
        </WhenLoaded>
      </section>
    </main>
  );
}
