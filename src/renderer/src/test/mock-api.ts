import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { z } from 'zod';

import { ErrorCode, errorResponseSchema, type ErrorResponse } from '@shared/api/errors';

import { apiContract, findOperation, type ApiOperation, type ConcretePath } from './api-contract';

/** One recorded request, as the server would have seen it. */
export interface RecordedCall {
  method: string;
  /** The path, without origin or query. */
  url: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
  /** Lower-case names. */
  headers: Record<string, string>;
}

type Contract = typeof apiContract;
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503;

/** What the one error handler sends: `{code, message, details?}` with a code of the shared list. */
export type ErrorReply = {
  status: ErrorStatus;
  data: Omit<ErrorResponse, 'code'> & { code: ErrorCode };
  headers?: Record<string, string>;
};
export type SuccessReply<Op extends ApiOperation> = {
  status: Contract[Op]['statuses'][number];
  /** The wire shape: the input type of the route's response schema. */
  data: z.input<Contract[Op]['schema']>;
  headers?: Record<string, string>;
};
export type MockReply<Op extends ApiOperation = ApiOperation> = Op extends ApiOperation ? SuccessReply<Op> | ErrorReply : never;
export type MockRoute<Op extends ApiOperation = ApiOperation> =
  MockReply<Op> | ((call: RecordedCall) => MockReply<Op> | Promise<MockReply<Op>>);

/** The operations whose concrete keys also fit P's (`PUT /api/lists/:id` also covers `…/:id/items`). */
type OperationsUnder<P extends ApiOperation> = {
  [Op in ApiOperation]: ConcretePath<Op> extends ConcretePath<P> ? Op : never;
}[ApiOperation];

/** Keys are concrete calls, "GET /api/lists/l1/items"; one that fits no contract operation does not compile. */
export type MockRoutes = { [P in ApiOperation as ConcretePath<P>]?: MockRoute<OperationsUnder<P>> };

const NOT_FOUND = { code: ErrorCode.NOT_FOUND, message: 'Not found' } satisfies ErrorResponse;
const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/catalogue/');
const sameOrigin = (url: URL) => typeof location !== 'undefined' && url.origin === location.origin;

/** Started once for DOM tests by tests/fixtures/unit-setup.ts; handlers reset after each test. */
export const apiServer = setupServer(
  // An API path no test answers is a missing route, as on a server without it.
  http.all('*', ({ request }) => {
    const url = new URL(request.url);
    return sameOrigin(url) && isApiPath(url.pathname) ? HttpResponse.json(NOT_FOUND, { status: 404 }) : undefined;
  }),
);

const errorCodes = new Set<unknown>(Object.values(ErrorCode));
const envelopeSchema = z.strictObject({
  ...errorResponseSchema.shape,
  code: z.custom<ErrorCode>((code) => errorCodes.has(code), { error: (issue) => `${JSON.stringify(issue.input)} is no ErrorCode` }),
});

/** Replies that broke the contract inside a request, where a throw would only become a 500: the setup fails the test with them. */
const violations: string[] = [];

export function takeContractViolations(): string[] {
  return violations.splice(0);
}

/** The body the server would put on the wire for this reply, or why no server sends it. */
function wireBody(
  key: string,
  operation: ApiOperation,
  reply: { status: number; data?: unknown },
): { body: unknown } | { problem: string } {
  const fail = (what: string) => ({ problem: `mockApi: the reply to "${key}" (${operation}) is no answer the server sends: ${what}` });
  if (reply.status >= 400) {
    const envelope = envelopeSchema.safeParse(reply.data);
    return envelope.success
      ? { body: envelope.data }
      : fail(`an error is the {code, message, details?} envelope of src/shared/api/errors.ts\n${z.prettifyError(envelope.error)}`);
  }
  const { schema, statuses } = apiContract[operation];
  if (!(statuses as readonly number[]).includes(reply.status))
    return fail(`status ${reply.status}, the route answers ${statuses.join(' or ')}`);
  const parsed = schema.safeParse(reply.data);
  if (!parsed.success) return fail(`data does not match its response schema\n${z.prettifyError(parsed.error)}`);
  // As the route's serializer does: keys the schema does not know never reach the client.
  const encoded = z.safeEncode(schema, parsed.data);
  return { body: encoded.success ? encoded.data : reply.data };
}

function toResponse(operation: ApiOperation, reply: MockReply, body: unknown): Response {
  if (apiContract[operation].kind === 'file' && reply.status < 400) {
    return new HttpResponse(String(body), { status: reply.status, headers: { 'content-type': 'text/plain', ...reply.headers } });
  }
  return new HttpResponse(JSON.stringify(body), {
    status: reply.status,
    headers: { 'content-type': 'application/json', ...reply.headers },
  });
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

/**
 * Answers the web app's API calls for one test, through msw: the real axios client, its
 * interceptors and 401 policy run. Routes are keyed "METHOD /path"; every reply must be one
 * the server sends (test/api-contract.ts), checked when mocked and when answered. An API path
 * with no route answers 404 like a missing API.
 */
export function mockApi(routes: MockRoutes) {
  const calls: RecordedCall[] = [];
  const table = new Map<string, { operation: ApiOperation; route: MockRoute }>();
  for (const [key, route] of Object.entries(routes) as [string, MockRoute][]) {
    const operation = findOperation(key);
    if (!operation) throw new Error(`mockApi: "${key}" is no call in test/api-contract.ts`);
    if (typeof route !== 'function') {
      const checked = wireBody(key, operation, route);
      if ('problem' in checked) throw new Error(checked.problem);
    }
    table.set(key, { operation, route });
  }

  apiServer.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      if (!sameOrigin(url) || !isApiPath(url.pathname)) return undefined;
      const call: RecordedCall = {
        method: request.method.toUpperCase(),
        url: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: undefined,
        authorization: request.headers.get('authorization'),
        headers: Object.fromEntries([...request.headers].map(([name, value]) => [name.toLowerCase(), value])),
      };
      calls.push(call);
      call.body = await readBody(request.clone());
      const key = `${call.method} ${call.url}`;
      const entry = table.get(key);
      if (!entry) return HttpResponse.json(NOT_FOUND, { status: 404 });
      const reply = typeof entry.route === 'function' ? await entry.route(call) : entry.route;
      const checked = wireBody(key, entry.operation, reply);
      if ('problem' in checked) {
        violations.push(checked.problem);
        return HttpResponse.json({ code: ErrorCode.INTERNAL_ERROR, message: checked.problem }, { status: 500 });
      }
      return toResponse(entry.operation, reply, checked.body);
    }),
  );
  return {
    calls,
    callsTo: (method: string, url: string) => calls.filter((call) => call.method === method && call.url === url),
  };
}
