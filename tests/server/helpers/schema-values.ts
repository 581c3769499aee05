import fc from 'fast-check';

import { DEFAULT_BODY_LIMIT } from '../../../src/server/app';
import type { JsonSchema } from './routes';

/**
 * fast-check arbitraries for values from the OpenAPI document's JSON Schemas: mostly valid
 * (to get past validation into the services), with wrong types, missing and extra fields,
 * huge and control-character strings and odd numbers mixed in at every level.
 */

/** Values that exist in the test's database, by field or parameter name: the fuzzer uses them often. */
export type Known = Record<string, readonly unknown[]>;

export interface FuzzContext {
  known: Known;
  /** Real files for multipart file fields (a small PNG). */
  files: readonly Buffer[];
}

const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\uffff',
];

/** Strings that break naive code: controls, lone surrogates, bidi overrides, injections, number-likes. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(fc.oneof(fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 12 })
    .map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\t \n',
    'null',
    'undefined',
    'NaN',
    '-1',
    '0',
    '1e999',
    'true',
    '[]',
    '{}',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '%zz',
    '${7*7}',
    '{{7*7}}',
    '\\',
    'a\u0000b',
    '💥'.repeat(40),
  ),
);

/** Strings at and past the schema's maxLength, and up to and past the default body limit. */
function hugeString(schema: JsonSchema): fc.Arbitrary<string> {
  const sizes = [4096, DEFAULT_BODY_LIMIT - 200, DEFAULT_BODY_LIMIT + 1];
  if (schema.maxLength !== undefined) sizes.push(schema.maxLength, schema.maxLength + 1);
  return fc
    .tuple(fc.constantFrom(...sizes), fc.constantFrom('x', 'é', ' ', '\u0000', '😀', 'a\n'))
    .map(([size, fill]) => fill.repeat(Math.ceil(size / fill.length)).slice(0, size));
}

const oddNumber = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, Number.MIN_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const anyJson = fc.jsonValue({ maxDepth: 2 });

export function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type[0];
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.enum?.length) return schema.enum[0] === null ? 'null' : typeof schema.enum[0];
  return undefined;
}

function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  const byType: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.string({ maxLength: 10 }),
    integer: fc.integer(),
    number: fc.double({ noNaN: true, noDefaultInfinity: true }),
    boolean: fc.boolean(),
    null: fc.constant(null),
    array: fc.array(anyJson, { maxLength: 3 }),
    object: fc.dictionary(fc.string({ maxLength: 5 }), anyJson, { maxKeys: 2 }),
  };
  const others = Object.entries(byType).filter(([name]) => name !== type && !(name === 'number' && type === 'integer'));
  return fc.oneof(...others.map(([, arbitrary]) => arbitrary));
}

/** A value the schema rejects, or one that stresses whatever accepts it. */
export function invalidValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(wrongType(schema), nastyString, hugeString(schema), oddNumber, fc.constantFrom(null, '', [], {}, true));
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const max = schema.maxLength ?? 60;
  const fit = (arbitrary: fc.Arbitrary<string>) =>
    arbitrary.filter((value) => value.length >= (schema.minLength ?? 0) && value.length <= max);
  switch (schema.format) {
    case 'email':
      return fit(fc.emailAddress());
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ min: new Date('1970-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'uri':
    case 'url':
      return fit(fc.webUrl());
    case 'uuid':
      return fc.uuid();
    default:
      break;
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { size: 'small' }).map((value) => value.slice(0, max));
  const min = schema.minLength ?? 0;
  return fc.oneof(fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) }), fc.constant('a'.repeat(Math.max(min, max))));
}

