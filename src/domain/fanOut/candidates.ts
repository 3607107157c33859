import type { QuestionProfile } from './question.js';
import type { FanOutQueryType } from './schema.js';

/**
 * The searches an engine could plausibly run for a question, per type, in the shapes engines use: the
 * question as keywords, with the year, brand against brand, one brand's pricing or reviews, the needs a
 * buyer has without saying so, and the topics around the question.
 */

export interface CandidateContext {
  profile: QuestionProfile;
  year: number;
  /** The country's name, added by engines that localize in words; undefined for the United States. */
  place: string | undefined;
  /** Names the question does not use but an answer would bring up: the category's leading brands. */
  relatedNames: readonly string[];
}

export function candidatesFor(type: FanOutQueryType, context: CandidateContext): string[] {
  const queries = BUILDERS[type](context);
  return queries.map((query) => query.replace(/\s+/g, ' ').trim()).filter((query) => query !== '');
}

const BUILDERS: Record<FanOutQueryType, (context: CandidateContext) => string[]> = {
  reformulation: ({ profile }) => {
    const { phrase, topic, qualifier, audience, rank, names } = profile;
    const [first = topic, second = ''] = names;
    switch (profile.form) {
      case 'pick':
        return [phrase, audience === '' ? `${topic} ${qualifier}` : `${audience} ${topic}`, `top ${topic} ${qualifier}`, `${rank} ${topic}`];
      case 'versus':
        return [phrase, `${first} or ${second} ${qualifier}`, `${first} compared to ${second}`];
      case 'howto':
        return [phrase, `ways to ${topic} ${qualifier}`, `${topic} ${qualifier.split(' ').slice(1).join(' ')}`];
      case 'entity':
        return [`is ${topic} good`, `${topic} review`, `${topic} worth it`];
      case 'definition':
        return [phrase, `${topic} definition`, `${topic} meaning`];
      case 'general':
        return [phrase];
    }
  },
  recency: ({ profile, year }) => {
    const { phrase, topic, qualifier, rank, names } = profile;
    switch (profile.form) {
      case 'pick':
        return [`${phrase} ${year}`, `${rank} ${topic} ${year}`, `latest ${topic} ${qualifier}`];
      case 'versus':
        return [`${phrase} ${year}`, `${names.join(' vs ')} latest updates`];
      case 'howto':
        return [`${phrase} ${year}`, `latest ways to ${topic}`];
      case 'entity':
        return [`${topic} review ${year}`, `${topic} ${year}`, `${topic} latest news`];
      case 'definition':
        return [`${topic} trends ${year}`, `${topic} ${year}`];
      case 'general':
        return [`${phrase} ${year}`];
    }
  },
  comparative: ({ profile, relatedNames }) => {
    const { topic, audience, names } = profile;
    const [first, second] = names;
    const [r1, r2, r3] = relatedNames;
    if (profile.form === 'versus' && first !== undefined && second !== undefined) {
      return [...(r1 === undefined ? [] : [`${first} vs ${r1}`, `${first} vs ${second} vs ${r1}`]), `${first} alternatives`, `${second} alternatives`];
    }
    if (profile.form === 'entity') return [...(r1 === undefined ? [] : [`${topic} vs ${r1}`]), `${topic} alternatives`, ...(r2 === undefined ? [] : [`${topic} vs ${r2}`])];
    const brands = r1 !== undefined && r2 !== undefined ? [`${r1} vs ${r2}`, ...(r3 === undefined ? [] : [`${r1} vs ${r2} vs ${r3}`]), ...(audience === '' ? [] : [`${r2} vs ${r1} for ${audience}`])] : [];
    return profile.form === 'pick' ? [...brands, `${topic} comparison`] : brands;
  },
  entity_expansion: ({ profile, relatedNames }) => {
    const aspects = [
      (name: string) => `${name} review`,
      (name: string) => `${name} pricing`,
      (name: string) => (profile.audience === '' ? `${name} features` : `${name} for ${profile.audience}`),
      (name: string) => `is ${name} worth it`,
    ];
    return relatedNames.slice(0, 6).map((name, index) => aspects[index % aspects.length]?.(name) ?? name);
  },
  implicit: ({ profile, place }) => {
    const { phrase, topic, audience } = profile;
    const local = place === undefined ? [] : [`${phrase} ${place}`];
    switch (profile.form) {
      case 'pick':
        return [`${topic} pricing`, `affordable ${topic}${audience === '' ? '' : ` for ${audience}`}`, `${phrase} reddit`, `how to choose ${topic}`, `${phrase} reviews`, ...local];
      case 'versus':
        return [`${phrase} pricing`, `${phrase} reddit`, `${phrase} ease of use`, `${phrase} integrations`, ...local];
      case 'entity':
        return [`${topic} pricing`, `${topic} reviews`, `${topic} pros and cons`, `${topic} integrations`, ...local];
      case 'howto':
        return [`${phrase} for beginners`, `${phrase} reddit`, `${topic} cost`, ...local];
      case 'definition':
        return [`${topic} cost`, `free ${topic}`, `${topic} for beginners`, ...local];
      case 'general':
        return [`${phrase} reddit`, `${topic} cost`, ...local];
    }
  },
  related: ({ profile }) => {
    const { topic, names } = profile;
    const [first, second] = names;
    switch (profile.form) {
      case 'versus':
        return [first, second].flatMap((name) => (name === undefined ? [] : [`${name} use cases`, `${name} tips`]));
      case 'howto':
        return [`${topic} strategies`, `${topic} examples`, `${topic} tips`];
      case 'entity':
        return [`${topic} tips`, `${topic} use cases`, `how to use ${topic}`];
      default:
        return [`types of ${topic}`, `benefits of ${topic}`, `${topic} tips`, ...(topic.includes(' ') ? [] : [`what is ${topic}`])];
    }
  },
};
