import { describe, expect, test } from '@jest/globals';
import { allOperations, RESOURCE_FIELDS } from '../../support/operations.js';

const operations = await allOperations();

describe('the operation registry', () => {
  test('holds every operation of the source tree', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  test('every operation whose input names a workspace, report or team declares the resource the access step checks', () => {
    const undeclared = operations
      .filter(({ operation }) => RESOURCE_FIELDS.some((field) => field in operation.input.shape) && operation.resource === undefined)
      .map(({ operation, module }) => `${module}: ${operation.name}`);
    expect(undeclared).toEqual([]);
  });

  test('a declaration names the field the input carries', () => {
    const mismatched = operations
      .filter(({ operation }) => operation.resource !== undefined)
      .filter(({ operation }) => {
        const input = Object.fromEntries(RESOURCE_FIELDS.map((field) => [field, `${field}-value`]));
        const ref = (operation.resource as (input: unknown) => Record<string, string> | undefined)(input);
        return ref === undefined || Object.entries(ref).some(([field, value]) => !(field in operation.input.shape) || value !== `${field}-value`);
      })
      .map(({ operation }) => operation.name);
    expect(mismatched).toEqual([]);
  });

  test('no public operation declares a resource: it has no caller to check', () => {
    expect(operations.filter(({ operation }) => operation.access === 'public' && operation.resource !== undefined).map(({ operation }) => operation.name)).toEqual([]);
  });
});
