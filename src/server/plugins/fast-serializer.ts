import type { z } from 'zod';

type Write = (value: unknown) => string;

class ResponseShapeError extends Error {}

/** A kind check of a leaf value: the JavaScript condition on `v` and what the message calls it. */
const LEAVES = {
  string: { test: "typeof v === 'string'", expected: 'a string' },
  number: { test: "typeof v === 'number' && Number.isFinite(v)", expected: 'a number' },
  integer: { test: 'Number.isSafeInteger(v)', expected: 'an integer' },
  boolean: { test: "typeof v === 'boolean'", expected: 'true or false' },
} as const;

/**
 * A response schema turned once into a function that writes JSON: for the hottest reads, where
 * checking each answer against the zod schema and copying it (a quarter of a list read's time)
 * cost more than the read. The body is byte for byte what zod + JSON.stringify write: the schema's
 * keys only, in the schema's order, optional ones left out when undefined. Each value's kind is
 * still checked (string, integer, one of an enum's values, …) and a wrong one fails the answer as
 * zod's check would; what it does not do is apply `.trim()` or run refinements on the way out,
 * so use it only where the handler's values come from the database as the write path stored them.
 * A schema it cannot write (preprocess, transforms, defaults, unions) is refused when the route
 * is registered.
 *
 * How: generated code copies the answer into fresh objects of the schema's keys, checking each
 * value on the way, and JSON.stringify (native) writes the copy. One small function per object,
 * array and value of the schema: a shared walker reads every object's fields at the same few
 * places, which V8 cannot optimise for any one shape, and writing JSON text in JavaScript was
 * slower than JSON.stringify (measured: 34 against 17 µs for a devices and a list answer).
 * Nothing of a request reaches the source text: keys are written with JSON.stringify, the rest
 * are indexes.
 */
export function compileWriter(schema: z.ZodType): Write {
  const functions: string[] = [];
  /** The message of each check that can fail, by index. */
  const failures: string[] = [];
  const allowed: Array<Set<unknown>> = [];

  const fail = (path: string, expected: string) => `fail(${failures.push(`response field ${path || '(root)'} is not ${expected}`) - 1})`;
  const define = (body: string) => {
    const name = `c${functions.length}`;
    functions.push(`function ${name}(v) { ${body} }`);
    return name;
  };

  /** The name of a generated function answering a checked copy of its argument. */
  function emit(node: z.ZodType, path: string): string {
    const def = node._zod.def as unknown as Record<string, unknown> & { type: string };
    switch (def.type) {
      case 'object': {
        const fields = Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) => {
          const copy = emit(field, path ? `${path}.${key}` : key);
          const value = `v[${JSON.stringify(key)}]`;
          // JSON.stringify leaves out a key whose value is undefined, as zod leaves out an absent optional one.
          return field._zod.def.type === 'optional'
            ? `${JSON.stringify(key)}: ${value} === undefined ? undefined : ${copy}(${value})`
            : `${JSON.stringify(key)}: ${copy}(${value})`;
        });
        return define(`if (typeof v !== 'object' || v === null) return ${fail(path, 'an object')}; return { ${fields.join(', ')} };`);
      }
      case 'array': {
        const copy = emit(def.element as z.ZodType, `${path}[]`);
        return define(`if (!Array.isArray(v)) return ${fail(path, 'an array')}; return v.map((item) => ${copy}(item));`);
      }
      case 'optional':
      case 'nullable': {
        const copy = emit(def.innerType as z.ZodType, path);
        return define(`return v === ${def.type === 'nullable' ? 'null' : 'undefined'} ? v : ${copy}(v);`);
      }
      case 'string':
      case 'number':
      case 'boolean': {
        const integer = ((def.checks ?? []) as z.ZodType[]).some((check) => (check._zod.def as { format?: string }).format === 'safeint');
        const leaf = integer ? LEAVES.integer : LEAVES[def.type];
        return define(`return ${leaf.test} ? v : ${fail(path, leaf.expected)};`);
      }
      case 'enum':
      case 'literal': {
        const values = def.type === 'enum' ? Object.values(def.entries as object) : (def.values as unknown[]);
        const index = allowed.push(new Set(values)) - 1;
        return define(`return allowed[${index}].has(v) ? v : ${fail(path, `one of ${values.join(', ')}`)};`);
      }
      default:
        throw new Error(`compileWriter: ${path || 'the response'} is a ${def.type}, which it does not write; use the zod serializer`);
    }
  }

  const root = emit(schema, '');
  const failure = (index: number): never => {
    throw new ResponseShapeError(failures[index]);
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from our own schemas only (see above)
  const make = new Function('allowed', 'fail', `${functions.join('\n')}\nreturn ${root};`) as (
    allowed: Array<Set<unknown>>,
    fail: (index: number) => never,
  ) => (value: unknown) => unknown;
  const copy = make(allowed, failure);
  return (value) => JSON.stringify(copy(value));
}

/** Fastify's `serializerCompiler` for a route whose answers take the fast writer (see compileWriter): its response schemas are zod's. */
export function fastSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  return compileWriter(schema as z.ZodType);
}
