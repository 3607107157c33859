/**
 * How a brand name as a user typed it is found in answers: any run of whitespace stands for a space, any
 * apostrophe for an apostrophe (`Nimbus’s`), any dash for a dash, any double quote for a double quote;
 * everything else is literal, case-insensitive.
 */

const APOSTROPHES = "'’‘ʼ′`";
const DASHES = '-‐‑‒–—';
const DOUBLE_QUOTES = '"“”„';
const SYNTAX_CHARACTERS = new Set('\\^$.*+?()[]{}|/');

const characterClass = (members: string): string => `[${members.replace(/-/g, '\\-')}]`;
const EQUIVALENTS: readonly (readonly [members: string, canonical: string])[] = [
  [APOSTROPHES, "'"],
  [DASHES, '-'],
  [DOUBLE_QUOTES, '"'],
];

const patternOf = new Map<string, string>();
const canonicalOf = new Map<string, string>();
for (const [members, canonical] of EQUIVALENTS) {
  for (const member of members) {
    patternOf.set(member, characterClass(members));
    canonicalOf.set(member, canonical);
  }
}
const VARIANT_PUNCTUATION = new RegExp(characterClass(APOSTROPHES + DASHES.slice(1) + DOUBLE_QUOTES), 'g');

/** NFC, trimmed, every run of whitespace one space: names as they are compared and compiled. */
export const tidyName = (name: string): string => name.normalize('NFC').trim().replace(/\s+/gu, ' ');

/**
 * The form in which names are compared: tidied, one apostrophe, one dash, one double quote, lowercase. Two
 * spellings a name pattern matches alike have the same canonical name (up to exotic case folding such as
 * `ſ` for `s`, which `toLowerCase` does not do and case-insensitive matching does).
 */
export function canonicalName(name: string): string {
  return tidyName(name)
    .replace(VARIANT_PUNCTUATION, (character) => canonicalOf.get(character) ?? character)
    .toLowerCase();
}

/** A fragment for a case-insensitive `u`-flag RegExp that matches `name` as it may appear in an answer. */
export function namePattern(name: string): string {
  let pattern = '';
  for (const character of tidyName(name)) {
    if (character === ' ') pattern += '\\s+';
    else pattern += patternOf.get(character) ?? escapeCharacter(character);
  }
  return pattern;
}

const escapeCharacter = (character: string): string =>
  SYNTAX_CHARACTERS.has(character) ? `\\${character}` : character;
