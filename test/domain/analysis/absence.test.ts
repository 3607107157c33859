import { describe, expect, test } from '@jest/globals';
import { identity, mentionsIn, mentionsOf } from './fixtures.js';

const acme = identity('Acme');
const globex = identity('Globex');
const initech = identity('Initech');

describe('absence statements are not mentions', () => {
  test.each([
    "I couldn't find any information about Acme.",
    'I could not find information on Acme.',
    'I was unable to find any reliable information regarding Acme.',
    "I wasn't able to locate details about Acme.",
    "I haven't been able to find any data on Acme.",
    "I couldn't find anything about Acme.",
    'I could not find a company called Acme.',
    "I couldn't find any information about the pricing of Acme.",
    "I couldn't find any information about Acme's products.",
    "I'm not aware of a company called Acme.",
    'I’m not aware of a company called Acme.',
    'I am not familiar with Acme.',
    "I'm unfamiliar with Acme.",
    'I have never heard of Acme.',
    "I don't know of a product named Acme.",
    "We don't recognize Acme.",
    "I'm not sure what Acme is.",
    'There is no widely known product named Acme.',
    'There is no company called “Acme”.',
    "There doesn't appear to be a well-known company named Acme.",
    "I don't have specific information on Acme.",
    'I do not have any details about Acme.',
    "I don't have access to information about Acme.",
    'I have no knowledge of Acme.',
    'There is no information available about Acme.',
    "There's no publicly available information on Acme.",
    'No results were found for Acme.',
    'Nothing is known about Acme.',
    "My training data doesn't include Acme.",
    "The search results don't mention Acme.",
    'The sources do not contain any information about Acme.',
    "Acme is not a company I'm familiar with.",
    "Acme isn't something I have information on.",
    "Acme doesn't appear in my training data.",
    'Acme does not appear in the search results.',
    "Acme doesn't ring a bell.",
    'Acme does not appear to be a widely known company.',
    "I COULDN'T FIND ANY INFORMATION ABOUT ACME.",
    "- I couldn't find any information about **Acme**.",
  ])('%j', (content) => {
    expect(mentionsOf(acme, content)).toBe(0);
  });
});

describe('near misses are mentions', () => {
  test.each([
    "Acme couldn't be better.",
    "I couldn't find a better tool than Acme.",
    "I'm not aware of any tool better than Acme.",
    "If you're not familiar with Acme, it is a CRM for small teams.",
    'Acme is not a bad choice.',
    'There is no better option than Acme.',
    'No other tool matches Acme.',
    "Acme doesn't have a free plan.",
    'Acme does not include ads.',
    "I couldn't find any complaints about the support, and Acme is reliable.",
    'Not many people know Acme yet.',
    "I'm not sure which is better, Acme or a spreadsheet.",
  ])('%j', (content) => {
    expect(mentionsOf(acme, content)).toBe(1);
  });
});

describe('what an absence statement discounts', () => {
  test('only the names it is about: another brand later in the sentence still counts', () => {
    const content = "I couldn't find any information about Acme, but Globex is a popular CRM.";
    expect(mentionsIn(content, acme, globex)).toEqual({ Acme: 0, Globex: 1 });
  });

  test.each([
    "I couldn't find information about Acme or Globex.",
    "I couldn't find any information about Acme, Globex, or Initech.",
    "Acme, Globex and Initech are not companies I'm familiar with.",
  ])('every name listed with the one it is about: %j', (content) => {
    expect(mentionsIn(content, acme, globex, initech)).toEqual({ Acme: 0, Globex: 0, Initech: 0 });
  });

  test('a name after a clause break is not part of the list', () => {
    const content = "I couldn't find information about Acme; Globex, however, is well known.";
    expect(mentionsIn(content, acme, globex)).toEqual({ Acme: 0, Globex: 1 });
  });

  test('only its own sentence: the next sentence naming the brand counts', () => {
    const content = "I couldn't find any information about Acme. Acme may be a small startup.";
    expect(mentionsOf(acme, content)).toBe(1);
  });

  test('the domain written next to the name is part of the statement', () => {
    expect(mentionsOf(acme, "I couldn't find any information about Acme (acme.com).")).toBe(0);
  });
});
