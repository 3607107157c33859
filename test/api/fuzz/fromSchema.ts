/**
 * fast-check arbitraries generated from the routes' zod schemas (through zod's JSON Schema, the shape the OpenAPI
 * document shows), each field sometimes replaced by a hostile value: what a client that read the document, and
 * one that did not, would send.
 */
import fc from 'fast-check';
import { z } from 'zod';

export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  $defs?: Record<string, JsonSchema>;
};

/** Values no schema asks for: empty, huge, control characters, percent signs, prototype keys, other types. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('', ' ', '%', '%zz', '%C0%80', '\u0000', '\uffff', '\ud800', '../..', '__proto__', 'constructor', 'a'.repeat(5_000), '1e400', '-0', 'null', 'true', '[]', '{}'),
  fc.constantFrom(-1, 0, 1.5, Number.MAX_SAFE_INTEGER + 2, -1e308, 1e308, null, true, false, [], {}, [[[]]], { __proto__: { polluted: 1 } }, { constructor: { prototype: {} } }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const maybeHostile = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 40, 300);
  if (schema.format === 'date') return fc.date({ min: new Date('2025-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.format === 'email') return fc.emailAddress();
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= 300);
    } catch {
      // A pattern fast-check cannot invert: plain strings of the right length instead.
    }
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : -1_000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : 1_000;
  const [low, high] = [Math.max(min, -1e9), Math.min(max, 1e9)];
  return integer ? fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) }) : fc.double({ min: low, max: high, noNaN: true });
}

function objectOf(schema: JsonSchema, defs: Record<string, JsonSchema>, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const record = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, maybeHostile(arbitraryOf(property, defs, depth + 1))]));
  const known = fc.record(record, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
  // Now and then a field no schema names (unknown body fields are a 400; unknown query parameters are ignored).
  return fc.tuple(known, fc.option(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), hostileValue), { freq: 8 })).map(([value, extra]) =>
    extra === null ? value : { ...value, [extra[0]]: extra[1] },
  );
}

/** An arbitrary of values the schema describes (the document's view of valid input). */
export function arbitraryOf(schema: JsonSchema, defs: Record<string, JsonSchema>, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return hostileValue;
  if (schema.$ref !== undefined) {
    const target = defs[schema.$ref.split('/').pop() ?? ''];
    return target === undefined ? hostileValue : arbitraryOf(target, defs, depth + 1);
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined && alternatives.length > 0) return fc.oneof(...alternatives.map((alternative) => arbitraryOf(alternative, defs, depth + 1)));
  if (schema.allOf !== undefined && schema.allOf.length > 0) return arbitraryOf(schema.allOf[0] as JsonSchema, defs, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, 6));
      return fc.array(arbitraryOf(schema.items ?? {}, defs, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, defs, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The arbitrary of a request part's zod schema: the object of its fields, each valid or hostile. */
export function partArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<Record<string, unknown>> {
  if (schema === undefined) return fc.constant({});
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const generated = arbitraryOf(json, json.$defs ?? {});
  return generated.map((value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { value }));
}
