import { describe, expect, test } from '@jest/globals';
import { createVisitClassifier, parseCombinedLine, reportHosts } from '../../../src/domain/agentLogs/index.js';
import { compileRanges, SNAPSHOT_RANGES } from '../../../src/domain/crawlers/index.js';
import {
  engineOfUtmSource,
  REFERRAL_ENGINES,
  REFERRAL_SOURCES,
  UNATTRIBUTABLE,
  UNATTRIBUTABLE_SOURCES,
  verdictOfReferrerHost,
} from '../../../src/domain/crawlers/referrers.js';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

const classify = createVisitClassifier({
  hosts: reportHosts({ brandDomain: 'acme.com', brandDomainVariations: [], brandDomainWildcard: false }),
  defaultHost: 'acme.com',
  ranges: compileRanges(SNAPSHOT_RANGES),
});

/** What a browser's GET of /pricing with this Referer and query counts as, through the parser and the classifier. */
function engineOfLine(referrer: string, query = ''): string {
  const record = parseCombinedLine(`198.51.100.1 - - [01/Nov/2026:09:00:00 +0000] "GET /pricing${query} HTTP/1.1" 200 1 "${referrer}" "${FIREFOX}"`);
  if (record === null) throw new Error('the line did not parse');
  const classification = classify(record);
  return classification.kind === 'referral' ? classification.referral.engine : classification.kind === 'not_a_visit' ? classification.reason : 'crawler';
}

/** The sources the AI referrals must know at least, as the feature's description lists them. */
const REQUIRED_HOSTS = [
  ['chatgpt.com', 'chatgpt'],
  ['chat.openai.com', 'chatgpt'],
  ['perplexity.ai', 'perplexity'],
  ['www.perplexity.ai', 'perplexity'],
  ['gemini.google.com', 'gemini'],
  ['copilot.microsoft.com', 'copilot'],
  ['claude.ai', 'claude'],
  ['chat.deepseek.com', 'deepseek'],
  ['www.meta.ai', 'meta'],
  ['you.com', 'other'],
  ['phind.com', 'other'],
] as const;

const REQUIRED_UTM_SOURCES = [
  ['chatgpt.com', 'chatgpt'],
  ['perplexity', 'perplexity'],
] as const;

describe('the AI referral sources', () => {
  test.each(REQUIRED_HOSTS)('a visit referred by %s counts toward %s', (host, engine) => {
    expect(verdictOfReferrerHost(host)).toBe(engine);
    expect(engineOfLine(`https://${host}/`)).toBe(engine);
  });

  test.each(REQUIRED_UTM_SOURCES)('a visit with utm_source=%s and no referrer counts toward %s', (value, engine) => {
    expect(engineOfUtmSource(value)).toBe(engine);
    expect(engineOfLine('-', `?utm_source=${value}`)).toBe(engine);
  });

  test.each(REFERRAL_SOURCES.flatMap((source) => source.referrerHosts.map((host) => [source.name, host, source.engine] as const)))(
    '%s: a browser arriving from https://%s/ is a referral of %s',
    (_name, host, engine) => {
      expect(engineOfLine(`https://${host}/some/answer?x=1`)).toBe(engine);
    },
  );

  test.each(REFERRAL_SOURCES.flatMap((source) => source.utmSources.map((value) => [source.name, value, source.engine] as const)))(
    '%s: utm_source=%s is a referral of %s, in any case',
    (_name, value, engine) => {
      expect(engineOfLine('-', `?utm_source=${value.toUpperCase()}`)).toBe(engine);
    },
  );

  test.each(UNATTRIBUTABLE.flatMap((entry) => entry.referrerHosts.map((host) => [entry.product, host] as const)))(
    '%s refers as %s, which search does too: named, not counted',
    (_product, host) => {
      expect(verdictOfReferrerHost(host)).toBe('unattributable');
      expect(engineOfLine(`https://${host}/`)).toBe('unattributable');
    },
  );

  test('names Google’s AI Overviews and AI Mode as the unattributable answers, each with why', () => {
    expect(UNATTRIBUTABLE.map((entry) => entry.name)).toEqual([...UNATTRIBUTABLE_SOURCES]);
    expect(UNATTRIBUTABLE_SOURCES).toEqual(['google', 'google_ai_mode']);
    for (const entry of UNATTRIBUTABLE) expect(entry.why).toMatch(/google\.com/);
  });

  test('every engine has a source, and the hosts compare exactly: a subdomain or a look-alike is no source', () => {
    expect(new Set(REFERRAL_SOURCES.map((source) => source.engine))).toEqual(new Set(REFERRAL_ENGINES));
    for (const host of ['chatgpt.com.evil.example', 'notclaude.ai', 'help.openai.com', 'google.co.uk', 'www.bing.com', 'gemini.google.com.au']) {
      expect(verdictOfReferrerHost(host)).toBeUndefined();
    }
  });
});
