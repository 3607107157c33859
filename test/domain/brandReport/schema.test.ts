import { describe, expect, test } from '@jest/globals';
import { z } from 'zod';
import {
  brandReportCreateSchema,
  brandReportPatchSchema,
  competitorInputSchema,
} from '../../../src/domain/brandReport/schema.js';

describe('brand report schemas', () => {
  test('the PATCH body converts to JSON Schema for the OpenAPI document', () => {
    const jsonSchema = z.toJSONSchema(brandReportPatchSchema, { io: 'input' });
    expect(jsonSchema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: {
        brandVariations: { type: 'array', maxItems: 100 },
        brandDomainVariations: { type: 'array', maxItems: 100 },
        brandRegex: { anyOf: [{ type: 'string', minLength: 1, maxLength: 1000 }, { type: 'null' }] },
        promptIds: {
          type: 'array',
          minItems: 1,
          maxItems: 1000,
          items: { type: 'string', minLength: 1, maxLength: 64 },
        },
        competitors: { type: 'array', maxItems: 100, items: { required: ['brand', 'brandDomain'] } },
        workspaceId: { readOnly: true },
        countryPromptsTotal: { readOnly: true },
      },
    });
    expect(jsonSchema).not.toHaveProperty('required');
  });

  test.each([
    ['create', brandReportCreateSchema],
    ['competitor', competitorInputSchema],
  ])('the %s schema converts to JSON Schema', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });

  test('a competitor needs only brand and brandDomain', () => {
    expect(competitorInputSchema.parse({ brand: 'Globex', brandDomain: 'www.globex.com' })).toEqual({
      brand: 'Globex',
      brandDomain: 'globex.com',
      brandVariations: [],
      brandDomainVariations: [],
      brandDomainWildcard: false,
      brandRegex: null,
    });
  });
});
