import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ApiKeysResponse, CreateApiKeyResponse } from '@shared/api/api-keys';
import type { ListSummary } from '@shared/api/lists';

import { registerUser, type ApiError, type RegisteredUser } from './helpers/factories';
import { listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

const PLAN_REFUSED = { code: 'PLAN_FEATURE_REQUIRED', message: 'API access is part of Premium. Upgrade to use API keys.' };
const KEY_REFUSED = { code: 'SESSION_REQUIRED', message: 'This action needs you to sign in; API keys cannot do it.' };
const KEY_INVALID = { code: 'API_KEY_INVALID', message: 'This API key is not valid or has been revoked' };

describe('personal API keys', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString()));
    t = await createTestApp({ logStream });
  });
  afterAll(async () => {
    await t.close();
  });

  async function premiumUser(plan: 'premium' | 'annual-premium' = 'premium'): Promise<RegisteredUser> {
    const user = await registerUser(t.api);
    await setPlan(t, user.user.id, plan);
    return user;
  }
  const createKey = (token: string, name = 'CI script') => t.api.post<CreateApiKeyResponse & ApiError>('/api/api-keys', { name }, token);
  const listKeys = (token: string) => t.api.get<ApiKeysResponse & ApiError>('/api/api-keys', token);
  const revokeKey = (token: string, id: string) => t.api.delete<ApiError>(`/api/api-keys/${id}`, token);

  it('creates a key shown once, lists it without the key, and lets it read the owner’s lists', async () => {
    const owner = await premiumUser();
    await listsOf(t, owner.token).create('Work laptop');
    const created = await createKey(owner.token, 'Deploy bot');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Deploy bot',
      key: expect.stringMatching(/^lo_live_[A-Za-z0-9_-]{43}$/),
      lastFour: created.body.key.slice(-4),
      createdAt: t.clock.now().toISOString(),
      lastUsedAt: null,
    });

    const listed = await listKeys(owner.token);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      apiKeys: [
        {
          id: created.body.id,
          name: 'Deploy bot',
          lastFour: created.body.key.slice(-4),
          createdAt: created.body.createdAt,
          lastUsedAt: null,
        },
      ],
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);

    const lists = await t.api.get<ListSummary[]>('/api/lists', created.body.key);
    expect(lists.status).toBe(200);
    expect(lists.body.map((list) => list.name)).toEqual(['Work laptop']);
    // The key acts for its owner everywhere the web app's token does, writes included.
    expect((await listsOf(t, created.body.key).create('From a script')).status).toBe(201);
    expect((await t.api.get<{ user: { id: string } }>('/api/auth/verify', created.body.key)).body.user.id).toBe(owner.user.id);
  });

  it('records the last use at most once a minute', async () => {
    const owner = await premiumUser('annual-premium');
    const { key, id } = (await createKey(owner.token)).body;
    const firstUse = t.clock.now().toISOString();
    await t.api.get('/api/lists', key);
    const lastUsed = async () => (await listKeys(owner.token)).body.apiKeys.find((k) => k.id === id)?.lastUsedAt;
    expect(await lastUsed()).toBe(firstUse);
    t.clock.advanceMinutes(0.5);
    await t.api.get('/api/lists', key);
    expect(await lastUsed()).toBe(firstUse);
    t.clock.advanceMinutes(1);
    await t.api.get('/api/lists', key);
    expect(await lastUsed()).toBe(t.clock.now().toISOString());
  });

  it('stops a revoked key at once (401), and only its owner can revoke it', async () => {
    const owner = await premiumUser();
    const other = await premiumUser();
    const { key, id } = (await createKey(owner.token)).body;

    const foreign = await revokeKey(other.token, id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ code: 'API_KEY_NOT_FOUND', message: 'API key not found' });
    expect((await t.api.get('/api/lists', key)).status).toBe(200);

    expect((await revokeKey(owner.token, id)).status).toBe(200);
    const after = await t.api.get<ApiError>('/api/lists', key);
    expect(after.status).toBe(401);
    expect(after.body).toEqual(KEY_INVALID);
    expect((await listKeys(owner.token)).body.apiKeys).toEqual([]);
    expect((await revokeKey(owner.token, id)).status).toBe(404);
    // A made-up key with the right prefix is no better.
    expect((await t.api.get<ApiError>('/api/lists', `${key.slice(0, -4)}AAAA`)).body).toEqual(KEY_INVALID);
  });

  it('refuses keys to the free plan, and a key stops working when the plan lapses to free', async () => {
    const free = await registerUser(t.api);
    const refused = await createKey(free.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(PLAN_REFUSED);
    expect((await listKeys(free.token)).body).toEqual({ apiKeys: [] });

    const owner = await premiumUser();
    const { key } = (await createKey(owner.token)).body;
    await setPlan(t, owner.user.id, 'free');
    const lapsed = await t.api.get<ApiError>('/api/lists', key);
    expect(lapsed.status).toBe(403);
    expect(lapsed.body).toEqual(PLAN_REFUSED);
    // The session still works, and the key comes back with the plan.
    expect((await t.api.get('/api/lists', owner.token)).status).toBe(200);
    await setPlan(t, owner.user.id, 'premium');
    expect((await t.api.get('/api/lists', key)).status).toBe(200);
  });

  it('keeps one user’s key away from another user’s data', async () => {
    const owner = await premiumUser();
    const ownerList = (await listsOf(t, owner.token).create('Private')).body;
    const other = await premiumUser();
    const otherKey = (await createKey(other.token)).body.key;

    const theirs = await t.api.get<ListSummary[]>('/api/lists', otherKey);
    expect(theirs.body).toEqual([]);
    expect((await t.api.get(`/api/lists/${ownerList.id}`, otherKey)).status).toBe(404);
    expect((await listsOf(t, otherKey).rename(ownerList.id, 'Mine now')).status).toBe(404);
    expect((await listsOf(t, otherKey).remove(ownerList.id)).status).toBe(404);
    expect((await t.api.get<ListSummary[]>('/api/lists', owner.token)).body.map((l) => l.name)).toEqual(['Private']);
  });

  it('stores only the hash of a key, and never writes the key to the log or a mail', async () => {
    const owner = await premiumUser();
    const { key, id } = (await createKey(owner.token)).body;
    await t.api.get('/api/lists', key);
    const rows = await t.app.ctx.db.selectFrom('api_keys').selectAll().where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(key.slice('lo_live_'.length));
    const outbox = await t.app.ctx.db.selectFrom('outbox').selectAll().execute();
    expect(JSON.stringify(outbox)).not.toContain(key.slice('lo_live_'.length));
    expect(logLines.join('')).not.toContain(key.slice('lo_live_'.length));
  });

  it('refuses account-sensitive calls made with a key, and leaves the account as it was', async () => {
    const owner = await premiumUser();
    const { key } = (await createKey(owner.token)).body;
    const calls = [
      () => t.api.put<ApiError>('/api/account', { email: 'taken-over@example.com' }, key),
      () => t.api.put<ApiError>('/api/account', { currentPassword: owner.password, newPassword: 'a different long secret' }, key),
      () => t.api.post<ApiError>('/api/account/delete', { password: owner.password }, key, { 'x-account-action': 'delete' }),
      () => createKey(key),
      () => t.api.post<ApiError>('/api/auth/logout', undefined, key),
      () => t.api.post<ApiError>('/api/payment/create-payment-intent', { plan: 'annual_premium' }, key),
      () => t.api.post<ApiError>('/api/payment/verify', { paymentIntentId: 'pi_x', plan: 'annual_premium' }, key),
      () => t.api.post<ApiError>('/api/subscription/upgrade', { plan: 'annual_premium', currentPlan: 'premium' }, key),
      () => t.api.post<ApiError>('/api/subscription/downgrade', { targetPlan: 'free' }, key),
      () => t.api.post<ApiError>('/api/subscription/cancel-downgrade', undefined, key),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body).toEqual(KEY_REFUSED);
    }
    const account = await t.api.get<{ email: string }>('/api/account', owner.token);
    expect(account.body.email).toBe(owner.email);
    expect(
      (await t.api.get<{ currentPlan: { name: string; status: string } }>('/api/subscription/status', key)).body.currentPlan,
    ).toMatchObject({
      name: 'premium',
      status: 'active',
    });
    expect((await listKeys(owner.token)).body.apiKeys).toHaveLength(1);
    // Reading and revoking still work with a key.
    expect((await listKeys(key)).status).toBe(200);
  });

  it("refuses admin routes to a key, even an admin's", async () => {
    const admin = await premiumUser();
    await t.app.ctx.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.user.id).execute();
    const key = (await createKey(admin.token)).body.key;
    expect((await t.api.get('/api/admin/users', admin.token)).status).toBe(200);
    const refused = await t.api.get<ApiError>('/api/admin/users', key);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SESSION_REQUIRED');
    expect((await t.api.get('/api/lists', key)).status).toBe(200);
  });

  it('allows at most 10 live keys, also to requests at once', async () => {
    const owner = await premiumUser();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => createKey(owner.token, `Key ${i}`)));
    expect(results.filter((res) => res.status === 201)).toHaveLength(10);
    const refused = results.filter((res) => res.status !== 201);
    expect(refused.map((res) => res.status)).toEqual([403, 403]);
    expect(refused[0]?.body.code).toBe('API_KEY_LIMIT');
    const first = results.find((res) => res.status === 201)?.body.id ?? '';
    expect((await revokeKey(owner.token, first)).status).toBe(200);
    expect((await createKey(owner.token, 'Room again')).status).toBe(201);
  });

  it('checks the name', async () => {
    const owner = await premiumUser();
    const blank = await createKey(owner.token, '   ');
    expect(blank.status).toBe(400);
    expect(blank.body.details).toEqual({ name: 'Name is required' });
  });
});
