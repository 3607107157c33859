/**
 * Tracked names found in one pass over an answer's normalized tokens: words (runs of letters and digits,
 * lowercased) and single punctuation marks (every apostrophe, dash and double quote as one), separated or
 * not by whitespace. Each name is its own token sequence; a word's hash, computed while the word is read,
 * picks the few names that can start there, and only those are compared in place: no string, no array per
 * word. The result is exactly that of the name regex (`namePattern`, case-insensitive, no letter, digit or
 * mark touching a name) for every character this table knows how to fold: ASCII, Latin-1 letters and
 * punctuation. Any other letter, number or mark (Greek, Cyrillic, `ſ`, the Kelvin sign, combining marks, and
 * whatever lies beyond the Basic Multilingual Plane) in a name or an answer makes the scan decline, and the
 * caller runs the regex instead.
 */

const UNSAFE = 0;
const SPACE = 1;
const WORD = 2;
const PUNCT = 3;

/** Class of each UTF-16 code unit, and the code unit it compares as (lowercase, or canonical punctuation). */
const CLASS = new Uint8Array(65_536);
const FOLD = new Uint16Array(65_536);

const CANONICAL_PUNCTUATION: readonly (readonly [members: string, canonical: string])[] = [
  ["'’‘′`", "'"],
  ['-‐‑‒–—', '-'],
  ['"“”„', '"'],
];
/** Latin-1 letters and numbers whose lowercase is their case folding (µ and ÿ's capital lie elsewhere). */
const isFoldableWordCharacter = (code: number): boolean =>
  code < 0x80 || (code >= 0xc0 && code <= 0xff && code !== 0xd7 && code !== 0xf7) || [0xaa, 0xb2, 0xb3, 0xb9, 0xba, 0xbc, 0xbd, 0xbe].includes(code);

function classify(): void {
  const space = /^\s$/;
  const word = /^[\p{L}\p{N}\p{M}]$/u;
  for (let code = 0; code < 65_536; code++) {
    const character = String.fromCharCode(code);
    FOLD[code] = code;
    if (code >= 0xd800 && code <= 0xdfff) CLASS[code] = UNSAFE;
    else if (space.test(character)) CLASS[code] = SPACE;
    else if (word.test(character)) {
      CLASS[code] = isFoldableWordCharacter(code) ? WORD : UNSAFE;
      FOLD[code] = character.toLowerCase().charCodeAt(0);
    } else CLASS[code] = PUNCT;
  }
  for (const [members, canonical] of CANONICAL_PUNCTUATION) {
    for (const member of members) FOLD[member.charCodeAt(0)] = canonical.charCodeAt(0);
  }
}
classify();

const HASH_SEED = 0x811c9dc5 | 0;
const hashStep = (hash: number, code: number): number => Math.imul(hash ^ code, 0x01000193);

/** One token of a name: its folded code units, whether it is a word, whether whitespace precedes it. */
interface NameToken {
  folded: string;
  isWord: boolean;
  spaceBefore: boolean;
}

interface TokenName {
  brandIndex: number;
  tokens: NameToken[];
}

/**
 * Names compiled for the scan, by the hash of their first token; each list in priority order. `startCodes` marks
 * the folded code units a name's first token starts with: a word starting with any other is passed over unhashed.
 */
export interface TokenNames {
  readonly byFirstToken: ReadonlyMap<number, readonly TokenName[]>;
  readonly startCodes: Uint8Array;
}

/** A name (already tidied: NFC, trimmed, single spaces) as tokens, or null when the table cannot fold it. */
function tokenize(name: string): NameToken[] | null {
  const tokens: NameToken[] = [];
  let spaceBefore = false;
  for (let index = 0; index < name.length; ) {
    const code = name.charCodeAt(index);
    const kind = CLASS[code];
    if (kind === UNSAFE) return null;
    if (kind === SPACE) {
      spaceBefore = true;
      index++;
      continue;
    }
    let folded = String.fromCharCode(FOLD[code] ?? code);
    let end = index + 1;
    if (kind === WORD) {
      while (end < name.length && CLASS[name.charCodeAt(end)] === WORD) folded += String.fromCharCode(FOLD[name.charCodeAt(end++)] ?? 0);
    }
    tokens.push({ folded, isWord: kind === WORD, spaceBefore });
    spaceBefore = false;
    index = end;
  }
  return tokens.length === 0 ? null : tokens;
}

