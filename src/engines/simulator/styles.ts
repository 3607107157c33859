import { profileOf } from '../profiles/index.js';
import { capitalize, categoryVars, fill, type AnswerContext, type Mention, type MentionPlan } from './mentions.js';
import { CLOSINGS, CONSIDERATIONS, GENERAL_ADVICE, GENERAL_INTRO, INTROS } from './phrases.js';

/**
 * How each engine lays an answer out: ChatGPT's numbered markdown list with a bottom line, Perplexity's
 * headed bullets with [n] source markers, Google's short overview paragraphs, AI Mode's sections, Copilot's
 * bold-led paragraphs, Gemini's pros and cons, Claude's prose with caveats.
 */

export function composeContent(context: AnswerContext, plan: MentionPlan, sourceCount: number): string {
  const sections = layout(context, plan, sourceCount);
  if (plan.absences.length > 0) sections.push(plan.absences.join(' '));
  return sections.filter((section) => section !== '').join('\n\n');
}

function layout(context: AnswerContext, plan: MentionPlan, sourceCount: number): string[] {
  const { mentions } = plan;
  const { layout } = profileOf(context.engine).simulator;
  switch (layout) {
    case 'numberedList':
      return [intro(context, mentions), numbered(mentions), bottomLine(context, mentions), closing(context)];
    case 'markedBullets':
      return [intro(context, mentions), bullets(mentions, (index) => markers(context, sourceCount, index)), summary(context, mentions, sourceCount)];
    case 'overview':
      return [overview(context, mentions), bullets(mentions.slice(3)), context.random.chance(0.5) ? considerations(context) : ''];
    case 'sections':
      return [intro(context, mentions), `### Popular ${context.profile.category.label}`, bullets(mentions), '### Things to consider', considerations(context)];
    case 'boldParagraphs':
      return [intro(context, mentions), ...mentions.map((mention) => `**${mention.name}** – ${mention.sentences.join(' ')}`)];
    case 'prosAndCons':
      return [intro(context, mentions), ...mentions.map((mention, index) => prosAndCons(context, mention, index)), verdict(context, mentions)];
    case 'prose':
      return [intro(context, mentions), ...mentions.map((mention) => mention.sentences.join(' ')), closing(context)];
    default:
      return unreachable(layout);
  }
}

function unreachable(layout: never): never {
  throw new Error(`No layout ${String(layout)}`);
}

/** With fewer than two brands to name, an answer falls back to general buying advice. */
function intro(context: AnswerContext, mentions: Mention[]): string {
  const values = { ...categoryVars(context.profile.category, context), top: names(mentions.slice(0, 3)) };
  if (mentions.length < 2) return [fill(GENERAL_INTRO, values), considerations(context), GENERAL_ADVICE.join(' ')].join('\n\n');
  return fill(context.random.pick(INTROS[profileOf(context.engine).simulator.layout]), values);
}

function numbered(mentions: Mention[]): string {
  return mentions.map((mention, index) => `${index + 1}. **${mention.name}** — ${mention.sentences.join(' ')}`).join('\n');
}

function bullets(mentions: Mention[], suffix: (index: number) => string = () => ''): string {
  return mentions.map((mention, index) => `- **${mention.name}**: ${mention.sentences.join(' ')}${suffix(index)}`).join('\n');
}

/** Google's overview: the leaders named in one sentence, then a line on each of them. */
function overview(context: AnswerContext, mentions: Mention[]): string {
  const leaders = mentions.slice(0, 3);
  return [intro(context, mentions), ...leaders.map((mention) => mention.sentences[0] ?? '')].join(' ');
}

function prosAndCons(context: AnswerContext, mention: Mention, index: number): string {
  const audience = context.random.pick(context.profile.category.audiences);
  return [
    `**${index + 1}. ${mention.name}**`,
    `* **Best for:** ${capitalize(audience)}.`,
    `* **Pros:** ${capitalize(mention.brand.strength)}.`,
    `* **Cons:** ${capitalize(mention.brand.weakness)}.`,
    `* ${mention.sentences.join(' ')}`,
  ].join('\n');
}

function bottomLine(context: AnswerContext, mentions: Mention[]): string {
  const [first, second] = mentions;
  if (first === undefined || second === undefined) return '';
  const { u } = categoryVars(context.profile.category, context);
  return `### Bottom line\n${first.name} is the safest all-round pick for most ${u}, while ${second.name} is worth a look if ${second.brand.strength} matters most to you.`;
}

function verdict(context: AnswerContext, mentions: Mention[]): string {
  const [first] = mentions;
  if (first === undefined) return '';
  return `**The verdict:** ${first.name} is the most balanced option, but the right choice depends on which of ${names(mentions.slice(1, 4))} fits your workflow.`;
}

function summary(context: AnswerContext, mentions: Mention[], sourceCount: number): string {
  const [first, second] = mentions;
  if (first === undefined || second === undefined) return '';
  return `**Summary:** ${first.name} and ${second.name} lead most comparisons of ${context.profile.category.label}${markers(context, sourceCount, 0)}.`;
}

function considerations(context: AnswerContext): string {
  const category = context.profile.category;
  const count = context.random.between(2, CONSIDERATIONS.length);
  return context.random
    .sample(CONSIDERATIONS, count)
    .map((template) => `- ${fill(template, categoryVars(category, context))}`)
    .join('\n');
}

function closing(context: AnswerContext): string {
  return context.random.chance(0.6) ? context.random.pick(CLOSINGS) : '';
}

/** Perplexity's numbered source markers, pointing into the citations the answer carries. */
function markers(context: AnswerContext, sourceCount: number, index: number): string {
  if (sourceCount === 0) return '';
  const count = context.random.between(1, Math.min(2, sourceCount));
  const first = (index % sourceCount) + 1;
  const numbers = count === 1 ? [first] : [first, context.random.between(1, sourceCount)];
  return ' ' + [...new Set(numbers)].map((number) => `[${number}]`).join('');
}

function names(mentions: Mention[]): string {
  const written = mentions.map((mention) => mention.name);
  if (written.length <= 1) return written.join('');
  return `${written.slice(0, -1).join(', ')} and ${written.at(-1) ?? ''}`;
}
