import { hrefOf, Link, usePlace } from './router.js';

/** A cursor list's way on: back to the newest page, and on to older ones (the URL's `cursor`). */
export function CursorPager({ nextCursor }: { nextCursor: string | null }) {
  const place = usePlace();
  const at = (cursor: string | null) => {
    const search = new URLSearchParams(place.search);
    if (cursor === null) search.delete('cursor');
    else search.set('cursor', cursor);
    return hrefOf(place.pathname, search);
  };
  if (nextCursor === null && !place.search.has('cursor')) return null;
  return (
    <nav class="pager" aria-label="Pages">
      {place.search.has('cursor') && <Link href={at(null)}>Newest</Link>}
      {nextCursor !== null && <Link href={at(nextCursor)}>Older</Link>}
    </nav>
  );
}
