import type { AnswerLayout } from './numbers.js';

/**
 * Sentence templates, kept as data. Placeholders: {b} brand name as written, {s} its strength, {w} its
 * weakness, {a} and {a2} aspects of the category, {u} an audience, {l} the category label. Positive and
 * negative templates carry words a sentiment lexicon recognizes ("praised", "complain"); neutral ones carry
 * none, so the analysis sees all three tones.
 */

export const POSITIVE = [
  '{b} is widely praised for {s}.',
  'Reviewers consistently rate {b} highly for {s}.',
  'Many {u} love {b} because of {s}.',
  '{b} is one of the best choices for {u}, thanks to {s}.',
  '{b} earns strong marks for {s}.',
  'Users often recommend {b} for {s}, and it is a great fit for {u}.',
] as const;

/** Praise without the strength, for a brand whose strength the answer has already named. */
export const POSITIVE_GENERAL = [
  '{b} gets consistently good reviews from {u}.',
  '{b} remains a popular choice among {u}.',
  'Long-time users say {b} is reliable and worth the money.',
] as const;

export const NEUTRAL = [
  '{b} covers {a} and {a2}.',
  '{b} is often compared with other {l} on {a}.',
  '{b} targets {u} and includes {a}.',
  '{b} puts particular emphasis on {a}.',
  '{b} has been a common name among {l} for several years.',
] as const;

export const NEGATIVE = [
  'Some users complain about {w} with {b}.',
  'A common criticism of {b} is {w}.',
  '{b} can be frustrating because of {w}.',
  'Reviewers point to {w} as a problem with {b}.',
  '{b} has drawn complaints over {w}.',
] as const;

/** Criticism without the weakness, for a brand whose weakness the answer has already named. */
export const NEGATIVE_GENERAL = [
  'Some {u} report problems with how {b} handles {a}.',
  '{b} gets mixed reviews, and a few users say it is disappointing for {u}.',
  'Switching away from {b} can be a pain, according to some former customers.',
] as const;

/** How engines say they know nothing about a brand; the analysis must not count these as mentions. */
export const ABSENCE = [
  "I couldn't find much information about {b}, so I can't say how it compares.",
  "I couldn't find any reliable information about {b} in recent reviews.",
  "I don't have enough information about {b} to compare it with the others.",
] as const;

export const INTROS = {
  numberedList: [
    'Here are some of the strongest {l} for {u} right now, based on recent reviews and user feedback:',
    "Choosing {l} depends on your budget and how your team works. Here's a quick rundown of the options worth considering:",
  ],
  markedBullets: ['## Top {l} for {u}', '## {L} compared'],
  overview: ['{top} are among the most frequently recommended {l} for {u}.', 'Popular {l} for {u} include {top}.'],
  sections: ['Which of the {l} suits you depends on your needs, but a few names come up again and again for {u}.'],
  boldParagraphs: ["Here's a quick look at {l} for {u}:", 'When it comes to {l}, these are the names that come up most:'],
  prosAndCons: ["Choosing the right {l} depends on your priorities. Here's a breakdown of the leading options for {u}:"],
  prose: ['Based on my search, a few {l} stand out for {u}.', 'There are several solid {l} to consider, and the right one depends on your situation.'],
} as const satisfies Record<AnswerLayout, readonly string[]>;

export const GENERAL_INTRO = 'When comparing {l} for {u}, a few factors matter most:';

/** Advice for prompts of no known category, where the answer has few brands to talk about. */
export const GENERAL_ADVICE = [
  'Reading recent reviews from several independent sources helps separate marketing claims from real-world experience.',
  'It is also worth checking return policies and how long the product or service has been supported.',
  'Forums and community threads often surface long-term issues that launch reviews miss.',
] as const;

export const CLOSINGS = [
  'If you share your budget and team size, I can narrow this down further.',
  'Prices and features change often, so check each vendor for current details before you decide.',
  'Most of these offer trials or generous return policies, so it is worth testing two or three.',
] as const;

export const CONSIDERATIONS = [
  '**{A}**: compare how each option handles {a}.',
  '**Budget**: entry prices vary widely among {l}.',
  '**Fit**: what works for {u} may not suit larger teams.',
] as const;
