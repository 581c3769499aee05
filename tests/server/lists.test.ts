import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';

import { registerUser, type RegisteredUser } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('lists', () => {
  let t: TestApp;
  let admin: RegisteredUser;
  let apps: App[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerUser(t.api);
    apps = await catalogueOf(t, admin.token, 4);
  });
  afterAll(async () => {
    await t.close();
  });
  const id = (n: number) => apps[n - 1]?.app_id ?? 0;

  it('needs a signed-in user', async () => {
    const res = await t.api.get<{ code: string }>('/api/lists');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('AUTHENTICATION_REQUIRED');
  });

  it('creates, fills, sizes, reorders, renames and deletes a list', async () => {
    const user = await registerUser(t.api);
    const lists = listsOf(t, user.token);
    expect((await lists.all()).body).toEqual([]);

    const created = await lists.create('  Work laptop ');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Work laptop', appCount: 0, sizeKb: 0, readOnly: false, apps: [] });
    const listId = created.body.id;

    const added = await lists.add(listId, id(2));
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ app_id: id(2), name: 'App 2', position: 0, size_kb: 2000, file_size_kb: 2000, platforms: [] });
    await lists.add(listId, id(1));
    await lists.add(listId, id(3));

    const twice = await lists.add(listId, id(1));
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ code: 'APP_ALREADY_IN_LIST', message: 'This app is already in the list.' });
    const unknown = await lists.add(listId, 999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('APP_NOT_FOUND');

    expect((await lists.items(listId)).body.items.map((item) => [item.name, item.position])).toEqual([
      ['App 2', 0],
      ['App 1', 1],
      ['App 3', 2],
    ]);
    expect((await lists.all()).body).toEqual([
      expect.objectContaining({ id: listId, name: 'Work laptop', appCount: 3, sizeKb: 6000, readOnly: false }),
    ]);

    const reordered = await lists.reorder(listId, [id(3), id(2), id(1)]);
    expect(reordered.body).toEqual({ appIds: [id(3), id(2), id(1)] });
    expect((await lists.items(listId)).body.items.map((item) => item.name)).toEqual(['App 3', 'App 2', 'App 1']);

    for (const wrong of [
      [id(3), id(2)],
      [id(3), id(2), id(1), id(4)],
      [id(3), id(3), id(1)],
      [id(3), id(2), id(4)],
    ]) {
      const res = await lists.reorder(listId, wrong);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: "The new order must contain exactly the list's apps, each once.",
      });
    }
    expect((await lists.items(listId)).body.items.map((item) => item.name)).toEqual(['App 3', 'App 2', 'App 1']);

    expect((await lists.drop(listId, id(2))).status).toBe(200);
    expect((await lists.drop(listId, id(2))).body.code).toBe('APP_NOT_FOUND');
    expect((await lists.items(listId)).body.items.map((item) => [item.name, item.position])).toEqual([
      ['App 3', 0],
      ['App 1', 1],
    ]);

    const renamed = await lists.rename(listId, 'Home');
    expect(renamed.body).toMatchObject({ id: listId, name: 'Home', appCount: 2, sizeKb: 4000 });
    expect(renamed.body.apps.map((app) => app.name)).toEqual(['App 3', 'App 1']);
    expect((await lists.rename(listId, ' ')).body.message).toBe('List name is required');

    expect((await lists.remove(listId)).body).toEqual({ success: true });
    expect((await lists.all()).body).toEqual([]);
    expect((await lists.items(listId)).status).toBe(404);
  });

  it("answers 404 to every call on another user's list and leaves it as it was", async () => {
    const alice = await registerUser(t.api);
    const bob = await registerUser(t.api);
    const a = listsOf(t, alice.token);
    const b = listsOf(t, bob.token);
    const list = (await a.create('Alice only')).body;
    await a.add(list.id, id(1));
    await a.add(list.id, id(2));

    const attempts = [
      () => b.items(list.id),
      () => b.rename(list.id, 'Mallory'),
      () => b.add(list.id, id(3)),
      () => b.drop(list.id, id(1)),
      () => b.reorder(list.id, [id(2), id(1)]),
      () => b.remove(list.id),
      () => t.api.get(`/api/lists/${list.id}/export?format=text`, bob.token),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 'LIST_NOT_FOUND', message: 'List not found' });
    }
    expect((await b.all()).body).toEqual([]);
    expect((await a.all()).body).toEqual([expect.objectContaining({ id: list.id, name: 'Alice only', appCount: 2 })]);
    expect((await a.items(list.id)).body.items.map((item) => item.app_id)).toEqual([id(1), id(2)]);
  });

  it('lists oldest first, and reports unknown ids as not found', async () => {
    const user = await registerUser(t.api);
    await setPlan(t, user.user.id, 'premium');
    const lists = listsOf(t, user.token);
    for (const name of ['First', 'Second', 'Third']) {
      await lists.create(name);
      t.clock.advanceMinutes(1);
    }
    expect((await lists.all()).body.map((list) => list.name)).toEqual(['First', 'Second', 'Third']);
    expect((await lists.items('no-such-list')).body.code).toBe('LIST_NOT_FOUND');
    expect((await lists.remove('no-such-list')).status).toBe(404);
  });
});
