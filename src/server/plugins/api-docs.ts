import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Tags of routes only an admin may call: tag every such route 'admin' (api-docs.test.ts checks it). */
export const ADMIN_TAGS: readonly string[] = ['admin', 'debug'];
/**
 * Routes the public document leaves out: the admin ones (a route list helps attackers, DESIGN
 * §5) and the agent's own protocol.
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
export async function registerApiDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Loadout API', version, description: 'REST API of Loadout. Errors answer `{code, message}`.' },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: BEARER_DESCRIPTION,
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Called on a fresh copy of the full document for every request of /json and /yaml.
    transformSpecification: (document) => publicDocument(document),
  });
}

interface Paths {
  paths?: Record<string, Record<string, { tags?: string[] }>>;
}

function publicDocument<T extends Paths>(document: T): T {
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation.tags?.some((tag) => UNLISTED_TAGS.includes(tag))) delete operations[method];
    }
    if (Object.keys(operations).length === 0) delete document.paths?.[path];
  }
  return document;
}