function foldedHash(folded: string): number {
  let hash = HASH_SEED;
  for (let index = 0; index < folded.length; index++) hash = hashStep(hash, folded.charCodeAt(index));
  return hash;
}

/**
 * `names` in priority order (longest canonical name first, then brand order), each tidied as `namePattern`
 * tidies it; null when one of them has a character the scan cannot fold.
 */
export function compileTokenNames(names: readonly { brandIndex: number; tidied: string }[]): TokenNames | null {
  const byFirstToken = new Map<number, TokenName[]>();
  const startCodes = new Uint8Array(65_536);
  for (const { brandIndex, tidied } of names) {
    const tokens = tokenize(tidied);
    if (tokens === null) return null;
    const { folded } = tokens[0] as NameToken;
    const hash = foldedHash(folded);
    byFirstToken.set(hash, [...(byFirstToken.get(hash) ?? []), { brandIndex, tokens }]);
    startCodes[folded.charCodeAt(0)] = 1;
  }
  return { byFirstToken, startCodes };
}

/** Where a name matched: the same shape as `BrandMatch`. */
export interface TokenMatch {
  brandIndex: number;
  start: number;
  end: number;
}

const classAt = (text: string, index: number): number => (index < text.length ? (CLASS[text.charCodeAt(index)] ?? UNSAFE) : SPACE);

/** The end of `name` matched at `start` in `text`, or -1. */
function matchAt(text: string, start: number, name: TokenName): number {
  let index = start;
  for (let tokenIndex = 0; tokenIndex < name.tokens.length; tokenIndex++) {
    const token = name.tokens[tokenIndex] as NameToken;
    if (tokenIndex > 0) {
      const from = index;
      while (classAt(text, index) === SPACE && index < text.length) index++;
      if (token.spaceBefore !== index > from) return -1;
    }
    const { folded } = token;
    if (index + folded.length > text.length) return -1;
    for (let offset = 0; offset < folded.length; offset++) {
      const code = text.charCodeAt(index + offset);
      if (FOLD[code] !== folded.charCodeAt(offset) || (CLASS[code] === WORD) !== token.isWord) return -1;
    }
    index += folded.length;
    if (token.isWord && classAt(text, index) === WORD) return -1;
  }
  const after = classAt(text, index);
  return after === WORD || after === UNSAFE ? -1 : index;
}

/**
 * Appends to `into` every name match in `text`, in text order: the leftmost, then the first name in priority
 * order at that place; without `overlapping` the scan resumes after each match, with it at the next token
 * (the caller then resolves overlaps with regex brands). False, with `into` left partly filled, when `text`
 * has a character the scan cannot fold: the caller must use the regex instead.
 */
export function scanNames(text: string, names: TokenNames, overlapping: boolean, into: TokenMatch[]): boolean {
  let resumeAt = 0;
  let previousKind = SPACE;
  for (let index = 0; index < text.length; ) {
    const code = text.charCodeAt(index);
    const kind = CLASS[code] ?? UNSAFE;
    if (kind === UNSAFE) return false;
    if (kind === SPACE) {
      previousKind = SPACE;
      index++;
      continue;
    }
    const start = index;
    const folded = FOLD[code] ?? code;
    index++;
    if (names.startCodes[folded] === 0) {
      // No name starts with this token: pass over the rest of its word (an unsafe character ends it, and is met next).
      if (kind === WORD) while (index < text.length && CLASS[text.charCodeAt(index)] === WORD) index++;
      previousKind = kind;
      continue;
    }
    let hash = hashStep(HASH_SEED, folded);
    if (kind === WORD) {
      for (let next = text.charCodeAt(index); index < text.length && CLASS[next] === WORD; next = text.charCodeAt(++index)) {
        hash = hashStep(hash, FOLD[next] ?? next);
      }
    }
    const candidates = start >= resumeAt && (kind === WORD || previousKind !== WORD) ? names.byFirstToken.get(hash) : undefined;
    previousKind = kind;
    if (candidates === undefined) continue;
    for (const name of candidates) {
      const end = matchAt(text, start, name);
      if (end < 0) continue;
      into.push({ brandIndex: name.brandIndex, start, end });
      resumeAt = overlapping ? start + 1 : end;
      break;
    }
  }
  return true;
}
