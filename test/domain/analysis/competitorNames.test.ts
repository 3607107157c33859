import { describe, expect, test } from '@jest/globals';
import { compileDetection, extractNames, nameMatchesDomain, untrackedNames } from '../../../src/domain/analysis/index.js';
import { identity, settings } from './fixtures.js';

const names = (content: string, cited: string[] = []) => extractNames(content, cited).map(({ name }) => name);

describe('names an answer puts forward', () => {
  test.each([
    ['a numbered list item in bold', '1. **Freshsales** — cheap and simple.', ['Freshsales']],
    ['a bulleted list item before a colon', '- Copper: built for Google Workspace.', ['Copper']],
    ['a list item before a dash', '* Close CRM - calling built in.', ['Close CRM']],
    ['a list item with a model number', '2. Microsoft Dynamics 365 (enterprise)', ['Microsoft Dynamics 365']],
    ['a bold name inside prose', 'Many teams pick **Insightly** for projects.', ['Insightly']],
    ['a bold name in lowercase with a capital inside', 'Try **monday sales CRM** today.', ['monday sales CRM']],
    ['a link label in a list item', '- [Attio](https://attio.com) is new.', ['Attio']],
    ['a list item that is a sentence', '- Salesforce is widely praised for deep customization and a huge ecosystem.', []],
    ['a heading in bold', '**Summary:** both are fine. **Pros:** cheap. **Key Features** below.', []],
    ['a list item that starts with a common word', '- Best for small teams\n- Easy onboarding', []],
    ['plain capitalised prose', 'Freshsales and Copper are both popular. The Verdict is clear.', []],
    ['a question in bold', '**Which one is right for you?**', []],
  ])('%s', (_case, content, expected) => {
    expect(names(content)).toEqual(expected);
  });

  test('a name written right before a cited domain, with the domain', () => {
    const found = extractNames('For calling, Close (close.com) and Aircall — https://www.aircall.io/ are good.', ['close.com', 'aircall.io']);
    expect(found).toEqual([
      { name: 'Close', mentions: 1, linkedDomain: 'close.com' },
      { name: 'Aircall', mentions: 1, linkedDomain: 'aircall.io' },
    ]);
  });

  test('a domain that is not cited names nothing', () => {
    expect(names('Close (close.com) is good.', ['other.com'])).toEqual([]);
  });

  test('each name once, with its mentions counted case-insensitively and not inside other words', () => {
    const found = extractNames('1. **Copper** — Copper is nice; COPPER again. Coppers and copperplate do not count.', []);
    expect(found).toEqual([{ name: 'Copper', mentions: 3, linkedDomain: null }]);
  });

  test('a mention inside a longer name counts for the longer one only', () => {
    const content = '1. **Microsoft Dynamics 365** — strong.\n2. **Dynamics 365** — again. Microsoft Dynamics 365 wins.';
    expect(extractNames(content, [])).toEqual([
      { name: 'Microsoft Dynamics 365', mentions: 2, linkedDomain: null },
      { name: 'Dynamics 365', mentions: 1, linkedDomain: null },
    ]);
  });
});

/**
 * Answer text as engines write it (the simulator's phrasing and recorded answers): a common English word that
 * opens a heading, a list item or a sentence is not a product, unless the answer ties it to a company.
 */
describe('a capitalised common word at a sentence start', () => {
  test.each([
    ['a bold heading', '**Fit**: what works for small teams may not suit larger teams.', [], []],
    ['a list item that opens with the word', '- Close: the deal is yours once the contract is signed.', [], []],
    ['a numbered step in bold', '3. **Close** — follow up within a day and ask for the signature.', [], []],
    ['a list item after real names', '1. **Pipedrive** — visual pipelines.\n2. **Fit** — match the plan to your team size.', [], ['Pipedrive']],
    ['a rarer word still a name', '- Copper: built for Google Workspace.', [], ['Copper']],
    ['a two-word name of common words', '- **Close CRM**: calling built in.', [], ['Close CRM']],
    ['the CRM cited with its site', '1. **Close** — built-in calling and email sequences for inside sales.', ['close.com'], ['Close']],
    ['the CRM written before its site', 'For calling, Close (close.com) is hard to beat.', ['close.com'], ['Close']],
    ['the CRM named in the middle of a sentence', '- **Close**: calling built in.\n\nInside sales teams often pick Close for its dialer.', [], ['Close']],
    ['a site cited that is not the word', '**Fit**: what works for small teams may not suit larger teams.', ['fit.com.example', 'g2.com'], []],
  ])('%s', (_case, content, cited, expected) => {
    expect(names(content, cited)).toEqual(expected);
  });
});

describe('untracked names', () => {
  const detection = compileDetection(settings(identity('Nimbus', { brandVariations: ['Nimbus CRM'] }), identity('HubSpot')));

  test('leaves out the brand, its variations and competitors, also inside a longer name', () => {
    const content = '1. **Nimbus CRM** — ours.\n2. **HubSpot CRM** — theirs.\n3. **Freshsales** — other.';
    expect(untrackedNames(content, [], detection).map(({ name }) => name)).toEqual(['Freshsales']);
  });
});

describe('whether a cited domain is the site of a name', () => {
  test.each([
    ['Copper', 'copper.com', true],
    ['Close CRM', 'closecrm.com', true],
    ['Zoho CRM', 'zoho.com', true],
    ['Zoho CRM', 'www.zoho.com', true],
    ['monday.com', 'monday.com', true],
    ['Microsoft Dynamics 365', 'microsoft.com', true],
    ['Freshsales', 'freshworks.com', false],
    ['HP', 'hp.com', true],
    ['An Example', 'an.com', false],
    ['Insightly', 'en.wikipedia.org', false],
    ['BBC', 'news.bbc.co.uk', true],
  ])('%s and %s: %s', (name, domain, expected) => {
    expect(nameMatchesDomain(name, domain)).toBe(expected);
  });
});
