import { useEffect, useRef, useState } from 'preact/hooks';
import { usePlace } from '../../components/router.js';
import { WhenLoaded } from '../../components/Status.js';
import { WorkspacePicker } from '../../components/WorkspacePicker.js';
import { ACCOUNT, Allocation } from './Allocation.js';
import { AddPrompts, PromptsTable } from './Prompts.js';
import { useKeptApi } from './shared.js';
import { AddTag, tagsPath, TagsTable } from './Tags.js';
import type { AccountInfo, WorkspaceTag } from './types.js';

/** One workspace's prompts and tags; every change reads the allocation, the prompts and the tags again. */
function WorkspaceSettings({ workspaceId, cursor }: { workspaceId: string; cursor: string | null }) {
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((current) => current + 1);
  const account = useKeptApi<AccountInfo>(ACCOUNT, version);
  const tags = useKeptApi<{ items: WorkspaceTag[] }>(tagsPath(workspaceId), version);
  return (
    <WhenLoaded loaded={account} label="the prompt allocation">
      {(info) => (
        <WhenLoaded loaded={tags} label="the tags">
          {({ items }) => (
            <>
              <section aria-labelledby="prompts-heading">
                <h2 id="prompts-heading">Prompts</h2>
                <Allocation account={info} />
                <AddPrompts workspaceId={workspaceId} tags={items} account={info} onChanged={changed} />
                <PromptsTable workspaceId={workspaceId} cursor={cursor} tags={items} version={version} onChanged={changed} />
              </section>
              <section aria-labelledby="tags-heading">
                <h2 id="tags-heading">Tags</h2>
                <AddTag workspaceId={workspaceId} onChanged={changed} />
                <TagsTable workspaceId={workspaceId} tags={items} onChanged={changed} />
              </section>
            </>
          )}
        </WhenLoaded>
      )}
    </WhenLoaded>
  );
}

/** Workspace administration: prompts (with the team's allocation) and tags of the chosen workspace. */
export function WorkspaceAdminScreen() {
  const place = usePlace();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main">
      <h1 ref={heading} tabIndex={-1}>
        Prompts and tags
      </h1>
      <WorkspacePicker>{(workspaceId) => <WorkspaceSettings workspaceId={workspaceId} cursor={place.search.get('cursor')} />}</WorkspacePicker>
    </main>
  );
}
