import type { FastifyInstance } from 'fastify';

import { ErrorCode } from '@shared/api/errors';

import { badRequest } from '../errors';

const NUL_MESSAGE = 'Text must not contain NUL characters';

/**
 * PostgreSQL cannot store a NUL in text (it answers error 22021, which would be a 500) and no
 * field of ours has a use for one: any NUL in a path parameter, the query or a JSON body is
 * refused before validation, for the fields of every route, present and future. One pass over
 * the parsed values: linear in the size of the request.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Synchronous (done), not async: a promise per request for a check that never waits.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const value of [request.params, request.query, request.body]) {
      const path = findNul(value);
      // Named like the schema validator's details: the field's path, or `body` for the whole.
      if (path !== null) return done(badRequest(NUL_MESSAGE, ErrorCode.VALIDATION_ERROR, { [path || 'body']: NUL_MESSAGE }));
    }
    done();
  });
}

/** The dotted path of the first string (or key) holding a NUL, or null. Nesting is bounded by the JSON parser's input size. */
function findNul(value: unknown): string | null {
  return nulKeys(value, 0)?.reverse().join('.') ?? null;
}

/**
 * The keys down to the first NUL, innermost first, or null. No path is built on the way down:
 * every request's parameters, query and body pass here.
 */
function nulKeys(value: unknown, depth: number): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = nulKeys(value[index], depth + 1);
      if (found) return [...found, String(index)];
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    // A NUL in a key: the path is the object's own.
    if (key.includes('\u0000')) return [];
    const found = nulKeys((value as Record<string, unknown>)[key], depth + 1);
    if (found) return [...found, key];
  }
  return null;
}
