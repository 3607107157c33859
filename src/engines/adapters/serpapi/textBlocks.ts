import { z } from 'zod';
import type { Citation } from '../../engine.js';
import { rankCitations } from '../../citations.js';

/**
 * The answer structure SerpApi shares between Google AI Overviews, Google AI Mode and Bing Copilot:
 * `text_blocks` (paragraphs, headings, lists with nested lists, expandable sections, tables, code) pointing
 * by `reference_indexes` into `references` (`{title, link, snippet, source, index}`), the sources list the
 * engine shows beside the answer.
 */

interface TextBlock {
  type?: string | undefined;
  title?: string | undefined;
  snippet?: string | undefined;
  list?: TextBlock[] | undefined;
  text_blocks?: TextBlock[] | undefined;
  table?: string[][] | undefined;
  code?: string | undefined;
}

const textBlockSchema: z.ZodType<TextBlock> = z.lazy(() =>
  z.looseObject({
    type: z.string().optional(),
    title: z.string().optional(),
    snippet: z.string().optional(),
    list: z.array(textBlockSchema).optional(),
    text_blocks: z.array(textBlockSchema).optional(),
    // Tables vary across SerpApi engines; an unfamiliar one is skipped rather than failing the answer.
    table: z.array(z.array(z.string())).optional().catch(undefined),
    code: z.string().optional(),
  }),
);

const referenceSchema = z.looseObject({
  title: z.string().optional(),
  link: z.string().optional(),
  source: z.string().optional(),
});

export const answerBlocksSchema = z.looseObject({
  text_blocks: z.array(textBlockSchema).optional(),
  references: z.array(referenceSchema).optional(),
});

export type AnswerBlocks = z.infer<typeof answerBlocksSchema>;

/** The answer as the text a reader sees, in light markdown: headings, `-` lists, tables as `|` rows. */
export function renderTextBlocks(blocks: TextBlock[] | undefined): string {
  return (blocks ?? [])
    .map((block) => renderBlock(block))
    .filter((text) => text !== '')
    .join('\n\n');
}

function renderBlock(block: TextBlock): string {
  switch (block.type) {
    case 'heading':
      return block.snippet ? `### ${block.snippet}` : '';
    case 'list':
      return renderList(block.list ?? [], 0);
    case 'expandable':
      return [block.title ? `### ${block.title}` : '', renderTextBlocks(block.text_blocks)].filter(Boolean).join('\n\n');
    case 'table':
      return (block.table ?? []).map((row) => `| ${row.join(' | ')} |`).join('\n');
    case 'code_block':
      return block.code ? `\`\`\`\n${block.code}\n\`\`\`` : '';
    default:
      return block.snippet ?? '';
  }
}

function renderList(items: TextBlock[], depth: number): string {
  const indent = '  '.repeat(depth);
  return items
    .map((item) => {
      const line = `${indent}- ${[item.title, item.snippet].filter(Boolean).join(' ')}`;
      return item.list ? `${line}\n${renderList(item.list, depth + 1)}` : line;
    })
    .join('\n');
}

export function referenceCitations(references: AnswerBlocks['references']): Citation[] {
  return rankCitations((references ?? []).map((reference) => ({ title: reference.title ?? reference.source ?? '', link: reference.link ?? '' })));
}
