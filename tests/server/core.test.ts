import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from './helpers/test-app';

describe('server core', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health with the database it runs on', async () => {
    const res = await t.api.get<{ status: string; database: string }>('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.database).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite');
  });

  it('answers unknown API paths with a JSON 404 envelope', async () => {
    const res = await t.api.get<{ code: string; message: string }>('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'No such endpoint: GET /api/does-not-exist' });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.api.get<{ openapi: string; paths: Record<string, unknown> }>('/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.paths).toHaveProperty('/api/health');
    expect(res.body.paths).toHaveProperty('/api/subscription/status');
  });

  it('sends the API its compact security headers: a CSP that forbids everything, since no page renders JSON', async () => {
    for (const path of ['/api/health', '/catalogue/apps']) {
      const res = await t.api.get(path);
      expect(res.headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['strict-transport-security'], path).toContain('max-age=');
      expect(res.headers['cross-origin-opener-policy'], path).toBeUndefined();
    }
  });

  it('sends pages a person opens (the API reference) the CSP the web app passes', async () => {
    const res = await t.api.get('/api/docs/');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('refuses protected calls without a token, with a code', async () => {
    const res = await t.api.get<{ code: string }>('/api/subscription/status');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AUTHENTICATION_REQUIRED');
  });

  it('refuses a forged token', async () => {
    const res = await t.api.get<{ code: string }>('/api/subscription/status', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_INVALID');
  });
});
