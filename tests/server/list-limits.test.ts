import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '@shared/api/catalogue';

import { registerUser, type RegisteredUser } from './helpers/factories';
import { catalogueOf, listsOf, setPlan } from './helpers/lists';
import { createTestApp, type TestApp } from './helpers/test-app';

const LIST_LIMIT = { code: 'LIST_LIMIT_REACHED', message: 'Your Free plan includes 1 app list. Upgrade to Premium for unlimited lists.' };
const APP_LIMIT = {
  code: 'LIST_APP_LIMIT_REACHED',
  message: 'Your Free plan allows up to 5 apps per list. Upgrade to Premium for up to 25.',
};
const READ_ONLY = {
  code: 'LIST_READ_ONLY',
  message: "This list is over your plan's limits and is read-only. Remove apps or upgrade to edit it.",
};

describe('list plan limits', () => {
  let t: TestApp;
  let admin: RegisteredUser;
  let apps: App[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerUser(t.api);
    apps = await catalogueOf(t, admin.token, 26);
  });
  afterAll(async () => {
    await t.close();
  });
  const id = (n: number) => apps[n - 1]?.app_id ?? 0;

  it('gives the free plan one list of five apps, and says how to get more', async () => {
    const user = await registerUser(t.api);
    const lists = listsOf(t, user.token);
    const list = (await lists.create('Only one')).body;
    const second = await lists.create('One too many');
    expect(second.status).toBe(403);
    expect(second.body).toEqual(LIST_LIMIT);

    for (let n = 1; n <= 5; n += 1) expect((await lists.add(list.id, id(n))).status).toBe(201);
    const sixth = await lists.add(list.id, id(6));
    expect(sixth.status).toBe(403);
    expect(sixth.body).toEqual(APP_LIMIT);
    expect((await lists.all()).body).toEqual([expect.objectContaining({ name: 'Only one', appCount: 5, readOnly: false })]);
  });

  it('never lets two requests at once pass the list limit', async () => {
    const user = await registerUser(t.api);
    const lists = listsOf(t, user.token);
    const results = await Promise.all([lists.create('A'), lists.create('B'), lists.create('C')]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 403, 403]);
    expect((await lists.all()).body).toHaveLength(1);
  });

  it('gives premium unlimited lists of 25 apps', async () => {
    const user = await registerUser(t.api);
    await setPlan(t, user.user.id, 'premium');
    const lists = listsOf(t, user.token);
    for (const name of ['One', 'Two', 'Three']) expect((await lists.create(name)).status).toBe(201);
    const list = (await lists.all()).body[0]?.id ?? '';
    for (let n = 1; n <= 25; n += 1) expect((await lists.add(list, id(n))).status).toBe(201);
    const over = await lists.add(list, id(26));
    expect(over.status).toBe(403);
    expect(over.body).toEqual({ code: 'LIST_APP_LIMIT_REACHED', message: 'Your Premium plan allows up to 25 apps per list.' });
  });

  it('keeps everything after a downgrade, read-only where it is over the plan, until the user trims it', async () => {
    const user = await registerUser(t.api);
    const lists = listsOf(t, user.token);
    await setPlan(t, user.user.id, 'premium');
    const big = (await lists.create('Big')).body.id;
    t.clock.advanceMinutes(1);
    const small = (await lists.create('Small')).body.id;
    t.clock.advanceMinutes(1);
    const empty = (await lists.create('Empty')).body.id;
    for (let n = 1; n <= 7; n += 1) await lists.add(big, id(n));
    await lists.add(small, id(1));

    await setPlan(t, user.user.id, 'free');
    const after = (await lists.all()).body;
    expect(after.map((list) => [list.name, list.appCount, list.readOnly])).toEqual([
      ['Big', 7, true], // more apps than the free plan allows
      ['Small', 1, true], // beyond the free plan's one list
      ['Empty', 0, true],
    ]);
    expect((await lists.items(big)).body.items).toHaveLength(7);
    expect((await t.api.get(`/api/lists/${small}/export?format=text`, user.token)).body).toBe('App 1\n');

    for (const attempt of [
      () => lists.add(big, id(8)),
      () => lists.rename(big, 'Renamed'),
      () => lists.reorder(big, [7, 6, 5, 4, 3, 2, 1].map(id)),
    ]) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(res.body).toEqual(READ_ONLY);
    }
    expect((await lists.rename(small, 'Renamed')).body).toEqual(READ_ONLY);
    expect((await lists.create('New')).body).toEqual(LIST_LIMIT);
    expect((await lists.items(big)).body.items.map((item) => item.app_id)).toEqual([1, 2, 3, 4, 5, 6, 7].map(id));

    // Trimming is always allowed: remove two apps and delete the newer lists.
    expect((await lists.drop(big, id(7))).status).toBe(200);
    expect((await lists.drop(big, id(6))).status).toBe(200);
    expect((await lists.remove(empty)).status).toBe(200);
    expect((await lists.all()).body.map((list) => [list.name, list.readOnly])).toEqual([
      ['Big', false],
      ['Small', true],
    ]);
    expect((await lists.rename(big, 'Trimmed')).status).toBe(200);
    expect((await lists.add(big, id(9))).body).toEqual(APP_LIMIT);
    expect((await lists.remove(small)).status).toBe(200);
    expect((await lists.create('Another')).body).toEqual(LIST_LIMIT);

    await setPlan(t, user.user.id, 'premium');
    expect((await lists.add(big, id(9))).status).toBe(201);
  });
});
