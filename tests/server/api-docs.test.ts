import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loginUser, registerUser, type ApiError, type RegisteredUser, type SessionBody } from './helpers/factories';
import { operationsOf, urlOf, type Operation } from './helpers/routes';
import { createTestApp, type TestApp } from './helpers/test-app';

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

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
});
