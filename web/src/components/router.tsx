import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

const NAVIGATED = 'geolens:navigate';

export interface Place {
  pathname: string;
  search: URLSearchParams;
}

const here = (): Place => ({ pathname: location.pathname, search: new URLSearchParams(location.search) });

/** The current path and query string, re-rendering on every navigation (links, back and forward). */
export function usePlace(): Place {
  const [place, setPlace] = useState(here);
  useEffect(() => {
    const update = () => setPlace(here());
    addEventListener('popstate', update);
    addEventListener(NAVIGATED, update);
    return () => {
      removeEventListener('popstate', update);
      removeEventListener(NAVIGATED, update);
    };
  }, []);
  return place;
}

export function hrefOf(pathname: string, search?: URLSearchParams): string {
  const query = search?.toString() ?? '';
  return query ? `${pathname}?${query}` : pathname;
}

export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  dispatchEvent(new Event(NAVIGATED));
}

interface LinkProps {
  href: string;
  children: ComponentChildren;
  class?: string;
  current?: boolean;
  'aria-label'?: string;
}

/** An ordinary link (it opens in a new tab as any other) that the app follows without reloading. */
export function Link({ href, children, current, ...rest }: LinkProps) {
  const follow = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={follow} aria-current={current ? 'page' : undefined} {...rest}>
      {children}
    </a>
  );
}
