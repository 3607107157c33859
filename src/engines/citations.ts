import type { Citation } from './engine.js';

export interface CitedSource {
  title: string;
  link: string;
}

/**
 * Ranks sources in the order they come (the order the engine first shows them) and keeps one entry per URL,
 * so a source cited three times counts once, at its first place.
 */
export function rankCitations(sources: Iterable<CitedSource>): Citation[] {
  const citations: Citation[] = [];
  const seen = new Set<string>();
  for (const { title, link } of sources) {
    const url = link.trim();
    if (url === '' || seen.has(url)) continue;
    seen.add(url);
    citations.push({ title: title.trim(), link: url, rank: citations.length + 1 });
  }
  return citations;
}
