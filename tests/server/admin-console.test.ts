import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminStats, AdminUser } from '@shared/api/admin';

import { createApp, createCategory } from './helpers/catalogue';
import { registerUser, type ApiError, type RegisteredUser } from './helpers/factories';
import { listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('admin console', () => {
  let t: TestApp;
  let admin: RegisteredUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerUser(t.api, { firstName: 'Grace', lastName: 'Hopper' });
  });
  afterAll(async () => {
    await t.close();
  });

  const users = (token: string, search = '') =>
    t.api.get<{ users: AdminUser[]; total: number } & ApiError>(
      `/api/admin/users${search ? `?search=${encodeURIComponent(search)}` : ''}`,
      token,
    );
  const setAdmin = (token: string, userId: string, isAdmin: boolean) =>
    t.api.post<AdminUser & ApiError>(`/api/admin/users/${userId}/admin`, { isAdmin }, token);

  it('is for admins only', async () => {
    const user = await registerUser(t.api);
    for (const path of ['/api/admin/users', '/api/admin/feedback', '/api/admin/stats']) {
      expect((await t.api.get<ApiError>(path)).status).toBe(401);
      const res = await t.api.get<ApiError>(path, user.token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await setAdmin(user.token, user.user.id, true)).status).toBe(403);
    expect((await users(admin.token, user.email)).body.users[0]?.isAdmin).toBe(false);
  });

  it('lists users newest first with plan and list count, and searches e-mail and name', async () => {
    const ada = await registerUser(t.api, { firstName: 'Augusta', lastName: 'Byron' });
    t.clock.advanceMinutes(1);
    const alan = await registerUser(t.api, { firstName: 'Alan', lastName: 'Turing' });
    await setPlan(t, alan.user.id, 'premium');
    await listsOf(t, alan.token).create('Bletchley');

    const all = (await users(admin.token)).body;
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.users[0]).toEqual({
      id: alan.user.id,
      email: alan.email,
      firstName: 'Alan',
      lastName: 'Turing',
      isAdmin: false,
      isEmailVerified: false,
      plan: 'premium',
      listCount: 1,
      createdAt: t.clock.now().toISOString(),
    });
    expect(all.users.findIndex((u) => u.id === ada.user.id)).toBeGreaterThan(0);

    expect((await users(admin.token, 'augusta BYRON')).body.users.map((u) => u.id)).toEqual([ada.user.id]);
    expect((await users(admin.token, 'TURING')).body).toMatchObject({ total: 1, users: [{ id: alan.user.id }] });
    expect((await users(admin.token, alan.email.toUpperCase())).body.users.map((u) => u.id)).toEqual([alan.user.id]);
    expect((await users(admin.token, 'nobody-like-this')).body).toEqual({ users: [], total: 0 });
  });

  it('grants and revokes admin, effective on the next request, but never revokes the last admin', async () => {
    const last = await setAdmin(admin.token, admin.user.id, false);
    expect(last.status).toBe(409);
    expect(last.body).toEqual({ code: 'LAST_ADMIN', message: 'At least one admin must remain.' });

    const helper = await registerUser(t.api);
    expect((await t.api.get('/api/admin/stats', helper.token)).status).toBe(403);
    const granted = await setAdmin(admin.token, helper.user.id, true);
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ id: helper.user.id, isAdmin: true });
    expect((await t.api.get('/api/admin/stats', helper.token)).status).toBe(200);
    expect((await t.api.get<{ user: { isAdmin: boolean } }>('/api/auth/verify', helper.token)).status).toBe(200);

    // Two admins now: the first may step down, and then the helper is the last one.
    expect((await setAdmin(helper.token, admin.user.id, false)).body.isAdmin).toBe(false);
    expect((await t.api.get('/api/admin/stats', admin.token)).status).toBe(403);
    expect((await setAdmin(helper.token, helper.user.id, false)).body.code).toBe('LAST_ADMIN');
    expect((await setAdmin(helper.token, admin.user.id, true)).body.isAdmin).toBe(true);

    const unknown = await setAdmin(admin.token, 'no-such-user', true);
    expect(unknown.status).toBe(404);
  });

  it('never loses the last admin to several revokes at once', async () => {
    const second = await registerUser(t.api);
    await setAdmin(admin.token, second.user.id, true);
    const admins = (await users(admin.token)).body.users.filter((u) => u.isAdmin);
    expect(admins.length).toBeGreaterThanOrEqual(2);
    // Straight to the service: through HTTP, a revoked caller would be refused before the race.
    const results = await Promise.allSettled(admins.map((u) => t.app.services.admin.setAdmin(u.id, false)));
    expect(results.filter((result) => result.status === 'rejected').map((result) => (result.reason as ApiError).code)).toEqual([
      'LAST_ADMIN',
    ]);
    const remaining = (await t.app.services.admin.users(undefined)).users.filter((u) => u.isAdmin);
    expect(remaining).toHaveLength(1);
    // Hand the console back to the first admin for the tests that follow.
    await t.app.services.admin.setAdmin(admin.user.id, true);
  });

  it('counts users, admins, the catalogue per platform, lists and feedback', async () => {
    const before = (await t.api.get<AdminStats>('/api/admin/stats', admin.token)).body;
    const category = await createCategory(t.api, admin.token, 'Stats');
    await createApp(t.api, admin.token, {
      name: 'Everywhere',
      category: category.category_id,
      winget_id: 'A.B',
      homebrew_formula: 'ab',
      snap_name: 'ab',
    });
    await createApp(t.api, admin.token, { name: 'Mac only', category: category.category_id, homebrew_cask: 'mac-only' });
    const user = await registerUser(t.api);
    await listsOf(t, user.token).create('One');
    await t.api.post(
      '/api/feedback',
      { type: 'other', message: 'Hi', email: null, userAgent: 'x', url: 'http://loadout.test/', timestamp: '2026-03-01T09:00:00Z' },
      user.token,
    );

    const after = (await t.api.get<AdminStats>('/api/admin/stats', admin.token)).body;
    expect(after).toEqual({
      users: before.users + 1,
      admins: before.admins,
      categories: before.categories + 1,
      apps: before.apps + 2,
      lists: before.lists + 1,
      feedback: before.feedback + 1,
      appsPerPlatform: {
        windows: before.appsPerPlatform.windows + 1,
        macos: before.appsPerPlatform.macos + 2,
        linux: before.appsPerPlatform.linux + 1,
      },
    });
  });
});
