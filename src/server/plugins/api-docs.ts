import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The 4xx statuses an operation can document; each is one shared response of the `{code, message}` envelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 406 | 409 | 413 | 426 | 429;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The 4xx answers the handler gives beyond those every route of its kind gives (400 for a
     * route with input, 401 and 403 for a secured one, 404 for one with a path parameter, 429
     * for a rate-limited one): e.g. `[409]` where the service throws a conflict.
     */
    'x-errors'?: readonly ErrorStatus[];
  }
}

/** Marks an onRequest hook that counts calls and refuses past a limit (429): the document says so. */
export const RATE_LIMITED = Symbol('rate-limited');

/** Tags of routes only an admin may call: tag every such route 'admin' (api-docs.test.ts checks it). */
export const ADMIN_TAGS: readonly string[] = ['admin', 'debug'];
/**
 * Routes the public document leaves out: the admin ones (a list of admin routes only helps an
 * attacker; docs/security.md) and the agent's own protocol.
 */
export const UNLISTED_TAGS: readonly string[] = [...ADMIN_TAGS, 'agent'];

const BEARER_DESCRIPTION = [
  'Either the access token of a signed-in session (a JWT from `POST /api/auth/login`), or a personal API key.',
  'API keys are part of Premium and Annual Premium: create one in Settings → API Keys (it is shown once), then send',
  '`Authorization: Bearer lo_live_…` on the same API as the web app, e.g.',
  '`curl -H "Authorization: Bearer lo_live_…" https://<server>/api/lists`. A key acts with its owner\'s rights, except',
  'for account-sensitive calls (changing the e-mail or password, deleting the account, creating keys, payments), which',
  'answer 403 `SESSION_REQUIRED`. A revoked or unknown key answers 401 `API_KEY_INVALID`; once the plan no longer',
  'includes API access, 403 `PLAN_FEATURE_REQUIRED`.',
].join(' ');

/**
 * OpenAPI built from the routes' zod schemas: JSON at /api/docs/json, YAML at /api/docs/yaml
 * and a browsable UI at /api/docs, without the unlisted routes. `app.swagger()` keeps every
 * route: the tests walk it, and admins read the full route list at /api/debug/routes.
 */
/** What a receiver needs, where the web app's secret dialog sends its reader (/api/docs#/webhooks). */
const WEBHOOKS_DESCRIPTION = [
  'Loadout posts each event an endpoint subscribed to as JSON `{id, type, createdAt, data}`, with the headers',
  '`Loadout-Event`, `Loadout-Delivery` and `Loadout-Signature: t=<unix seconds>,v1=<hex>`.',
  '',
  "**Verifying**: compute HMAC-SHA256 of `<t>.<raw body>` keyed with the endpoint's `whsec_…` secret, compare it with `v1`",
  'in constant time, and refuse a `t` more than five minutes away from now. Use the raw bytes received, before parsing.',
  '',
  'Any 2xx within 10 seconds is a success; otherwise the delivery is tried again after 1 and 5 minutes, half an hour,',
  '2, 6, 12 and 24 hours. An endpoint failing for a day is turned off and its owner told by mail. Redirects are not',
  'followed, and only public addresses are posted to. The same event to the same endpoint keeps its `id`: a receiver',
  'that must act once keeps the ids it has seen.',
].join('\n');

export async function registerApiDocs(app: FastifyInstance, version: string, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Loadout API',
        version,
        description: 'REST API of Loadout. Errors answer `{code, message}`.',
        license: { name: 'Proprietary', url: `${publicUrl}/` },
      },
      servers: [{ url: publicUrl, description: 'This server' }],
      tags: [{ name: 'webhooks', description: WEBHOOKS_DESCRIPTION }],
      components: {
        schemas: { Error: ERROR_SCHEMA },
        responses: ERROR_RESPONSES,
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: BEARER_DESCRIPTION,
          },
        },
      },
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      return { ...result, schema: { ...withFileResponse(result.schema), 'x-errors': errorStatusesOf(input.route) } };
    },
    transformObject: (documentObject) =>
      'openapiObject' in documentObject ? withErrorResponses(documentObject.openapiObject as Paths) : documentObject.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Called on a fresh copy of the full document for every request of /json and /yaml.
    transformSpecification: (document) => publicDocument(document),
  });
}

