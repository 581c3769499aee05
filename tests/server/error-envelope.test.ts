import { createServer } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ErrorCode, errorResponseSchema } from '@shared/api/errors';

import { registerUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The security headers of an ordinary API answer: every error must carry the same. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

type Headers = Record<string, string | string[] | number | undefined>;

function securityHeadersOf(headers: Headers): Record<string, string> {
  return Object.fromEntries(SECURITY_HEADERS.map((name) => [name, String(headers[name])]));
}

function expectEnvelope(
  status: number,
  headers: Headers,
  text: string,
  expected: { status: number; code: string },
  normal: Record<string, string>,
) {
  expect({ status, contentType: String(headers['content-type']) }).toEqual({
    status: expected.status,
    contentType: expect.stringContaining('application/json'),
  });
  const body = errorResponseSchema.strict().parse(JSON.parse(text));
  expect(body.code).toBe(expected.code);
  expect(Object.values(ErrorCode)).toContain(body.code);
  expect(securityHeadersOf(headers)).toEqual(normal);
}

/** Errors Fastify meets before any route still answer like every other error. */
describe('errors however early', () => {
  let t: TestApp;
  let token: string;
  let normal: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await registerUser(t.api)).token;
    normal = securityHeadersOf((await t.app.inject({ method: 'GET', url: '/api/health' })).headers);
    expect(normal['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
  afterAll(async () => {
    await t.close();
  });

  type Case = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: string; headers?: Record<string, string> };
  const json = { 'content-type': 'application/json' };
  const early: [string, Case, { status: number; code: string }][] = [
    ['a malformed %-escape in a path parameter', { method: 'GET', url: '/api/lists/%zz' }, { status: 400, code: 'VALIDATION_ERROR' }],
    [
      'a malformed %-escape in a deeper path',
      { method: 'PUT', url: '/api/lists/%E0%A4%A/items', payload: '{}', headers: json },
      { status: 400, code: 'VALIDATION_ERROR' },
    ],
    ['an id of 101 characters', { method: 'GET', url: `/api/lists/${'a'.repeat(101)}/items` }, { status: 400, code: 'VALIDATION_ERROR' }],
    [
      'a catalogue id of 5000 digits',
      { method: 'GET', url: `/catalogue/apps/${'9'.repeat(5000)}` },
      { status: 400, code: 'VALIDATION_ERROR' },
    ],
    ['an unknown API path', { method: 'GET', url: '/api/no-such-thing' }, { status: 404, code: 'NOT_FOUND' }],
  ];

  it.each(early)('answers %s with the envelope and the security headers, signed in or not', async (_label, request, expected) => {
    for (const auth of [{}, { authorization: `Bearer ${token}` }]) {
      const res = await t.app.inject({ ...request, headers: { ...request.headers, ...auth } });
      expectEnvelope(res.statusCode, res.headers, res.body, expected, normal);
    }
  });

  const bodies: [string, Omit<Case, 'method' | 'url'>, { status: number; code: string }][] = [
    ['malformed JSON', { payload: '{"name": ', headers: json }, { status: 400, code: 'INVALID_JSON' }],
    ['an empty JSON body', { payload: '', headers: json }, { status: 400, code: 'INVALID_JSON' }],
    [
      'a body over the limit',
      { payload: JSON.stringify({ name: 'x'.repeat(70_000) }), headers: json },
      { status: 413, code: 'PAYLOAD_TOO_LARGE' },
    ],
    [
      'a body that is not JSON',
      { payload: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    ],
    [
      'a multipart body without a boundary',
      { payload: 'name=x', headers: { 'content-type': 'multipart/form-data' } },
      { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    ],
    [
      'a prototype-poisoning body',
      { payload: '{"__proto__": {"isAdmin": true}, "name": "x"}', headers: json },
      { status: 400, code: 'INVALID_JSON' },
    ],
  ];

  it.each(bodies)(
    'answers %s with the envelope and the security headers, on public and signed-in calls',
    async (_label, request, expected) => {
      const publicCall = await t.app.inject({ ...request, method: 'POST', url: '/api/auth/login' });
      expectEnvelope(publicCall.statusCode, publicCall.headers, publicCall.body, expected, normal);
      const signedIn = await t.app.inject({
        ...request,
        method: 'POST',
        url: '/api/lists',
        headers: { ...request.headers, authorization: `Bearer ${token}` },
      });
      expectEnvelope(signedIn.statusCode, signedIn.headers, signedIn.body, expected, normal);
    },
  );

  it('answers bytes that are not HTTP with the envelope and the security headers', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', text = ''] = raw.split('\r\n\r\n');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expectEnvelope(Number(statusLine.split(' ')[1]), headers, text, { status: 400, code: 'VALIDATION_ERROR' }, normal);
  });
});

describe('requests while the server shuts down', () => {
  it('answers 503 with the envelope and the security headers', async () => {
    const t = await createTestApp();
    const normal = securityHeadersOf((await t.app.inject({ method: 'GET', url: '/api/health' })).headers);
    await t.close();
    // A connection that was open before the shutdown still reaches the app's router.
    const server = createServer((request, response) => t.app.routing(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expectEnvelope(res.status, Object.fromEntries(res.headers), await res.text(), { status: 503, code: 'INTERNAL_ERROR' }, normal);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
