/** The detection form's text fields and the PATCH body they make. */
export interface CompetitorDetection {
  brand: string;
  brandDomain: string;
  brandVariations: string[];
}

const splitList = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

/** One name per line. */
export function parseLines(text: string): string[] {
  return splitList(text, /\r?\n/);
}

/** One competitor per line: `Name, domain, variation, variation…`. */
export function parseCompetitors(text: string): CompetitorDetection[] {
  return parseLines(text).map((line) => {
    const [brand = '', brandDomain = '', ...brandVariations] = splitList(line, /,/);
    return { brand, brandDomain, brandVariations };
  });
}

export function competitorsText(competitors: readonly CompetitorDetection[]): string {
  return competitors.map((competitor) => [competitor.brand, competitor.brandDomain, ...competitor.brandVariations].join(', ')).join('\n');
}

/**
 * The competitors to send: those already tracked keep their other settings (domain variations, wildcard,
 * regex), since an array sent replaces the stored one.
 */
export function mergeCompetitors<Stored extends CompetitorDetection>(edited: readonly CompetitorDetection[], stored: readonly Stored[]): Array<CompetitorDetection | Stored> {
  return edited.map((competitor) => {
    const before = stored.find((candidate) => candidate.brand.toLowerCase() === competitor.brand.toLowerCase());
    return before ? { ...before, ...competitor } : competitor;
  });
}
