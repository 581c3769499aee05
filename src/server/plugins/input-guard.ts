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
      const path = findNul(value, '', 0);
      // Named like the schema validator's details: the field's path, or `body` for the whole.
      if (path !== null) return done(badRequest(NUL_MESSAGE, ErrorCode.VALIDATION_ERROR, { [path || 'body']: NUL_MESSAGE }));
    }
    done();
  });
}

/** The dotted path of the first string (or key) holding a NUL, or null. Nesting is bounded by the JSON parser's input size. */
function findNul(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null || depth > 64) return null;
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (key.includes('\u0000')) return path;
    const found = findNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
