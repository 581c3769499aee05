import { readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import createClient from 'openapi-fetch';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { paths } from './generated/loadout-api';
import { signUpPayload } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

const TYPES_FILE = fileURLToPath(new URL('./generated/loadout-api.d.ts', import.meta.url));

/**
 * What a customer does with the published document: generate a typed client with standard tools
 * (openapi-typescript for the types, openapi-fetch for the calls) and use it against the server.
 * The types are committed so that this file type-checks against them; the first test says when
 * the document changed and they are stale (`UPDATE_API_TYPES=1` writes them again).
 */
describe('A client generated from the API document', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('has the types openapi-typescript makes of the served document', async () => {
    const document = (await t.api.get<OpenAPI3>('/api/docs/json')).body;
    const generated = astToString(await openapiTS(document, { alphabetize: true }));
    if (process.env.UPDATE_API_TYPES === '1') await writeFile(TYPES_FILE, generated);
    expect(generated, 'the API document changed: run UPDATE_API_TYPES=1 npx vitest run tests/server/generated-client.test.ts').toBe(
      await readFile(TYPES_FILE, 'utf8'),
    );
  }, 30_000);

  it('signs up, signs in, makes a list, adds an app to it and reads it back', async () => {
    const api = createClient<paths>({ baseUrl });
    const payload = signUpPayload() as paths['/api/auth/register']['post']['requestBody']['content']['application/json'];

    const signUp = await api.POST('/api/auth/register', { body: payload });
    expect(signUp.response.status).toBe(202);
    const signIn = await api.POST('/api/auth/login', { body: { email: payload.email, password: payload.password } });
    expect(signIn.error).toBeUndefined();
    const token = signIn.data?.token ?? '';
    expect(signIn.data?.user.email).toBe(payload.email.toLowerCase());

    const authed = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
    const list = await authed.POST('/api/lists', { body: { name: 'Work laptop' } });
    expect(list.response.status).toBe(201);
    const app = await authed.POST('/api/own-apps', { body: { name: 'Our VPN', apt_package: 'our-vpn' } });
    expect(app.response.status).toBe(201);
    const listId = list.data?.id ?? '';
    const added = await authed.POST('/api/lists/{id}/items', {
      params: { path: { id: listId } },
      body: { appId: app.data?.app_id ?? 0 },
    });
    expect(added.response.status).toBe(201);

    const lists = await authed.GET('/api/lists');
    expect(lists.data?.map((each) => each.name)).toEqual(['Work laptop']);
    const items = await authed.GET('/api/lists/{id}/items', { params: { path: { id: listId } } });
    expect(items.data?.items.map((item) => item.name)).toEqual(['Our VPN']);
  });

  it('reads the error envelope the document describes', async () => {
    const anonymous = createClient<paths>({ baseUrl });
    const refused = await anonymous.GET('/api/lists');
    expect(refused.response.status).toBe(401);
    expect(refused.error?.code).toBe('AUTHENTICATION_REQUIRED');

    const invalid = await anonymous.POST('/api/auth/login', { body: { email: 'not an address', password: '' } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.code).toBe('VALIDATION_ERROR');
    expect(invalid.error?.message).toEqual(expect.any(String));
  });
});
