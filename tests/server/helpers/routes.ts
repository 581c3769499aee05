import type { FastifyInstance } from 'fastify';

import { ADMIN_TAGS, UNLISTED_TAGS } from '../../../src/server/plugins/api-docs';

/** A JSON Schema as the OpenAPI document holds it (converted from the routes' zod schemas). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

/** One method on one path of the API, read from the app itself: new routes are here without being listed. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path: `/api/lists/{id}/items`. */
  path: string;
  /** `POST /api/lists/{id}/items`, for test names and lookup tables. */
  key: string;
  /** Fastify's spelling, as GET /api/debug/routes lists it: `POST /api/lists/:id/items`. */
  route: string;
  tags: string[];
  /** Declares a bearer token (a user's, an admin's or a device credential). */
  secured: boolean;
  /** Tagged as needing an admin: a signed-in user who is not one gets 403. */
  adminOnly: boolean;
  /** Kept out of the public document at /api/docs. */
  unlisted: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema; null when the operation reads no JSON body. */
  body: JsonSchema | null;
  /** The multipart/form-data form's schema (files are `format: binary`); null when it takes none. */
  form: JsonSchema | null;
}

interface OpenApiOperation {
  tags?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Every operation of the API with its schemas: from the internal OpenAPI document
 * (`app.swagger()`), which holds all routes; the public one at /api/docs/json leaves the
 * unlisted ones out. api-docs.test.ts checks that it covers every route Fastify registered.
 */
export function operationsOf(app: FastifyInstance): Operation[] {
  const document = app.swagger() as unknown as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(document.paths)) {
    for (const [name, operation] of Object.entries(byMethod)) {
      const method = METHODS.find((candidate) => candidate.toLowerCase() === name);
      if (!method) continue;
      const tags = operation.tags ?? [];
      const parameters = operation.parameters ?? [];
      operations.push({
        method,
        path,
        key: `${method} ${path}`,
        route: `${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        tags,
        secured: (operation.security ?? []).length > 0,
        adminOnly: tags.some((tag) => ADMIN_TAGS.includes(tag)),
        unlisted: tags.some((tag) => UNLISTED_TAGS.includes(tag)),
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        form: operation.requestBody?.content?.['multipart/form-data']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** The operation's URL with its path parameters filled in (each value %-encoded unless `raw`). */
export function urlOf(operation: Pick<Operation, 'path'>, params: Record<string, string | number>, raw = false): string {
  return operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${operation.path}`);
    return raw ? String(value) : encodeURIComponent(String(value));
  });
}
