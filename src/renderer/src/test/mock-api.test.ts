// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';

import { ErrorCode } from '@shared/api/error-codes';

import { apiClient } from '../lib/api-client';
import { clearSession, saveSession } from '../lib/session';
import { makeList } from './factories';
import { mockApi, takeContractViolations, type MockRoutes } from './mock-api';

const user = { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', isEmailVerified: true, isAdmin: false };

afterEach(() => clearSession());

describe('mockApi answers only with what the server sends', () => {
  it('answers through the real client: its interceptors add the session token and the device id', async () => {
    saveSession({ token: 'access-1', refreshToken: 'refresh-1', user });
    const api = mockApi({ 'GET /api/lists': { status: 200, data: [makeList()] } });
    const response = await apiClient.get('/api/lists', { params: { page: 2 } });
    expect(response.data).toEqual([makeList()]);
    expect(api.callsTo('GET', '/api/lists')).toEqual([
      expect.objectContaining({
        authorization: 'Bearer access-1',
        query: { page: '2' },
        headers: expect.objectContaining({ 'x-device-id': expect.stringMatching(/^(dev|tmp)_/) }),
      }),
    ]);
  });

  it('refuses a success reply that does not match the route schema, naming the route and the field', () => {
    // @ts-expect-error: appCount is a number in the schema, so this does not compile either.
    expect(() => mockApi({ 'GET /api/lists': { status: 200, data: [{ ...makeList(), appCount: 'three' }] } })).toThrow(
      /"GET \/api\/lists".*response schema[\s\S]*appCount/,
    );
  });

  it('refuses a success status the route never uses', () => {
    // @ts-expect-error: POST /api/lists answers 201.
    expect(() => mockApi({ 'POST /api/lists': { status: 200, data: { ...makeList(), apps: [] } } })).toThrow(
      /status 200, the route answers 201/,
    );
  });

  it('refuses an error that is not the envelope with a shared code', () => {
    const noCode = { 'GET /api/lists': { status: 500, data: { message: 'boom' } } } as unknown as MockRoutes;
    const unknownCode = { 'GET /api/lists': { status: 500, data: { code: 'BOOM', message: 'boom' } } } as unknown as MockRoutes;
    const extraKey = {
      'GET /api/lists': { status: 401, data: { code: ErrorCode.TOKEN_REVOKED, message: 'x', logout: true } },
    } as unknown as MockRoutes;
    expect(() => mockApi(noCode)).toThrow(/envelope[\s\S]*code/);
    expect(() => mockApi(unknownCode)).toThrow(/"BOOM" is no ErrorCode/);
    expect(() => mockApi(extraKey)).toThrow(/logout/);
  });

  it('refuses a route that is no call of the contract', () => {
    // @ts-expect-error: a key outside the contract does not compile.
    expect(() => mockApi({ 'GET /api/nothing-here': { status: 200, data: {} } })).toThrow(/"GET \/api\/nothing-here" is no call/);
  });

  it('records a wrong reply computed at request time and answers 500', async () => {
    const wrong = { 'GET /api/lists': () => ({ status: 200, data: 'lists' }) } as unknown as MockRoutes;
    mockApi(wrong);
    await expect(apiClient.get('/api/lists')).rejects.toMatchObject({ response: { status: 500 } });
    expect(takeContractViolations()).toEqual([expect.stringMatching(/"GET \/api\/lists"[\s\S]*expected array/)]);
  });

  it('strips keys the schema does not know, as the route serializer does', async () => {
    const extra = { 'GET /api/lists': { status: 200, data: [{ ...makeList(), secret: 'x' }] } } as unknown as MockRoutes;
    mockApi(extra);
    const response = await apiClient.get<unknown[]>('/api/lists');
    expect(response.data).toEqual([makeList()]);
  });

  it('answers 404 NOT_FOUND for an API path no test answers', async () => {
    const api = mockApi({});
    await expect(apiClient.get('/api/lists')).rejects.toMatchObject({
      response: { status: 404, data: { code: ErrorCode.NOT_FOUND, message: 'Not found' } },
    });
    expect(api.callsTo('GET', '/api/lists')).toHaveLength(1);
  });
});
