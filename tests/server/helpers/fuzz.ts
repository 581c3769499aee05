import fc from 'fast-check';

import { DEFAULT_BODY_LIMIT } from '../../../src/server/app';
import type { JsonSchema, Operation, Parameter } from './routes';
import { extraKey, fuzzValue, invalidValue, nastyString, typeOf, validValue, type FuzzContext } from './schema-values';

/**
 * What the fuzz tests send: odd path segments, query strings, and bodies (JSON from the
 * schema, malformed JSON, wrong content types, huge bodies, multipart whole or broken).
 */

export interface FuzzBody {
  label: string;
  payload?: string | Buffer;
  contentType?: string;
}

/** UTF-8 percent-encoding of everything but unreserved characters; lone surrogates become U+FFFD, as browsers send them. */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const oddSegment = fc.oneof(
  fc.constantFrom(65, 101, 1000, 4000).map((length) => 'a'.repeat(length)),
  fc.constantFrom(
    '%zz',
    '%',
    '%%',
    '%E0%A4%A',
    '%00',
    '%2F',
    '%2e%2e',
    '..',
    '.',
    '%C0%AF',
    '%ff',
    '%u0041',
    ';',
    '1;2',
    '1,2',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x1F',
    '9007199254740993',
    '99999999999999999999',
    'NaN',
    'Infinity',
    '%20',
    '+',
    '~',
    '%F0%9F%92%A5',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(percentEncode),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(percentEncode),
  // Bytes that are not UTF-8.
  fc
    .uint8Array({ minLength: 1, maxLength: 12 })
    .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
);

/** A raw path segment (already encoded, or deliberately not). */
export function pathSegment(parameter: Parameter, context: FuzzContext): fc.Arbitrary<string> {
  const valid = validValue(parameter.schema, context, parameter.name).map((value) => percentEncode(String(value)));
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: oddSegment, weight: 2 });
}

const oddQuery = fc.constantFrom(
  '%zz=1',
  'a=%',
  '&&',
  '=',
  '__proto__=1',
  'constructor=1',
  'a[b]=1',
  `x=${'y'.repeat(10_000)}`,
  'a=%00',
  'a=%ff%fe',
);

/** `?…` with the operation's query parameters, some wrong, absent, repeated, or junk besides. */
export function queryString(parameters: readonly Parameter[], context: FuzzContext): fc.Arbitrary<string> {
  const value = (parameter: Parameter) =>
    fc.option(
      fc.oneof(
        { arbitrary: validValue(parameter.schema, context, parameter.name), weight: 4 },
        { arbitrary: invalidValue(parameter.schema), weight: 1 },
      ),
      { freq: 4 },
    );
  const encode = (raw: unknown) => percentEncode(typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? ''));
  return fc
    .tuple(
      fc.tuple(...parameters.map(value)),
      fc.boolean(),
      fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: oddQuery, weight: 1 }),
    )
    .map(([values, repeat, junk]) => {
      const parts = parameters.flatMap((parameter, index) =>
        values[index] === null ? [] : [`${percentEncode(parameter.name)}=${encode(values[index])}`],
      );
      if (repeat && parts[0]) parts.push(parts[0]);
      if (junk) parts.push(junk);
      return parts.length > 0 ? `?${parts.join('&')}` : '';
    });
}

const json =
  (label: string) =>
  (text: string): FuzzBody => ({ label, payload: text, contentType: 'application/json' });

const malformedJson = fc.constantFrom(
  '{',
  '[',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}garbage',
  'nul',
  '"unterminated',
  '{"a":"\\x"}',
  '{"a":1e999}',
  '{"a":123456789012345678901234567890}',
  '\uFEFF{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
);

const wrongContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/vnd.api+json',
  '*/*',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=fuzz',
  'text/html; charset=utf-8',
  'application/json, text/plain',
  ';',
];

export interface FormPart {
  name: string;
  value: unknown;
}

