import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';

import { MULTIPART_CONTENT_TYPE, multipartPayload, percentEncode, type FormPart, type FuzzBody } from './helpers/fuzz';
import { FuzzWorld, seedOf, usualCaller, type FuzzRequest } from './helpers/fuzz-world';
import type { JsonSchema, Operation } from './helpers/routes';
import { validValue } from './helpers/schema-values';

/**
 * fuzz.test.ts's checks, deterministic: a valid request to each operation with one input at a
 * time (a path parameter, a query parameter, a JSON or form field) replaced by a value that
 * the databases treat differently. A NUL is text to SQLite and an error to PostgreSQL; an
 * integer past 2^31 fits SQLite's columns and not PostgreSQL's `integer`.
 */
const ODD_STRINGS = ['a\u0000b', '\ud800', '\uffff', 'a\u202eb'];
const ODD_INTEGERS = [2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER];
const SEED = 20261122;

const world = await FuzzWorld.create();
afterAll(async () => {
  await world.close();
});

const oddValuesFor = (schema: JsonSchema): unknown[] => (['integer', 'number'].includes(String(schema.type)) ? ODD_INTEGERS : ODD_STRINGS);

interface Input {
  segments: unknown[];
  query: Record<string, unknown>;
  json: Record<string, unknown> | null;
  form: Record<string, unknown> | null;
}

/** Schema-valid values for every input, the same each run (a seeded sample; real ids where the schema takes one). */
function validInput(operation: Operation): Input {
  const known = world.context(operation);
  const sample = (schema: JsonSchema, name?: string) =>
    fc.sample(validValue(schema, known, name), { seed: seedOf(SEED, operation), numRuns: 1 })[0];
  const object = (schema: JsonSchema | null) => (schema ? (sample(schema) as Record<string, unknown>) : null);
  return {
    segments: operation.pathParams.map((parameter) => sample(parameter.schema, parameter.name)),
    query: Object.fromEntries(
      operation.queryParams
        .filter((parameter) => parameter.required)
        .map((parameter) => [parameter.name, sample(parameter.schema, parameter.name)]),
    ),
    json: object(operation.body),
    form: object(operation.form),
  };
}

function toRequest(operation: Operation, input: Input, label: string): FuzzRequest {
  const query = Object.entries(input.query).map(([name, value]) => `${percentEncode(name)}=${percentEncode(String(value))}`);
  const isFile = (name: string) => operation.form?.properties?.[name]?.format === 'binary';
  const parts = (form: Record<string, unknown>): FormPart[] =>
    Object.entries(form).map(([name, value]) => ({ name, value: isFile(name) ? world.png : value }));
  const body: FuzzBody = input.form
    ? { label, contentType: MULTIPART_CONTENT_TYPE, payload: multipartPayload(parts(input.form)) }
    : input.json
      ? { label, contentType: 'application/json', payload: JSON.stringify(input.json) }
      : { label };
  return {
    caller: usualCaller(operation),
    forged: '',
    segments: input.segments.map((value) => percentEncode(String(value))),
    query: query.length > 0 ? `?${query.join('&')}` : '',
    body,
    deviceHeader: world.ownDevice,
  };
}

/** The valid request once per input and odd value for it, with only that input changed. */
function variants(operation: Operation): FuzzRequest[] {
  const valid = validInput(operation);
  const out: FuzzRequest[] = [];
  operation.pathParams.forEach((parameter, index) => {
    // A path segment is text whatever its schema says.
    for (const odd of new Set([...ODD_STRINGS, ...oddValuesFor(parameter.schema)])) {
      out.push(
        toRequest(
          operation,
          { ...valid, segments: valid.segments.map((value, at) => (at === index ? odd : value)) },
          `path {${parameter.name}}`,
        ),
      );
    }
  });
  for (const parameter of operation.queryParams) {
    for (const odd of new Set([...ODD_STRINGS, ...oddValuesFor(parameter.schema)])) {
      out.push(toRequest(operation, { ...valid, query: { ...valid.query, [parameter.name]: odd } }, `query ${parameter.name}`));
    }
  }
  for (const [part, schema] of [
    ['json', operation.body],
    ['form', operation.form],
  ] as const) {
    for (const [name, property] of Object.entries(schema?.properties ?? {})) {
      if (property.format === 'binary') continue;
      for (const odd of oddValuesFor(property))
        out.push(toRequest(operation, { ...valid, [part]: { ...valid[part], [name]: odd } }, `valid ${part} but ${name}`));
    }
  }
  return out;
}

it.each(world.operations.map((operation) => [operation.key, operation] as const))(
  '%s takes one odd value in each input without a 5xx',
  async (_key, operation) => {
    await world.restore();
    const failures: string[] = [];
    for (const variant of variants(operation)) {
      await world.send(operation, variant).catch((error: unknown) => failures.push(error instanceof Error ? error.message : String(error)));
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  },
);
