import { z } from 'zod';
import { DEFAULT_FAN_OUT_ENGINES, generateFanOut } from '../../domain/fanOut/index.js';
import { promptSuggestionSchema, suggestPrompts } from '../../domain/prompt/suggestions.js';
import { countryCodeSchema } from '../../domain/shared/countries.js';
import { nameSchema } from '../../domain/shared/schemas.js';
import { profileOf } from '../../engines/index.js';
import { byWorkspace } from '../shared/access.js';
import { defineOperation } from '../shared/operation.js';
import { WORKSPACE_ERRORS, workspaceIdField, WORKSPACES_TAG } from '../workspaces/operations.js';

export const PROMPT_SUGGESTIONS_MAX = 50;

export const suggestPromptsOperation = defineOperation({
  name: 'suggestPrompts',
  summary: 'Suggest prompts for a brand',
  description:
    'Questions a customer of the category would ask an AI engine, distinct (case-insensitively): template questions ' +
    "for the brand, its category and country first, then the searches engines run behind them (the fan-out " +
    'generator). Nothing is created: send the ones to track to POST /v1/workspaces/{id}/prompts.',
  tag: WORKSPACES_TAG,
  access: 'read',
  input: z.object({
    workspaceId: workspaceIdField,
    brand: nameSchema(200).describe('Brand name'),
    brandDomain: z.string().max(2048).optional().describe("The brand's domain (accepted for the dashboard's flow; the questions do not name it)"),
    category: nameSchema(200).optional().describe('What the brand sells, e.g. "CRM software"'),
    country: countryCodeSchema.describe('Where the customer asks (lowercase ISO 3166-1 alpha-2, uk for the United Kingdom)'),
    count: z.number().int().min(1).max(PROMPT_SUGGESTIONS_MAX).default(20).describe(`How many, 1 to ${PROMPT_SUGGESTIONS_MAX}`),
  }),
  output: z.object({ items: z.array(promptSuggestionSchema) }),
  answers: 'The suggestions',
  errors: WORKSPACE_ERRORS,
  resource: byWorkspace,
  handler: ({ brand, category, country, count }, { deps }) => {
    const year = deps.clock.now().getUTCFullYear();
    const expand = (question: string) =>
      DEFAULT_FAN_OUT_ENGINES.map((engine) => ({
        engine,
        queries: generateFanOut({ question, engine, country, year, relatedNames: [brand] }, profileOf(engine).fanOut.style),
      }));
    return Promise.resolve({ items: suggestPrompts({ brand, category, country, count, year }, expand) });
  },
});
