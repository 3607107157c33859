import type { ComponentChildren } from 'preact';
import type { WorkspacePage } from '../api/types.js';
import { hrefOf, navigate, usePlace } from './router.js';
import { WhenLoaded } from './Status.js';
import { useApi } from './useApi.js';

/**
 * The workspace a per-workspace screen shows: the URL's `workspaceId`, else the first one the user can read;
 * choosing another keeps the path and starts the screen's own filters afresh.
 */
export function WorkspacePicker({ children }: { children: (workspaceId: string) => ComponentChildren }) {
  const place = usePlace();
  const workspaces = useApi<WorkspacePage>('/v1/workspaces');
  return (
    <WhenLoaded loaded={workspaces} label="the workspaces">
      {(page) => {
        const chosen = page.items.find((workspace) => workspace.id === place.search.get('workspaceId')) ?? page.items[0];
        if (!chosen) return <p>Your team has no workspace yet.</p>;
        return (
          <>
            <label>
              Workspace{' '}
              <select value={chosen.id} onChange={(event) => navigate(hrefOf(place.pathname, new URLSearchParams({ workspaceId: event.currentTarget.value })))}>
                {page.items.map((workspace) => (
                  <option key={workspace.id} value={workspace.id}>
                    {workspace.name}
                  </option>
                ))}
              </select>
            </label>
            {children(chosen.id)}
          </>
        );
      }}
    </WhenLoaded>
  );
}
