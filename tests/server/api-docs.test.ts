import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loginUser, registerUser, type ApiError, type RegisteredUser, type SessionBody } from './helpers/factories';
import { operationsOf, urlOf, type Operation } from './helpers/routes';
import { createTestApp, type TestApp } from './helpers/test-app';

interface DocumentOperation {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, unknown>;
}

interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, DocumentOperation>>;
}

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

/** Redocly's CLI, as a customer's CI would run it: no telemetry, no update check (it would reach the network). */
async function redoclyLint(document: unknown): Promise<LintReport> {
  const dir = await mkdtemp(join(tmpdir(), 'loadout-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const cli = join(process.cwd(), 'node_modules/@redocly/cli/bin/cli.js');
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const args = [cli, 'lint', file, '--extends=recommended', '--format=json', '--max-problems=1000'];
    // The CLI exits 1 when it finds errors: its report is on stdout either way.
    const stdout = await promisify(execFile)(process.execPath, args, { env, maxBuffer: 16 * 1024 * 1024 }).then(
      (result) => result.stdout,
      (error: { stdout?: string }) => error.stdout ?? '',
    );
    return JSON.parse(stdout) as LintReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const listedOperations = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );

/** The public API document lists the public API, not the admin console. */
describe('API documents', () => {
  let t: TestApp;
  let admin: RegisteredUser;
  let member: RegisteredUser;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerUser(t.api);
    member = await registerUser(t.api);
    expect([admin.user.isAdmin, member.user.isAdmin]).toEqual([true, false]);
    operations = operationsOf(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The member's session, signed in again if an earlier call (logout, deactivate-current) ended it. */
  async function memberToken(): Promise<string> {
    if ((await t.api.get('/api/auth/verify', member.token)).status !== 200) {
      const session: SessionBody = await loginUser(t.api, member.email, member.password);
      member = { ...member, ...session };
    }
    return member.token;
  }

  const sample = (operation: Operation) => urlOf(operation, Object.fromEntries(operation.pathParams.map((param) => [param.name, '1'])));

  it('leaves admin, debug and agent routes out of the public document, and keeps the others', async () => {
    const res = await t.api.get<OpenApiDocument>('/api/docs/json');
    expect(res.status).toBe(200);
    const listed = Object.entries(res.body.paths).flatMap(([path, byMethod]) =>
      Object.keys(byMethod).map((method) => `${method.toUpperCase()} ${path}`),
    );

    expect(listed.filter((key) => /^\S+ \/api\/(admin|debug|agent)\//.test(key))).toEqual([]);
    expect(listed.filter((key) => key.includes(' /catalogue/') && !key.startsWith('GET '))).toEqual([]);
    expect(listed).toEqual(
      expect.arrayContaining(['GET /api/lists', 'POST /api/auth/login', 'GET /catalogue/apps', 'GET /catalogue/apps/{id}']),
    );
    expect(listed.sort()).toEqual(
      operations
        .filter((operation) => !operation.unlisted)
        .map((operation) => operation.key)
        .sort(),
    );

    const yaml = await t.api.get('/api/docs/yaml');
    expect(yaml.status).toBe(200);
    expect(String(yaml.body)).toContain('/api/lists');
    expect(String(yaml.body)).not.toMatch(/\/api\/(admin|debug)\//);
  });

  it('tags every route that refuses a signed-in user for not being an admin, and only those', async () => {
    const refused: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.secured)) {
      const res = await t.api.request<ApiError>({ method: operation.method, url: sample(operation), token: await memberToken() });
      if (res.status === 403 && res.body.code === 'FORBIDDEN') refused.push(operation.key);
    }
    expect(refused.sort()).toEqual(
      operations
        .filter((operation) => operation.adminOnly)
        .map((operation) => operation.key)
        .sort(),
    );
    expect(refused).toEqual(
      expect.arrayContaining([
        'GET /api/admin/users',
        'POST /catalogue/apps',
        'DELETE /catalogue/categories/{id}',
        'GET /api/debug/routes',
      ]),
    );
  });

  it('lists every route for an admin at /api/debug/routes, and the internal document covers each one', async () => {
    expect((await t.api.get('/api/debug/routes')).status).toBe(401);
    expect((await t.api.get<ApiError>('/api/debug/routes', await memberToken())).body.code).toBe('FORBIDDEN');

    const res = await t.api.get<{ routes: string[] }>('/api/debug/routes', admin.token);
    expect(res.status).toBe(200);
    expect(res.body.routes).toEqual(
      expect.arrayContaining(['GET /api/admin/users', 'POST /catalogue/apps', 'DELETE /catalogue/apps/:id', 'GET /api/debug/routes']),
    );
    // What the fuzz and IDOR tests walk (operationsOf) is every route Fastify has.
    const documented = operations.map((operation) => operation.route).sort();
    expect(res.body.routes.filter((route) => !route.includes(' /api/docs')).sort()).toEqual(documented);
  });

  it('passes Redocly’s recommended rules with no error, and warns only of calls that can answer no 4xx', async () => {
    const document = (await t.api.get<OpenApiDocument>('/api/docs/json')).body;
    const report = await redoclyLint(document);

    expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // What is left: a few reads that take no input and need no sign-in (health, config, …).
    const warned = report.problems.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`);
    expect(warned.filter((warning) => !warning.startsWith('operation-4xx-response '))).toEqual([]);
    expect(report.totals.warnings).toBeLessThanOrEqual(4);
    for (const { operation } of listedOperations(document).filter(({ operation }) => operation.security?.length !== 0)) {
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['401', '403']));
    }
  }, 60_000);

  it('names every operation with a unique operationId and says of each whether it needs a token', async () => {
    const internal = t.app.swagger() as unknown as OpenApiDocument;
    const all = listedOperations(internal);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(all.filter(({ operation }) => !/^[a-z][A-Za-z]+$/.test(operation.operationId ?? '')).map(({ key }) => key)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    // A route with no `security` would read as "whatever the document's default is": each one says.
    expect(all.filter(({ operation }) => !Array.isArray(operation.security)).map(({ key }) => key)).toEqual([]);

    const document = (await t.api.get<OpenApiDocument>('/api/docs/json')).body;
    expect(document.servers).toEqual([{ url: 'http://loadout.test', description: 'This server' }]);
    const byKey = new Map(listedOperations(document).map(({ key, operation }) => [key, operation.operationId]));
    expect([byKey.get('GET /api/lists'), byKey.get('POST /api/lists'), byKey.get('POST /api/lists/{id}/items')]).toEqual([
      'listLists',
      'createList',
      'addListItem',
    ]);
  });

  it('documents every 4xx a call answers without a token, with a wrong id or with an empty body, and answers 401 only where a token is needed', async () => {
    const document = (await t.api.get<OpenApiDocument>('/api/docs/json')).body;
    const undocumented: string[] = [];
    const wrongSecurity: string[] = [];
    for (const operation of operations.filter((candidate) => !candidate.unlisted)) {
      const documented = document.paths[operation.path]?.[operation.method.toLowerCase()];
      if (!documented) throw new Error(`${operation.key} is not in the document`);
      const payload = operation.body ? {} : undefined;
      const anonymous = await t.api.request({ method: operation.method, url: sample(operation), payload });
      if ((anonymous.status === 401) !== operation.secured)
        wrongSecurity.push(`${operation.key} answers ${anonymous.status} without a token`);
      const signedIn = await t.api.request({ method: operation.method, url: sample(operation), payload, token: await memberToken() });
      for (const status of [anonymous.status, signedIn.status]) {
        if (status >= 400 && status < 500 && !(String(status) in documented.responses)) undocumented.push(`${operation.key} ${status}`);
      }
    }
    expect(wrongSecurity).toEqual([]);
    expect(undocumented).toEqual([]);
  }, 60_000);
});