const BOUNDARY = '----fuzz7MA4YWxkTrZu0gW';
export const MULTIPART_CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart/form-data body as browsers write it: Buffers as files, anything else as text fields. */
export function multipartPayload(parts: readonly FormPart[], closed = true): Buffer {
  const chunks = parts.map((part) => {
    const name = part.name.replace(/["\r\n]/g, '_');
    const head = Buffer.isBuffer(part.value)
      ? `Content-Disposition: form-data; name="${name}"; filename="icon.png"\r\nContent-Type: image/png`
      : `Content-Disposition: form-data; name="${name}"`;
    const data = Buffer.isBuffer(part.value)
      ? part.value
      : Buffer.from(typeof part.value === 'string' ? part.value : (JSON.stringify(part.value) ?? ''));
    return Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n${head}\r\n\r\n`), data, Buffer.from('\r\n')]);
  });
  return Buffer.concat([...chunks, Buffer.from(closed ? `--${BOUNDARY}--\r\n` : '')]);
}

/** multipart/form-data from the form's schema (files `format: binary`), whole or broken. */
function multipartBody(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<FuzzBody> {
  const properties = Object.entries(schema.properties ?? {});
  const file = fc.oneof(
    fc.constantFrom(...context.files),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  );
  const field = ([name, propertySchema]: [string, JsonSchema]) =>
    fc
      .option(propertySchema.format === 'binary' ? file : fuzzValue(propertySchema, context, name), { freq: 6 })
      .map((value): FormPart => ({ name, value }));
  const extras = fc.array(
    fc.record({ name: fc.oneof(extraKey, nastyString), value: fc.oneof<fc.Arbitrary<unknown>[]>(nastyString, file) }),
    { maxLength: 2 },
  );
  return fc
    .tuple(
      fc.tuple(...properties.map(field)),
      extras,
      fc.constantFrom('whole', 'whole', 'whole', 'truncated', 'no closing boundary', 'other boundary', 'no boundary'),
      fc.nat(),
    )
    .map(([fields, extra, damage, cut]) => {
      const all = [...fields, ...extra].filter((part) => part.value !== null);
      const whole = multipartPayload(all, damage !== 'no closing boundary');
      const payload = damage === 'truncated' ? whole.subarray(0, cut % Math.max(whole.length, 1)) : whole;
      const contentType =
        damage === 'no boundary'
          ? 'multipart/form-data'
          : `multipart/form-data; boundary=${damage === 'other boundary' ? 'somethingelse' : BOUNDARY}`;
      return { label: `multipart (${damage})`, payload, contentType };
    });
}

/** A body for the operation: mostly from its schema, often broken in one of many ways. */
export function requestBody(operation: Operation, context: FuzzContext): fc.Arbitrary<FuzzBody> {
  const schema = operation.body ?? operation.form ?? { type: 'object' };
  const fromSchema = fuzzValue(schema, context)
    .map((value) => JSON.stringify(value) ?? 'null')
    .map(json('json from the schema'));
  const truncated = fc
    .tuple(fromSchema, fc.nat())
    .map(([body, cut]) => json('truncated json')(String(body.payload).slice(0, cut % Math.max(String(body.payload).length, 1))));
  const firstString = Object.entries(schema.properties ?? {}).find(([, property]) => typeOf(property) === 'string')?.[0] ?? 'x';
  const huge = fc
    .tuple(
      fc.oneof(
        { arbitrary: fc.constantFrom(DEFAULT_BODY_LIMIT - 100, DEFAULT_BODY_LIMIT + 1, 600 * 1024 + 1), weight: 6 },
        { arbitrary: fc.constant(6 * 1024 * 1024), weight: 1 },
      ),
      fc.constantFrom('x', 'é', ' '),
    )
    .map(([size, fill]) => json(`huge json (${size} characters)`)(JSON.stringify({ [firstString]: fill.repeat(size) })));
  const weightOfSchema = operation.body ? 6 : 1;
  return fc.oneof(
    { arbitrary: fromSchema, weight: weightOfSchema },
    {
      arbitrary: operation.form ? multipartBody(operation.form, context) : multipartBody({ type: 'object' }, context),
      weight: operation.form ? 6 : 1,
    },
    { arbitrary: truncated, weight: 1 },
    { arbitrary: malformedJson.map(json('malformed json')), weight: 1 },
    { arbitrary: fc.constantFrom('null', '0', '"text"', '[]', '[{}]', 'true').map(json('json that is not an object')), weight: 1 },
    {
      arbitrary: fc
        .tuple(fromSchema, fc.constantFrom(...wrongContentTypes))
        .map(([body, contentType]) => ({ ...body, label: `wrong content type ${contentType}`, contentType })),
      weight: 1,
    },
    { arbitrary: huge, weight: 1 },
    {
      arbitrary: fc.constantFrom<FuzzBody>({ label: 'no body' }, { label: 'empty json', payload: '', contentType: 'application/json' }),
      weight: operation.body || operation.form ? 1 : 4,
    },
  );
}

/** Control and invisible characters as <U+0000>, runs of one character as «x × 5000», then at most `length` characters. */
export function shorten(text: string, length = 600): string {
  const escape = (character: string) =>
    /^[\p{L}\p{N}\p{P}\p{S} ]$/u.test(character)
      ? character
      : character
          .split('')
          .map((unit) => `<U+${unit.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}>`)
          .join('');
  const characters = [...text];
  let shown = '';
  for (let start = 0; start < characters.length;) {
    let end = start;
    while (end < characters.length && characters[end] === characters[start]) end += 1;
    shown +=
      end - start >= 16 ? `«${escape(characters[start] ?? '')} × ${end - start}»` : characters.slice(start, end).map(escape).join('');
    start = end;
  }
  return shown.length > length ? `${shown.slice(0, length)}… (${text.length} characters)` : shown;
}

/** JSON with each string shortened, or the text shortened. */
export function describePayload(text: string): string {
  try {
    return shorten(
      JSON.stringify(JSON.parse(text), (_key, value: unknown) => (typeof value === 'string' ? shorten(value, 120) : value)),
      1200,
    );
  } catch {
    return shorten(text);
  }
}