interface DocumentedOperation {
  tags?: string[];
  responses?: Record<string, unknown>;
  'x-errors'?: ErrorStatus[];
}

interface Paths {
  paths?: Record<string, Record<string, DocumentedOperation>>;
  components?: { responses?: Record<string, unknown> };
}

const ERROR_SCHEMA = {
  type: 'object' as const,
  description: 'The one error envelope: a stable code to branch on and a message a person can read.',
  properties: {
    code: { type: 'string' as const, example: 'VALIDATION_ERROR' },
    message: { type: 'string' as const, example: 'Name is required' },
    details: {
      type: 'object' as const,
      additionalProperties: { type: 'string' as const },
      description:
        'For validation errors: field path → message. OWN_APP_EXISTS on adding an app also gives appId, the id of your app that has the package id.',
    },
  },
  required: ['code', 'message'],
};

const ERROR_NAMES: Record<ErrorStatus, [string, string]> = {
  400: ['BadRequest', 'The input is not valid (VALIDATION_ERROR with details per field, INVALID_JSON, or a code of its own)'],
  401: ['Unauthorized', 'No valid access token or API key (AUTHENTICATION_REQUIRED, TOKEN_EXPIRED, API_KEY_INVALID, …)'],
  403: ['Forbidden', 'Signed in but not allowed: not an admin, the plan lacks the feature, or an API key on a call that needs a session'],
  404: ['NotFound', 'Nothing of that id is yours (another user’s answers the same)'],
  406: ['NotAcceptable', 'The call answers only the media type its description names (send that Accept header)'],
  409: ['Conflict', 'The change clashes with what is there (a name or package id in use, a state that does not allow it)'],
  413: ['PayloadTooLarge', 'The request body is too large'],
  426: ['UpgradeRequired', 'This address takes a WebSocket connection'],
  429: ['TooManyRequests', 'Too many calls; retry after the Retry-After header'],
};

const ERROR_RESPONSES = Object.fromEntries(
  Object.values(ERROR_NAMES).map(([name, description]) => [
    name,
    { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
  ]),
);

/** What a route answers besides success, read from what it is: its input, its security, its path, its hooks. */
function errorStatusesOf(route: RouteOptions): ErrorStatus[] {
  const schema = route.schema ?? {};
  const statuses = new Set<ErrorStatus>(schema['x-errors'] ?? []);
  if (schema.body || schema.querystring || schema.params || schema.headers) statuses.add(400);
  if (schema.body) statuses.add(413);
  if ((schema.security ?? []).length > 0) statuses.add(401).add(403);
  if (route.url.includes(':')) statuses.add(404);
  const hooks = [route.onRequest ?? []].flat() as unknown[];
  if (hooks.some((hook) => typeof hook === 'function' && RATE_LIMITED in hook)) statuses.add(429);
  return [...statuses].sort();
}

/** A download (a route that `produces` a file type and declares no success body) answers the file's bytes. */
function withFileResponse(schema: FastifySchema): FastifySchema {
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const [type] = schema.produces ?? [];
  if (!type || Object.keys(response).some((status) => status.startsWith('2'))) return schema;
  const file = { description: 'The file', content: { [type]: { schema: { type: 'string', format: 'binary' } } } };
  return { ...schema, response: { 200: file, ...response } };
}

/** Turns each operation's `x-errors` into responses that point at the shared error responses. */
function withErrorResponses<T extends Paths>(document: T): T {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const status of operation['x-errors'] ?? []) {
        operation.responses = { ...operation.responses, [status]: { $ref: `#/components/responses/${ERROR_NAMES[status][0]}` } };
      }
      delete operation['x-errors'];
    }
  }
  return document;
}

function publicDocument<T extends Paths>(document: T): T {
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation.tags?.some((tag) => UNLISTED_TAGS.includes(tag))) delete operations[method];
    }
    if (Object.keys(operations).length === 0) delete document.paths?.[path];
  }
  // The agent's WebSocket is unlisted: its 426 is not a response anyone reading this document meets.
  const used = JSON.stringify(document.paths);
  const responses = document.components?.responses ?? {};
  for (const name of Object.keys(responses)) if (!used.includes(`#/components/responses/${name}"`)) delete responses[name];
  return document;
}
