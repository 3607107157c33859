/** Splits an answer into runs of text, marking where a tracked brand is named (the name rule of docs/metrics.md). */
export interface TrackedBrand {
  brand: string;
  brandVariations: readonly string[];
  brandRegex: string | null;
}

export interface Segment {
  text: string;
  /** The tracked brand named here, or null for plain text. */
  brand: string | null;
}

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(tracked: TrackedBrand): RegExp | null {
  if (tracked.brandRegex) {
    try {
      return new RegExp(tracked.brandRegex, 'giu');
    } catch {
      return null;
    }
  }
  const names = [tracked.brand, ...tracked.brandVariations].filter(Boolean).sort((a, b) => b.length - a.length);
  if (names.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

interface Match {
  start: number;
  end: number;
  brand: string;
}

function matchesOf(text: string, brands: readonly TrackedBrand[]): Match[] {
  const found: Match[] = [];
  for (const tracked of brands) {
    const pattern = patternOf(tracked);
    if (!pattern) continue;
    for (const match of text.matchAll(pattern)) {
      if (match[0].length > 0) found.push({ start: match.index, end: match.index + match[0].length, brand: tracked.brand });
    }
  }
  // Longest match first where two overlap ("Zoho CRM" over "Zoho"), then left to right.
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Match[] = [];
  for (const match of found) if (kept.every((other) => match.start >= other.end || match.end <= other.start)) kept.push(match);
  return kept.sort((a, b) => a.start - b.start);
}

export function highlight(text: string, brands: readonly TrackedBrand[]): Segment[] {
  const segments: Segment[] = [];
  let cursor = 0;
  for (const match of matchesOf(text, brands)) {
    if (match.start > cursor) segments.push({ text: text.slice(cursor, match.start), brand: null });
    segments.push({ text: text.slice(match.start, match.end), brand: match.brand });
    cursor = match.end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), brand: null });
  return segments;
}