/** A value the schema accepts (as far as JSON Schema can say: zod refinements are not in it). */
export function validValue(schema: JsonSchema, context: FuzzContext, name?: string, mutate = false): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  let arbitrary: fc.Arbitrary<unknown>;
  if (variants) arbitrary = fc.oneof(...variants.map((variant) => validValue(variant, context, name, mutate)));
  else if (schema.enum?.length) arbitrary = fc.constantFrom(...schema.enum);
  else if ('const' in schema) arbitrary = fc.constant(schema.const);
  else {
    const child = (childSchema: JsonSchema, childName?: string) =>
      mutate ? fuzzValue(childSchema, context, childName) : validValue(childSchema, context, childName);
    switch (typeOf(schema)) {
      case 'null':
        arbitrary = fc.constant(null);
        break;
      case 'boolean':
        arbitrary = fc.boolean();
        break;
      case 'integer':
      case 'number': {
        const exclusive = schema.exclusiveMinimum === true ? 1 : 0;
        const min = Math.max(
          typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1e6) + exclusive,
          -1e6,
        );
        const max = Math.max(min, Math.min(schema.maximum ?? 1e6, 1e6));
        arbitrary = fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
        break;
      }
      case 'string':
        arbitrary = stringValue(schema);
        break;
      case 'array':
        arbitrary = fc.array(child(schema.items ?? {}, name), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
        break;
      case 'object':
        arbitrary = objectValue(schema, child, mutate);
        break;
      default:
        arbitrary = anyJson;
    }
  }
  if (schema.nullable) arbitrary = fc.oneof(arbitrary, fc.constant(null));
  const known = name === undefined ? undefined : context.known[name];
  return known?.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 2 }, { arbitrary, weight: 1 }) : arbitrary;
}

export const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'is_admin', 'userId', 'user_id', 'id', 'plan', 'role'),
  fc.string({ maxLength: 12 }),
);

function objectValue(
  schema: JsonSchema,
  child: (schema: JsonSchema, name?: string) => fc.Arbitrary<unknown>,
  mutate: boolean,
): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = (schema.required ?? []).filter((key) => key in properties);
  const model = Object.fromEntries(Object.entries(properties).map(([key, propertySchema]) => [key, child(propertySchema, key)]));
  const base = fc.record(model, { requiredKeys: required });
  if (!mutate) return base;
  const dropped =
    required.length === 0
      ? fc.constant<string[]>([])
      : fc.oneof({ arbitrary: fc.constant<string[]>([]), weight: 4 }, { arbitrary: fc.subarray(required, { minLength: 1 }), weight: 1 });
  const extras = fc.oneof(
    { arbitrary: fc.constant({}), weight: 4 },
    { arbitrary: fc.dictionary(extraKey, anyJson, { minKeys: 1, maxKeys: 3 }), weight: 1 },
  );
  return fc.tuple(base, dropped, extras).map(([value, drop, extra]) => {
    const object: Record<string, unknown> = { ...extra, ...value };
    for (const key of drop) delete object[key];
    return object;
  });
}

/** Mostly valid, at every level sometimes not. */
export function fuzzValue(schema: JsonSchema, context: FuzzContext, name?: string): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: validValue(schema, context, name, true), weight: 5 }, { arbitrary: invalidValue(schema), weight: 1 });
}

/**
 * One plain valid value for a schema, the same every time: `hints` by field name first (real
 * ids), then the smallest value the schema allows.
 */
export function exampleOf(schema: JsonSchema, hints: Record<string, unknown> = {}, name?: string): unknown {
  if (name !== undefined && name in hints) return hints[name];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.[0]) return exampleOf(variants[0], hints, name);
  if (schema.enum?.length) return schema.enum[0];
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  switch (typeOf(schema)) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Math.max(1, (schema.minimum ?? 0) + (schema.exclusiveMinimum === true ? 1 : 0));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => exampleOf(schema.items ?? {}, hints));
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => (schema.required ?? []).includes(key) || key in hints)
          .map(([key, property]) => [key, exampleOf(property, hints, key)]),
      );
    case 'string':
      break;
    default:
      return null;
  }
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'date') return '2000-01-01';
  if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
  if (schema.pattern) return fc.sample(fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' }), { seed: 1, numRuns: 1 })[0];
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
}
