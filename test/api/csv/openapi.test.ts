import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startTestApi, type TestApi } from '../support/testApi.js';

type Operation = { operationId: string; parameters?: Array<{ name: string; in: string }>; responses: Record<string, { content?: Record<string, { schema: { description?: string } }> }> };
type Schema = { $ref?: string; properties?: Record<string, { type?: string }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

let api: TestApi;
let operations: Array<{ method: string; operation: Operation }>;
let schemas: Record<string, Schema>;

beforeAll(async () => {
  api = await startTestApi();
  const document = (await api.call<Document>('GET', '/v1/openapi.json')).body;
  schemas = document.components.schemas;
  operations = Object.values(document.paths).flatMap((methods) => Object.entries(methods).map(([method, operation]) => ({ method, operation })));
});
afterAll(() => api.close());

/** A GET answering `{items: [...], …}` in JSON, its schema named or not. */
function isList({ method, operation }: { method: string; operation: Operation }): boolean {
  const schema = operation.responses[200]?.content?.['application/json']?.schema as Schema | undefined;
  const resolved = schema?.$ref ? schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
  return method === 'get' && resolved?.properties?.items?.type === 'array';
}

describe('the OpenAPI document', () => {
  test('documents text/csv beside JSON on every list operation, naming its columns, and the format parameter', () => {
    const lists = operations.filter(isList);
    expect(lists.length).toBeGreaterThanOrEqual(15);
    for (const { operation } of lists) {
      const csv = operation.responses[200]?.content?.['text/csv'];
      expect({ id: operation.operationId, csv: csv?.schema.description }).toEqual({ id: operation.operationId, csv: expect.stringContaining('Columns: ') });
      expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'format', in: 'query' }));
    }
  });

  test('states the rules of the CSV once per list: quoting, flattening, the formula guard, every page', () => {
    const citations = operations.find(({ operation }) => operation.operationId === 'listBrandReportCitations')?.operation;
    const description = citations?.responses[200]?.content?.['text/csv']?.schema.description;
    for (const rule of ['RFC 4180', 'dotted names', 'joined with ";"', 'formula injection', 'every item of every page']) expect(description).toContain(rule);
    expect(description).toContain('Columns: url, domain, title, citations, prompts,');
  });

  test('no other operation offers CSV', () => {
    for (const entry of operations.filter((candidate) => !isList(candidate))) {
      expect({ id: entry.operation.operationId, csv: entry.operation.responses[200]?.content?.['text/csv'] }).toEqual({ id: entry.operation.operationId, csv: undefined });
    }
  });
});
