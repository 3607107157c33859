/**
 * The `Content-Signal` directive of robots.txt (contentsignals.org): `Content-Signal: search=yes, ai-input=yes,
 * ai-train=no` inside a user-agent group states how the site lets its content be used.
 */

export const CONTENT_SIGNALS = ['search', 'ai-input', 'ai-train'] as const;
export type ContentSignal = (typeof CONTENT_SIGNALS)[number];

/** Each signal for `*`: true for "yes", false for "no", null when the file does not state it. */
export type ContentSignals = Record<ContentSignal, boolean | null>;

interface Line {
  field: string;
  value: string;
}

function linesOf(robotsTxt: string): Line[] {
  const lines: Line[] = [];
  for (const raw of robotsTxt.split(/\r\n|\r|\n/)) {
    const content = raw.replace(/#.*/, '');
    const colon = content.indexOf(':');
    if (colon === -1) continue;
    lines.push({ field: content.slice(0, colon).trim().toLowerCase(), value: content.slice(colon + 1).trim() });
  }
  return lines;
}

/**
 * The Content-Signal values of the groups that name `*`, the first statement of each signal winning. A group
 * starts at a run of user-agent lines (RFC 9309 2.1) and lasts until the next such run.
 */
export function parseContentSignals(robotsTxt: string): ContentSignals {
  const signals: ContentSignals = { search: null, 'ai-input': null, 'ai-train': null };
  let groupAgents: string[] = [];
  let inAgentRun = false;
  for (const { field, value } of linesOf(robotsTxt)) {
    if (field === 'user-agent') {
      if (!inAgentRun) groupAgents = [];
      groupAgents.push(value.toLowerCase());
      inAgentRun = true;
      continue;
    }
    inAgentRun = false;
    if (field !== 'content-signal' || !groupAgents.includes('*')) continue;
    for (const pair of value.split(',')) {
      const [key, stated] = pair.split('=').map((part) => part.trim().toLowerCase());
      if (!CONTENT_SIGNALS.includes(key as ContentSignal) || signals[key as ContentSignal] !== null) continue;
      if (stated === 'yes' || stated === 'no') signals[key as ContentSignal] = stated === 'yes';
    }
  }
  return signals;
}
