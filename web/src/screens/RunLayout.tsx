import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { Link } from '../components/router.js';
import { RunStatus } from '../components/RunStatus.js';
import { WhenLoaded } from '../components/Status.js';
import { useFollow } from '../components/useFollow.js';

interface Run {
  status: string;
  error?: string | undefined;
}

interface RunLayoutProps<T extends Run> {
  /** The run's API path, read again while it is pending or running. */
  source: string;
  /** The list the run belongs to, for the way back. */
  back: { href: string; text: string };
  title: (run: T) => string;
  children: (run: T) => ComponentChildren;
}

/** One background run (a GEO audit or a fan-out) followed live: its state, then its result once completed. */
export function RunLayout<T extends Run>({ source, back, title, children }: RunLayoutProps<T>) {
  const loaded = useFollow<T>(source);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [loaded.state]);
  return (
    <main id="main">
      <p class="crumbs">
        <Link href={back.href}>{back.text}</Link>
      </p>
      <WhenLoaded loaded={loaded} label="the run">
        {(run) => (
          <div data-source={source}>
            <h1 ref={heading} tabIndex={-1}>
              {title(run)}
            </h1>
            <RunStatus status={run.status} error={run.error} />
            {run.status === 'completed' && children(run)}
          </div>
        )}
      </WhenLoaded>
    </main>
  );
}
