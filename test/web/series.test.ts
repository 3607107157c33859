import { describe, expect, test } from '@jest/globals';
import { competitorsText, mergeCompetitors, parseCompetitors, parseLines } from '../../web/src/lib/detection.js';
import { chartData, sparklinePath } from '../../web/src/lib/series.js';

describe('chart series from a history', () => {
  test('one series per brand and one point per day; a day without the brand is a gap', () => {
    const data = chartData([
      { date: '2026-11-02', brand: 'A', value: 40 },
      { date: '2026-11-01', brand: 'A', value: 30 },
      { date: '2026-11-01', brand: 'B', value: 10 },
    ]);
    expect(data).toEqual({ days: ['2026-11-01', '2026-11-02'], series: [{ label: 'A', values: [30, 40] }, { label: 'B', values: [10, null] }] });
  });

  test('a sparkline spans the box, the maximum at the top', () => {
    expect(sparklinePath([0, 50, 100], 100, 20, 100)).toBe('M0.0,20.0 L50.0,10.0 L100.0,0.0');
    expect(sparklinePath([], 100, 20, 100)).toBe('');
  });
});

describe('the detection form', () => {
  test('names one per line, blanks dropped', () => {
    expect(parseLines(' Nimbus \n\nNimbus CRM\r\n')).toEqual(['Nimbus', 'Nimbus CRM']);
  });

  test('competitors one per line: name, domain, variations; written back the same', () => {
    const text = 'HubSpot, hubspot.com\nZoho CRM, zoho.com, Zoho';
    const parsed = parseCompetitors(text);
    expect(parsed).toEqual([
      { brand: 'HubSpot', brandDomain: 'hubspot.com', brandVariations: [] },
      { brand: 'Zoho CRM', brandDomain: 'zoho.com', brandVariations: ['Zoho'] },
    ]);
    expect(competitorsText(parsed)).toBe('HubSpot, hubspot.com\nZoho CRM, zoho.com, Zoho');
  });

  test('a competitor already tracked keeps the settings the form does not show', () => {
    const stored = [{ brand: 'HubSpot', brandDomain: 'hubspot.com', brandVariations: [], brandDomainWildcard: true, brandRegex: null, brandDomainVariations: ['hs.io'] }];
    expect(mergeCompetitors(parseCompetitors('hubspot, hubspot.com, HS\nNew, new.com'), stored)).toEqual([
      { brand: 'hubspot', brandDomain: 'hubspot.com', brandVariations: ['HS'], brandDomainWildcard: true, brandRegex: null, brandDomainVariations: ['hs.io'] },
      { brand: 'New', brandDomain: 'new.com', brandVariations: [] },
    ]);
  });
});
